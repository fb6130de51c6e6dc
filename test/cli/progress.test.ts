import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDuration } from '../../src/cli/io.js';
import { createProgress } from '../../src/cli/progress.js';
import { DictclipError } from '../../src/errors.js';

function sink() {
  const chunks: string[] = [];
  return { stream: { write: (s: string) => chunks.push(s) }, text: () => chunks.join(''), chunks };
}

const failure = { source: 'a/c.mp3', stage: 'upload' as const, code: 'E_HTTP_STATUS', message: 'status 500' };

describe('progress', () => {
  it('prints plain lines per recording and warnings when piped', () => {
    const out = sink();
    const { events, finish } = createProgress({ stream: out.stream, isTTY: false, quiet: false });
    events.onStart?.({ total: 3, resumed: 0, skipped: [{ relPath: 'notes.txt', reason: 'not audio' }] });
    events.onRecordingDone?.({ source: 'a/b.wav', clips: 23, resumed: false });
    events.onWarning?.({ source: 'a/b.wav', message: 'ambiguous unit' });
    events.onRecordingFailed?.(failure);
    events.onRecordingDone?.({ source: 'd.wav', clips: 2, resumed: true });
    finish();
    expect(out.text()).toBe(
      'skipped notes.txt (not audio)\n' +
        'done    a/b.wav (23 clips)\n' +
        'warning a/b.wav: ambiguous unit\n' +
        'FAILED  a/c.mp3 [upload] E_HTTP_STATUS: status 500\n' +
        'kept    d.wav (2 clips)\n',
    );
  });

  it('redraws one live line on a terminal, throttled, with an ETA', () => {
    const out = sink();
    let t = 0;
    const { events, finish } = createProgress({ stream: out.stream, isTTY: true, quiet: false, now: () => t });
    events.onStart?.({ total: 4, resumed: 0, skipped: [] });
    t = 10_000;
    events.onRecordingDone?.({ source: 'a.wav', clips: 10, resumed: false });
    t = 10_050; // within 100 ms of the last redraw: not drawn
    events.onRecordingDone?.({ source: 'b.wav', clips: 5, resumed: false });
    t = 20_000;
    events.onRecordingFailed?.(failure);
    finish();
    expect(out.chunks).toEqual([
      '\r\x1b[2K[0/4] clips 0 · failed 0',
      '\r\x1b[2K[1/4] clips 10 · failed 0 · ETA 30s',
      '\r\x1b[2K',
      'FAILED  a/c.mp3 [upload] E_HTTP_STATUS: status 500\n',
      '\r\x1b[2K[3/4] clips 15 · failed 1 · ETA 7s',
      '\r\x1b[2K',
    ]);
  });

  it('shows each retry the run\'s client makes: a line when piped, a count on the live line of a terminal', () => {
    const busy = new DictclipError('E_BUSY', 'GET http://svc/x/done answered HTTP 503 E_BUSY (expected 200)', { status: 503, attempts: 1 });
    const reset = new DictclipError('E_NETWORK', 'POST http://svc/audio failed: ECONNRESET', { attempts: 2 });
    const piped = sink();
    const plain = createProgress({ stream: piped.stream, isTTY: false, quiet: false });
    plain.events.onRetry?.({ attempt: 1, error: busy, delayMs: 500, request: { method: 'GET', url: 'http://svc/x/done' } });
    plain.events.onRetry?.({ attempt: 2, error: reset, delayMs: 1500, request: { method: 'POST', url: 'http://svc/audio' } });
    plain.finish();
    expect(piped.text()).toBe(
      'retry   GET http://svc/x/done: attempt 1 failed (HTTP 503 E_BUSY); again in 500ms\n' +
        'retry   POST http://svc/audio: attempt 2 failed (E_NETWORK); again in 2s\n',
    );
    const tty = sink();
    let t = 0;
    const live = createProgress({ stream: tty.stream, isTTY: true, quiet: false, now: () => t });
    live.events.onStart?.({ total: 2, resumed: 0, skipped: [] });
    t = 1_000;
    live.events.onRetry?.({ attempt: 1, error: busy, delayMs: 500, request: { method: 'GET', url: 'http://svc/x/done' } });
    t = 2_000;
    live.events.onRetry?.({ attempt: 2, error: busy, delayMs: 500, request: { method: 'GET', url: 'http://svc/x/done' } });
    live.finish();
    expect(tty.chunks).toEqual(['\r\x1b[2K[0/2] clips 0 · failed 0', '\r\x1b[2K[0/2] clips 0 · failed 0 · 1 retry', '\r\x1b[2K[0/2] clips 0 · failed 0 · 2 retries', '\r\x1b[2K']);
  });

  it('prints nothing when quiet', () => {
    const out = sink();
    const { events, finish } = createProgress({ stream: out.stream, isTTY: true, quiet: true });
    events.onStart?.({ total: 1, resumed: 0, skipped: [] });
    events.onWarning?.({ message: 'x' });
    events.onRecordingFailed?.(failure);
    finish();
    expect(out.text()).toBe('');
  });

  it('formats durations', () => {
    expect([formatDuration(850), formatDuration(45_000), formatDuration(130_000), formatDuration(3_720_000)]).toEqual(['850ms', '45s', '2m10s', '1h02m']);
  });
});

describe('progress of long recordings', () => {
  it('piped: one line per stage change, with chunks, audio and elapsed time', () => {
    const out = sink();
    let t = 0;
    const { events } = createProgress({ stream: out.stream, isTTY: false, quiet: false, now: () => t });
    events.onStart?.({ total: 1, resumed: 0, skipped: [] });
    events.onStageChange?.({ source: 'long.wav', stage: 'transcode' });
    t = 4_000;
    events.onStageChange?.({ source: 'long.wav', stage: 'split', audioMs: 600_000 });
    events.onStageChange?.({ source: 'long.wav', stage: 'split', audioMs: 600_000, chunks: { done: 0, total: 3 } });
    t = 5_000;
    events.onStageChange?.({ source: 'long.wav', stage: 'upload', audioMs: 600_000, chunks: { done: 0, total: 3 } });
    t = 65_000;
    events.onStageChange?.({ source: 'long.wav', stage: 'dictate', audioMs: 600_000, chunks: { done: 2, total: 3 } });
    expect(out.text()).toBe(
      'stage   long.wav: transcoding (0ms elapsed)\n' +
        'stage   long.wav: splitting for the upload cap (10m00s audio, 4s elapsed)\n' +
        'stage   long.wav: splitting for the upload cap (10m00s audio, 4s elapsed)\n' +
        'stage   long.wav: uploading, 0/3 chunks dictated (10m00s audio, 5s elapsed)\n' +
        'stage   long.wav: waiting for the service, 2/3 chunks dictated (10m00s audio, 1m05s elapsed)\n',
    );
  });

  it('on a terminal: the live line names the stage of the recording that changed last', () => {
    const out = sink();
    let t = 0;
    const { events } = createProgress({ stream: out.stream, isTTY: true, quiet: false, now: () => t });
    events.onStart?.({ total: 2, resumed: 0, skipped: [] });
    t = 1_000;
    events.onStageChange?.({ source: 'a.wav', stage: 'dictate', audioMs: 120_000 });
    t = 2_000;
    events.onStageChange?.({ source: 'b.wav', stage: 'transcode' });
    t = 3_000;
    events.onStageChange?.({ source: 'a.wav', stage: 'cut', audioMs: 120_000 });
    expect(out.chunks.at(-1)).toBe('\r\x1b[2K[0/2] clips 0 · failed 0 · a.wav: cutting (2m00s audio, 2s elapsed) (+1 more)');
  });
});

describe('progress over time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const dictating = { source: 'long.wav', stage: 'dictate' as const, audioMs: 660_000, chunks: { done: 0, total: 2 } };

  it('ticks the elapsed time on the terminal line every second while a recording is in progress', () => {
    vi.useFakeTimers();
    const out = sink();
    const { events, finish } = createProgress({ stream: out.stream, isTTY: true, quiet: false, now: () => Date.now() });
    events.onStart?.({ total: 1, resumed: 0, skipped: [] });
    events.onStageChange?.(dictating);
    out.chunks.length = 0;
    vi.advanceTimersByTime(3_000);
    expect(out.chunks).toEqual([1, 2, 3].map((s) =>
      `\r\x1b[2K[0/1] clips 0 · failed 0 · long.wav: waiting for the service, 0/2 chunks dictated (11m00s audio, ${s}s elapsed)`));
    events.onRecordingDone?.({ source: 'long.wav', clips: 3, resumed: false });
    out.chunks.length = 0;
    vi.advanceTimersByTime(5_000);
    expect(out.chunks).toEqual([]); // nothing in progress: no redraw
    finish();
  });

  it('prints a heartbeat every 30 s when piped, naming what is in flight, and stops with the run', () => {
    vi.useFakeTimers();
    const out = sink();
    const { events, finish } = createProgress({ stream: out.stream, isTTY: false, quiet: false, now: () => Date.now() });
    events.onStart?.({ total: 2, resumed: 0, skipped: [] });
    events.onStageChange?.(dictating);
    out.chunks.length = 0;
    vi.advanceTimersByTime(29_999);
    expect(out.text()).toBe('');
    vi.advanceTimersByTime(1);
    expect(out.text()).toBe(
      'working [0/2] clips 0 · failed 0 · 30s elapsed · in flight: long.wav: waiting for the service, 0/2 chunks dictated (11m00s audio, 30s elapsed)\n');
    vi.advanceTimersByTime(30_000);
    expect(out.text().split('\n')[1]).toBe(
      'working [0/2] clips 0 · failed 0 · 1m00s elapsed · in flight: long.wav: waiting for the service, 0/2 chunks dictated (11m00s audio, 1m00s elapsed)');
    finish();
    out.chunks.length = 0;
    vi.advanceTimersByTime(120_000);
    expect(out.text()).toBe('');
  });

  it('prints no heartbeat when quiet', () => {
    vi.useFakeTimers();
    const out = sink();
    const { events, finish } = createProgress({ stream: out.stream, isTTY: false, quiet: true, now: () => Date.now() });
    events.onStageChange?.(dictating);
    vi.advanceTimersByTime(120_000);
    expect(out.text()).toBe('');
    finish();
  });
});

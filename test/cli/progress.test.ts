import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../src/cli/io.js';
import { createProgress } from '../../src/cli/progress.js';

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

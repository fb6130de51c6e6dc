import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { WaveFile } from 'wavefile';
import { WebSocket } from 'ws';
import { DictclipError } from '../../../src/errors.js';
import { composeTranscript, toWordMarkersJson } from '../../../src/service/transcript/index.js';
import type { TranscriptResult } from '../../../src/service/types.js';
import { attachWebSocket } from '../../../src/service/websocket/endpoint.js';
import type { WebSocketDeps } from '../../../src/service/websocket/deps.js';

type Dictate = WebSocketDeps['dictate'];
type DictateInput = Parameters<Dictate>[0];
interface Message { method: string; data: Record<string, unknown> }

const RESULT: TranscriptResult = composeTranscript(
  {
    words: ['hi', 'period', 'how', 'are', 'you'].map((word, k) => ({
      word,
      startMs: k * 500 + 100,
      endMs: k * 500 + 400,
      confidence: 0.9,
    })),
    endMs: 2600,
  },
  { name: 'medical', substitutions: [{ kind: 'regex', pattern: ' period', to: '.' }] },
);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startService(
  options: { idleTimeoutMs?: number; dictate?: (input: DictateInput, bytes: Buffer) => Promise<TranscriptResult> } = {},
) {
  const dataDir = await mkdtemp(join(tmpdir(), 'dictclip-ws-'));
  const calls: { input: DictateInput; bytes: Buffer }[] = [];
  const deps: WebSocketDeps = {
    dataDir,
    authenticate: async (creds) => {
      const { username } = creds;
      if (username === 'u' && (creds.scheme === 'basic' ? creds.password === 'p' : creds.apiKey === 'k'))
        return { ok: true, user: 'u', tenant: 't' };
      if (username === 'fresh') return { ok: false, status: 403, reason: 'password must be changed' };
      return { ok: false, status: 401, reason: 'bad credentials' };
    },
    dictate: async (input) => {
      const bytes = await readFile(input.audioPath);
      calls.push({ input, bytes });
      const result = options.dictate === undefined ? RESULT : await options.dictate(input, bytes);
      return { ...result, dictationId: 'd-1' };
    },
  };
  const server = createServer((_req, res) => res.writeHead(418).end());
  const ws = attachWebSocket(server, deps, options.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: options.idleTimeoutMs });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let closed = false;
  const closeWs = async (): Promise<void> => {
    if (!closed) await ws.close();
    closed = true;
  };
  cleanups.push(async () => {
    await closeWs();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dataDir, { recursive: true, force: true });
  });
  const { port } = server.address() as AddressInfo;
  return { url: `ws://127.0.0.1:${port}/SCDictation/websocket`, calls, dataDir, closeWs };
}

/** Open a socket, collect every message and the close code. `onMessage` may reply. */
function converse(url: string, opening: (string | Buffer)[], onMessage?: (m: Message, ws: WebSocket) => void) {
  const ws = new WebSocket(url);
  const messages: Message[] = [];
  const done = new Promise<{ messages: Message[]; code: number }>((resolve, reject) => {
    ws.on('open', () => opening.forEach((item) => ws.send(item)));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message;
      messages.push(message);
      onMessage?.(message, ws);
    });
    ws.on('error', reject);
    ws.on('close', (code) => resolve({ messages, code }));
  });
  return { ws, done };
}

const start = (params: Record<string, unknown>): string => JSON.stringify({ method: 'STARTDICTATION', params });
const AUDIODONE = JSON.stringify({ method: 'AUDIODONE' });

/** `samples` of a deterministic waveform as s16le bytes. */
function pcm(samples: number, seed: number): Buffer {
  const buffer = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) buffer.writeInt16LE(Math.round(8000 * Math.sin((i + seed) / 7)), i * 2);
  return buffer;
}

describe('attachWebSocket', () => {
  it('streams PCM into a WAV, then sends hypothesis, stable chunks with markers and TEXTDONE', async () => {
    const service = await startService();
    const chunks = [pcm(4800, 0), pcm(4800, 1), pcm(4800, 2), pcm(1000, 3)];
    const { done } = converse(
      `${service.url}?session=1`,
      [start({ username: 'u', password: 'p', audioFormat: 'pcm-16khz', profile: 'medical' })],
      (m, ws) => {
        if (m.method !== 'STARTDICTATION') return;
        for (const chunk of chunks) ws.send(chunk);
        ws.send(JSON.stringify({ method: 'BOUNDARYREQUEST' }));
        ws.send(AUDIODONE);
      },
    );
    const { messages, code } = await done;
    expect(code).toBe(1000);
    expect(messages.map((m) => m.method)).toEqual(['STARTDICTATION', 'HYPOTHESISTEXT', 'STABLETEXT', 'STABLETEXT', 'TEXTDONE']);
    expect(messages[0]?.data).toEqual({ success: true });
    expect(messages[1]?.data).toEqual({ kind: 'HYPOTHESISTEXT', text: 'Hi period how are you.', substitutedText: 'Hi. how are you.' });
    expect(messages[2]?.data).toEqual({
      kind: 'STABLETEXT',
      text: 'Hi. ',
      substitutedText: 'Hi. ',
      markers: [
        { audioStart: 0.1, audioLength: 0.3, textStart: 0, textLength: 2, text: 'Hi', confidence: 0.9 },
        { audioStart: 0.6, audioLength: 0.3, textStart: 2, textLength: 1, text: '.', confidence: 0.9 },
      ],
    });
    expect(messages[3]?.data['text']).toBe('how are you.');
    const final = messages[4]?.data;
    expect(final).toMatchObject({
      kind: 'TEXTDONE',
      textDone: true,
      dictationId: 'd-1',
      text: 'Hi period how are you.',
      substitutedText: 'Hi. how are you.',
    });
    const stable = [...(messages[2]?.data['markers'] as unknown[]), ...(messages[3]?.data['markers'] as unknown[])];
    expect(final?.['markers']).toEqual(stable);
    expect(final?.['markers']).toEqual(toWordMarkersJson(RESULT.markers));
    expect((final?.['markers'] as unknown[]).at(-1)).toEqual({ audioStart: 2.4, audioLength: 0, textStart: 15, textLength: 1, text: '.' });

    expect(service.calls).toHaveLength(1);
    const call = service.calls[0];
    expect(call?.input).toMatchObject({ user: 'u', tenant: 't', audioFormat: 'pcm-16khz', profile: 'medical' });
    expect(extname(call?.input.audioPath ?? '')).toBe('.wav');
    const wav = new WaveFile(call?.bytes ?? Buffer.alloc(0));
    expect(wav.fmt).toMatchObject({ audioFormat: 1, numChannels: 1, sampleRate: 16000, bitsPerSample: 16 });
    expect(wav.getSamples(false, Int16Array)).toHaveLength(15400);
    expect(call?.bytes.length).toBe(44 + 15400 * 2);
    expect((wav.data as { chunkSize: number }).chunkSize).toBe(15400 * 2);
    expect(call?.bytes.readUInt32LE(4)).toBe(36 + 15400 * 2);
    expect(call?.bytes.subarray(44)).toEqual(Buffer.concat(chunks));
    expect(call?.bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    await service.closeWs();
    expect(await readdir(join(service.dataDir, 'ws'))).toEqual([]);
  });

  it('accepts pipelined audio after STARTDICTATION and keeps Ogg bytes as they are', async () => {
    const service = await startService();
    const ogg = Buffer.from('OggS\u0000 not really vorbis, but bytes are bytes');
    const { done } = converse(service.url, [start({ username: 'u', apiKey: 'k', audioFormat: 'ogg' }), ogg, ogg, AUDIODONE]);
    const { messages, code } = await done;
    expect(code).toBe(1000);
    expect(messages.at(-1)?.method).toBe('TEXTDONE');
    expect(service.calls[0]?.input).toMatchObject({ audioFormat: 'ogg', profile: undefined });
    expect(extname(service.calls[0]?.input.audioPath ?? '')).toBe('.ogg');
    expect(service.calls[0]?.bytes).toEqual(Buffer.concat([ogg, ogg]));
  });

  it('refuses bad credentials (401) and an unchanged password (403) with close 1008', async () => {
    const service = await startService();
    const bad = await converse(service.url, [start({ username: 'u', password: 'nope' }), pcm(10, 0)]).done;
    expect(bad).toEqual({
      code: 1008,
      messages: [{ method: 'STARTDICTATION', data: { success: false, status: 401, reason: 'bad credentials' } }],
    });
    const fresh = await converse(service.url, [start({ username: 'fresh', password: 'x' })]).done;
    expect(fresh.messages[0]?.data).toEqual({ success: false, status: 403, reason: 'password must be changed' });
    expect(service.calls).toHaveLength(0);
  });

  it('times out a socket that sends no audio', async () => {
    // A fake clock: the idle time passes only once STARTDICTATION was answered (on a loaded machine
    // 50 real ms could pass before the answer, timing out the session before it started).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => { vi.useRealTimers(); });
    const service = await startService({ idleTimeoutMs: 50 });
    const { messages, code } = await converse(service.url, [start({ username: 'u', password: 'p' })], (m) => {
      if (m.method === 'STARTDICTATION') vi.advanceTimersByTime(50);
    }).done;
    expect(code).toBe(1008);
    expect(messages.map((m) => m.method)).toEqual(['STARTDICTATION', 'ERROR']);
    expect(messages[1]?.data['reason']).toBe('timeout');
    expect(service.calls).toHaveLength(0);
  });

  it.each([
    ['invalid JSON', ['{not json']],
    ['audio before STARTDICTATION', [pcm(100, 0)]],
    ['an unknown method', [JSON.stringify({ method: 'HELLO' })]],
    ['AUDIODONE before STARTDICTATION', [AUDIODONE]],
  ])('answers %s with ERROR and close 1008', async (_name, opening) => {
    const service = await startService();
    const { messages, code } = await converse(service.url, opening).done;
    expect(code).toBe(1008);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ method: 'ERROR', data: { reason: 'protocol' } });
  });

  it('reports a failed dictation with its message and close 1011', async () => {
    const service = await startService({
      dictate: () => Promise.reject(new DictclipError('E_ENGINE', 'recognizer crashed', { exitCode: 3 })),
    });
    const { messages, code } = await converse(service.url, [start({ username: 'u', password: 'p' }), pcm(160, 0), AUDIODONE]).done;
    expect(code).toBe(1011);
    expect(messages.at(-1)).toEqual({
      method: 'ERROR',
      data: { reason: 'dictation-failed', message: 'recognizer crashed', code: 'E_ENGINE' },
    });
  });

  it('aborts the dictation when the client goes away', async () => {
    let signalSeen: AbortSignal | undefined;
    let called!: () => void;
    const dictating = new Promise<void>((resolve) => (called = resolve));
    const service = await startService({
      dictate: (input) =>
        new Promise((_resolve, reject) => {
          signalSeen = input.signal;
          input.signal.addEventListener('abort', () => reject(new DictclipError('E_ABORTED', 'aborted')));
          called();
        }),
    });
    const { ws, done } = converse(service.url, [start({ username: 'u', password: 'p' }), pcm(160, 0), AUDIODONE]);
    await dictating;
    ws.terminate();
    await done;
    await service.closeWs();
    expect(signalSeen?.aborted).toBe(true);
    expect(await readdir(join(service.dataDir, 'ws'))).toEqual([]);
  });

  it('closes with 1009 once the audio passes 21,000,000 bytes', async () => {
    const service = await startService();
    const megabyte = Buffer.alloc(1_000_000);
    const opening = [start({ username: 'u', password: 'p' }), ...Array.from({ length: 21 }, () => megabyte), Buffer.alloc(2)];
    const { messages, code } = await converse(service.url, opening).done;
    expect(code).toBe(1009);
    expect(messages.map((m) => m.method)).toEqual(['STARTDICTATION', 'ERROR']);
    expect(messages[1]?.data['reason']).toBe('too-large');
  });

  it('answers upgrades on other paths with 404', async () => {
    const service = await startService();
    const error = await converse(service.url.replace('/SCDictation/websocket', '/other'), []).done.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(String(error)).toContain('Unexpected server response: 404');
  });
});

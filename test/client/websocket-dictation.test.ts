import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { dictateOverWebSocket, webSocketUrl } from '../../src/client/websocket-dictation.js';
import type { Credentials } from '../../src/client/types.js';
import type { DictclipError } from '../../src/errors.js';

const PASSWORD = 's3cr3t-pa55';
const basic: Credentials = { scheme: 'basic', username: 'alice', password: PASSWORD };
const MARKERS = [
  { audioStart: 0.39, audioLength: 0.32999998, textStart: 0, textLength: 2, text: 'My' },
  { audioStart: 0.71999997, audioLength: 0.51, textStart: 3, textLength: 4, text: 'text' },
  { audioStart: 1.26, audioLength: 0.29, textStart: 8, textLength: 2, text: 'so' },
  { audioStart: 1.55, audioLength: 0.41, textStart: 11, textLength: 3, text: 'far' },
  { audioStart: 2.0, audioLength: 0.48, textStart: 14, textLength: 1, text: '.' },
];

interface Session {
  start: Record<string, unknown> | undefined;
  chunks: Buffer[];
  audioDone: boolean;
}

type Behaviour = (socket: WebSocket, message: Record<string, unknown> | Buffer, session: Session) => void;

let http: Server;
let wss: WebSocketServer;
let base: string;
let dir: string;
let wavPath: string;
let samples: Buffer;
let behaviour: Behaviour;
const sessions: Session[] = [];

/** The protocol of design.md: accept, collect audio, then hypotheses, stable text and TEXTDONE. */
const followProtocol: Behaviour = (socket, message, session) => {
  if (Buffer.isBuffer(message)) return;
  if (message['method'] === 'STARTDICTATION') {
    socket.send(JSON.stringify({ method: 'STARTDICTATION', data: { success: true, dictationId: 'ws-1' } }));
  } else if (message['method'] === 'AUDIODONE') {
    session.audioDone = true;
    const send = (method: string, data: object): void => socket.send(JSON.stringify({ method, data: { kind: method, ...data } }));
    send('HYPOTHESISTEXT', { text: 'my', substitutedText: 'my' });
    send('HYPOTHESISTEXT', { text: 'My text', substitutedText: 'My text' });
    send('STABLETEXT', { text: 'My text ', substitutedText: 'My text ', markers: MARKERS.slice(0, 2) });
    send('STABLETEXT', { text: 'so far.', substitutedText: 'so far.', markers: MARKERS.slice(2) });
    send('TEXTDONE', { textDone: true, text: 'My text so far.', substitutedText: 'My text so far.', markers: MARKERS });
    socket.close(1000);
  }
};

function wav(data: Buffer): Buffer {
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(1, 10);
  fmt.writeUInt32LE(16000, 12);
  fmt.writeUInt32LE(32000, 16);
  fmt.writeUInt16LE(2, 20);
  fmt.writeUInt16LE(16, 22);
  const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc'), Buffer.from([0])]); // odd size, padded
  const dataHeader = Buffer.concat([Buffer.from('data'), Buffer.alloc(4)]);
  dataHeader.writeUInt32LE(data.length, 4);
  const body = Buffer.concat([Buffer.from('WAVE'), fmt, list, dataHeader, data]);
  const riff = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4)]);
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dictclip-ws-'));
  samples = randomBytes(25_000);
  wavPath = join(dir, 'speech.wav');
  await writeFile(wavPath, wav(samples));
  http = createServer((_req, res) => res.writeHead(404).end());
  wss = new WebSocketServer({ noServer: true });
  http.on('upgrade', (req, socket, head) => {
    if (req.url === '/api/SCDictation/websocket') {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    } else {
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    }
  });
  wss.on('connection', (socket) => {
    const session: Session = { start: undefined, chunks: [], audioDone: false };
    sessions.push(session);
    socket.on('message', (raw: Buffer, isBinary) => {
      if (isBinary) {
        session.chunks.push(Buffer.from(raw));
        behaviour(socket, Buffer.from(raw), session);
        return;
      }
      const message = JSON.parse(raw.toString()) as Record<string, unknown>;
      if (message['method'] === 'STARTDICTATION') session.start = message;
      behaviour(socket, message, session);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api`;
});

afterEach(() => {
  sessions.length = 0;
  behaviour = followProtocol;
});

afterAll(async () => {
  for (const client of wss.clients) client.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

describe('dictateOverWebSocket', () => {
  test('follows the protocol: credentials in params, header skipped, 300 ms chunks, TEXTDONE result', async () => {
    behaviour = followProtocol;
    const result = await dictateOverWebSocket({ baseUrl: base, credentials: basic, audioPath: wavPath, audioFormat: 'pcm-16khz', profile: 'general' });
    expect(result).toEqual({
      dictationId: 'ws-1', text: 'My text so far.', substitutedText: 'My text so far.', markers: MARKERS, hypotheses: 2,
    });
    const [session] = sessions;
    expect(session?.start).toEqual({
      method: 'STARTDICTATION',
      params: { username: 'alice', password: PASSWORD, audioFormat: 'pcm-16khz', stableText: true, profile: 'general' },
    });
    expect(session?.chunks.map((c) => c.length)).toEqual([9600, 9600, 5800]);
    expect(Buffer.concat(session?.chunks ?? []).equals(samples)).toBe(true);
    expect(session?.audioDone).toBe(true);
  });

  test('sends an API key as apiKey; Ogg is sent whole', async () => {
    behaviour = followProtocol;
    const oggPath = join(dir, 'speech.ogg');
    const ogg = randomBytes(3000);
    await writeFile(oggPath, ogg);
    const result = await dictateOverWebSocket({
      baseUrl: base, credentials: { scheme: 'apikey', username: 'bob', apiKey: 'k3y' }, audioPath: oggPath, audioFormat: 'ogg',
    });
    expect(result.markers).toEqual(MARKERS);
    expect(sessions[0]?.start).toEqual({ method: 'STARTDICTATION', params: { username: 'bob', apiKey: 'k3y', audioFormat: 'ogg', stableText: true } });
    expect(Buffer.concat(sessions[0]?.chunks ?? []).equals(ogg)).toBe(true);
  });

  test('takes the dictation id from TEXTDONE when the start answer has none', async () => {
    behaviour = (socket, message) => {
      if (Buffer.isBuffer(message)) return;
      if (message['method'] === 'STARTDICTATION') socket.send(JSON.stringify({ method: 'STARTDICTATION', data: { success: true } }));
      if (message['method'] === 'AUDIODONE') {
        socket.send(JSON.stringify({ method: 'TEXTDONE', data: { kind: 'TEXTDONE', textDone: true, dictationId: 'late-id', text: 'Hi.', substitutedText: 'Hi!', markers: [] } }));
      }
    };
    await expect(dictateOverWebSocket({ baseUrl: base, credentials: basic, audioPath: wavPath, audioFormat: 'pcm-16khz' })).resolves.toEqual({
      dictationId: 'late-id', text: 'Hi.', substitutedText: 'Hi!', markers: [], hypotheses: 0,
    });
  });

  test('a refused start with status 401 is E_AUTH without the password', async () => {
    behaviour = (socket, message) => {
      if (Buffer.isBuffer(message)) return;
      socket.send(JSON.stringify({ method: 'STARTDICTATION', data: { success: false, status: 401, reason: 'bad credentials' } }));
      socket.close(1008);
    };
    const promise = dictateOverWebSocket({ baseUrl: base, credentials: basic, audioPath: wavPath, audioFormat: 'pcm-16khz' });
    await expect(promise).rejects.toMatchObject({ code: 'E_AUTH', context: { status: 401 } });
    const error = await promise.then(() => undefined, (e: unknown) => e as DictclipError);
    expect(error?.message).toContain('DICTCLIP_USERNAME');
    expect(`${error?.message ?? ''} ${JSON.stringify(error?.context)}`).not.toContain(PASSWORD);
    expect(sessions[0]?.chunks).toEqual([]);
  });

  test('a refused start with another status is E_WEBSOCKET', async () => {
    behaviour = (socket) => {
      socket.send(JSON.stringify({ method: 'STARTDICTATION', data: { success: false, status: 503, reason: 'too many dictations' } }));
      socket.close(1008);
    };
    await expect(dictateOverWebSocket({ baseUrl: base, credentials: basic, audioPath: wavPath, audioFormat: 'pcm-16khz' }))
      .rejects.toMatchObject({ code: 'E_WEBSOCKET', context: { status: 503 }, message: expect.stringContaining('too many dictations') as unknown });
  });

  test('an ERROR message or a close before TEXTDONE is E_WEBSOCKET', async () => {
    behaviour = (socket, message) => {
      if (!Buffer.isBuffer(message) && message['method'] === 'STARTDICTATION') {
        socket.send(JSON.stringify({ method: 'STARTDICTATION', data: { success: true, dictationId: 'x' } }));
      } else if (!Buffer.isBuffer(message) && message['method'] === 'AUDIODONE') {
        socket.send(JSON.stringify({ method: 'ERROR', data: { reason: 'timeout' } }));
        socket.close(1011);
      }
    };
    await expect(dictateOverWebSocket({ baseUrl: base, credentials: basic, audioPath: wavPath, audioFormat: 'pcm-16khz' }))
      .rejects.toMatchObject({ code: 'E_WEBSOCKET', message: 'The service ended the WebSocket dictation: timeout' });
    behaviour = (socket) => socket.close(1001, 'going away');
    await expect(dictateOverWebSocket({ baseUrl: base, credentials: basic, audioPath: wavPath, audioFormat: 'pcm-16khz' }))
      .rejects.toMatchObject({ code: 'E_WEBSOCKET', message: expect.stringContaining('code 1001: going away') as unknown });
  });

  test('abort is E_ABORTED; no answer within timeoutMs is E_WEBSOCKET', async () => {
    const controller = new AbortController();
    behaviour = () => controller.abort();
    await expect(dictateOverWebSocket({ baseUrl: base, credentials: basic, audioPath: wavPath, audioFormat: 'pcm-16khz', signal: controller.signal }))
      .rejects.toMatchObject({ code: 'E_ABORTED' });
    behaviour = () => undefined;
    await expect(dictateOverWebSocket({ baseUrl: base, credentials: basic, audioPath: wavPath, audioFormat: 'pcm-16khz', timeoutMs: 50 }))
      .rejects.toMatchObject({ code: 'E_WEBSOCKET', message: expect.stringContaining('did not finish within 50 ms') as unknown });
  });

  test('a handshake refused with HTTP 403 is E_AUTH', async () => {
    await expect(dictateOverWebSocket({ baseUrl: base.replace('/api', '/denied'), credentials: basic, audioPath: wavPath, audioFormat: 'pcm-16khz' }))
      .rejects.toMatchObject({ code: 'E_AUTH', context: { status: 403 } });
    expect(sessions).toHaveLength(0);
  });
});

test('a missing recording is E_INPUT before any connection', async () => {
  const missing = join(dir, 'missing.wav');
  await expect(dictateOverWebSocket({ baseUrl: base, credentials: basic, audioPath: missing, audioFormat: 'pcm-16khz' }))
    .rejects.toMatchObject({ code: 'E_INPUT', context: { path: missing } });
  expect(sessions).toHaveLength(0);
});

describe('helpers', () => {
  test('webSocketUrl maps http to ws and https to wss, keeping the path prefix', () => {
    expect(webSocketUrl('http://host:1234/api/')).toBe('ws://host:1234/api/SCDictation/websocket');
    expect(webSocketUrl('https://host')).toBe('wss://host/SCDictation/websocket');
  });

  test('a pcm-16khz file that is not a WAV is refused before connecting', async () => {
    const notWav = join(dir, 'not.wav');
    await writeFile(notWav, 'hello world, not a wav');
    await expect(dictateOverWebSocket({ baseUrl: base, credentials: basic, audioPath: notWav, audioFormat: 'pcm-16khz' }))
      .rejects.toMatchObject({ code: 'E_AUDIO_INVALID', context: { path: notWav } });
  });
});

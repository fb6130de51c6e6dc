/**
 * The client against a hostile service on real servers at
 * port 0. Credentials stay with the base URL's origin, a dripping body still times out, and a
 * hostile WebSocket session fails with a code instead of taking the process down.
 * (Item 8, sizes with a memory bound, is in response-limits.test.ts: its own process.)
 */
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { DictationClient } from '../../src/client/client.js';
import { dictateOverWebSocket } from '../../src/client/websocket-dictation.js';
import type { ClientOptions, Credentials } from '../../src/client/types.js';
import { isDictclipError, type DictclipError } from '../../src/errors.js';
import { pcmWav, removeTempDirs, tempDir } from '../helpers/index.js';
import { answerLocation, drip, sendMessage, startHostileService, withCredentials, type HostileService } from './helpers/hostile.js';

const PASSWORD = 'h0stile-s3cret';
const credentials: Credentials = { scheme: 'basic', username: 'alice', password: PASSWORD };
let service: HostileService;
let other: HostileService;
let dir: string;
const clients: DictationClient[] = [];

function client(options: Partial<ClientOptions> = {}): DictationClient {
  const made = new DictationClient({
    baseUrl: service.url,
    credentials,
    ...options,
    retry: { limit: 0, backoffBaseMs: 1, backoffLimitMs: 5, ...options.retry },
  });
  clients.push(made);
  return made;
}

async function failure(promise: Promise<unknown>): Promise<DictclipError> {
  const error = await promise.then(() => new Error('expected a rejection'), (e: unknown) => e);
  if (isDictclipError(error)) return error;
  throw error;
}

beforeAll(async () => {
  [service, other] = await Promise.all([startHostileService(), startHostileService()]);
  dir = await tempDir('hostile');
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  service.requests.length = 0;
  other.requests.length = 0;
});
afterAll(async () => {
  await Promise.all([service.close(), other.close()]);
  await removeTempDirs();
});

describe('item 7: credentials only to the base URL\'s origin', () => {
  test('an upload answered with a Location on another port fails E_CROSS_ORIGIN; that port receives nothing', async () => {
    const file = path.join(dir, 'a.wav');
    await writeFile(file, Buffer.alloc(64));
    service.handle(answerLocation(`${other.url}/SCFileserver/audio/stolen`));
    const error = await failure(client().uploadAudio(file, 'audio/wav'));
    expect(error.code).toBe('E_CROSS_ORIGIN');
    expect(error.context).toMatchObject({ method: 'POST', status: 201, url: `${other.url}/SCFileserver/audio/stolen` });
    expect(error.message).not.toContain(PASSWORD);
    expect(other.connections).toBe(0);
  });

  test('a dictation Location elsewhere is refused, and the client never calls there, not even when asked', async () => {
    service.handle(answerLocation(`${other.url}/SCDictation/rest/nvoq/dictations/d1`));
    const c = client();
    expect((await failure(c.createDictation({ audioUrl: `${service.url}/SCFileserver/audio/a`, audioFormat: 'pcm-16khz' }))).code).toBe(
      'E_CROSS_ORIGIN',
    );
    // A library caller handing the client a foreign location gets the same refusal, before any request.
    for (const call of [
      c.isDone(`${other.url}/d1`),
      c.getText(`${other.url}/d1`),
      c.getDictation(`${other.url}/d1`),
      c.deregisterObserver(`${other.url}/o`),
    ]) {
      expect((await failure(call)).code).toBe('E_CROSS_ORIGIN');
    }
    expect(other.connections).toBe(0);
    expect(withCredentials(service.requests)).toHaveLength(1); // the creation only
  });

  test('an observer URL on another origin is refused', async () => {
    service.handle((_req, res) => res.writeHead(200).end(`${other.url}/observer/1`));
    const error = await failure(client().getObserverUrl(`${service.url}/SCDictation/rest/nvoq/dictations/d1`));
    expect(error.code).toBe('E_CROSS_ORIGIN');
    expect(other.connections).toBe(0);
  });

  test('an https base URL is never downgraded: the same host and port over http is another origin', async () => {
    const port = new URL(other.url).port;
    const secure = client({ baseUrl: `https://127.0.0.1:${port}` });
    const error = await failure(secure.isDone(`http://127.0.0.1:${port}/SCDictation/rest/nvoq/dictations/d1`));
    expect(error.code).toBe('E_CROSS_ORIGIN');
    expect(error.message).toContain('without https');
    expect(other.connections).toBe(0);
  });

  test('a relative Location on the same origin is followed as before', async () => {
    service.handle((req, res) => {
      if (req.method === 'POST') res.writeHead(201, { location: '/SCDictation/rest/nvoq/dictations/d7' }).end();
      else res.writeHead(200).end('true');
    });
    const c = client();
    const location = await c.createDictation({ audioUrl: 'x', audioFormat: 'pcm-16khz' });
    expect(location).toBe(`${service.url}/SCDictation/rest/nvoq/dictations/d7`);
    expect(await c.isDone(location)).toBe(true);
    expect(service.requests.map((r) => r.headers.authorization)).toEqual([
      `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`, `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`,
    ]);
  });
});

describe('item 9: one overall deadline per call, body included', () => {
  test('a body dripped one byte every 100 ms fails E_TIMEOUT at a 1 s timeout, though each byte resets the idle timers', async () => {
    // 60 bytes at 100 ms take 6 s: an idle timeout alone would wait for them all and succeed.
    const slow = drip({ intervalMs: 100, bytes: 60, body: 'false' });
    service.handle(slow);
    const error = await failure(client({ requestTimeoutMs: 1_000 }).getText(`${service.url}/d1`));
    expect(error.code).toBe('E_TIMEOUT');
    expect(error.context).toMatchObject({ method: 'GET', attempts: 1 });
    expect(error.message).toContain('within 1000 ms');
    expect(slow.sent).toBeLessThan(60);
  });

  test('the deadline is per attempt: a timed-out attempt is retried like any timeout', async () => {
    service.handle((_req, res, index) => {
      if (index === 0) drip({ intervalMs: 100, bytes: 60 })(_req, res, index);
      else res.writeHead(200).end('done text');
    });
    expect(await client({ requestTimeoutMs: 1_000, retry: { limit: 1 } }).getText(`${service.url}/d1`)).toBe('done text');
    expect(service.requests).toHaveLength(2);
  });
});

describe('item 10: a hostile WebSocket service fails the dictation, never the process', () => {
  let wavPath: string;
  beforeAll(async () => {
    wavPath = path.join(dir, 'ws.wav');
    await writeFile(wavPath, pcmWav(new Int16Array(1_600))); // 100 ms of silence
  });

  /** Accept the dictation, then run `attack` once the audio is done. */
  function hostileSession(attack: (socket: import('ws').WebSocket) => void): void {
    service.onWebSocket((socket) => {
      socket.on('message', (raw, isBinary) => {
        if (isBinary) return;
        const method = (JSON.parse(raw.toString()) as { method?: string }).method;
        if (method === 'STARTDICTATION') sendMessage(socket, 'STARTDICTATION', { success: true, dictationId: 'ws-h' });
        if (method === 'AUDIODONE') attack(socket);
      });
    });
  }

  const dictate = (options: { maxResponseBytes?: number } = {}) =>
    dictateOverWebSocket({
      baseUrl: service.url,
      credentials,
      audioPath: wavPath,
      audioFormat: 'pcm-16khz',
      timeoutMs: 30_000,
      ...options,
    });

  test('a STABLETEXT with 300,000 markers fails E_RESPONSE_TOO_LARGE (no stack overflow from a spread)', async () => {
    const markers = Array.from({ length: 300_000 }, (_, i) => ({
      audioStart: i / 1000,
      audioLength: 0.001,
      textStart: 0,
      textLength: 1,
      text: 'a',
    }));
    hostileSession((socket) => sendMessage(socket, 'STABLETEXT', { text: 'a', markers }));
    const error = await failure(dictate());
    expect(error.code).toBe('E_RESPONSE_TOO_LARGE');
    expect(error.message).toContain('word markers');
    expect(error.message).toContain('200,000');
  });

  test('a flood of large STABLETEXT messages fails E_RESPONSE_TOO_LARGE once the session keeps more than the cap', async () => {
    const big = 'w '.repeat(512 * 1024); // 1 MiB of text per message
    let sent = 0;
    hostileSession((socket) => {
      const flood = (): void => {
        while (socket.readyState === socket.OPEN && sent < 64) {
          sent += 1;
          sendMessage(socket, 'STABLETEXT', { text: big });
          if (socket.bufferedAmount > 8 << 20) {
            setImmediate(flood);
            return;
          }
        }
      };
      flood();
    });
    const error = await failure(dictate({ maxResponseBytes: 8 << 20 }));
    expect(error.code).toBe('E_RESPONSE_TOO_LARGE');
    expect(error.message).toContain('kept by the WebSocket session');
    expect(sent).toBeLessThan(64);
  });

  test('one message above the cap fails E_RESPONSE_TOO_LARGE', async () => {
    hostileSession((socket) => sendMessage(socket, 'HYPOTHESISTEXT', { text: 'x'.repeat(2 << 20) }));
    const error = await failure(dictate({ maxResponseBytes: 1 << 20 }));
    expect(error.code).toBe('E_RESPONSE_TOO_LARGE');
    expect(error.message).toContain('one WebSocket message');
  });

  test('too many messages fail E_RESPONSE_TOO_LARGE', async () => {
    hostileSession((socket) => {
      for (let i = 0; i < 20; i++) sendMessage(socket, 'HYPOTHESISTEXT', { text: 'x' });
    });
    const error = await failure(dictateOverWebSocket({
      baseUrl: service.url, credentials, audioPath: wavPath, audioFormat: 'pcm-16khz', timeoutMs: 30_000, maxMessages: 10,
    }));
    expect(error.code).toBe('E_RESPONSE_TOO_LARGE');
    expect(error.message).toContain('number of messages');
  });

  test('after a refused session the next one works (the client is unharmed)', async () => {
    hostileSession((socket) => {
      sendMessage(socket, 'TEXTDONE', { textDone: true, text: 'ok', substitutedText: 'ok', markers: [] });
      void once(socket, 'close');
    });
    expect((await dictate()).text).toBe('ok');
  });
});

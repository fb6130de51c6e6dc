/**
 * A hostile service in front of the embedded
 * one forwards every call but turns one answer hostile. That recording fails with the code that
 * says what happened; the run goes on and the other recording is dictated and cut.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../../src/pipeline/index.js';
import type { Handler } from '../client/helpers/server.js';
import { answerLocation, drip, forwardTo, hugeBody, sendMessage, startHostileService, withCredentials, type HostileService } from '../client/helpers/hostile.js';
import { makeBursts, removeTempDirs, runOptions, startTestService, tempDir, type StartedService } from '../helpers/index.js';

let svc: StartedService;
let input: string;

beforeAll(async () => {
  svc = await startTestService();
  input = path.join(await tempDir('hostile-run'), 'in');
  for (const name of ['a.wav', 'b.wav']) await makeBursts(path.join(input, name), [[0.2, 0.6]], { seconds: 1 });
});
afterAll(async () => {
  await svc.close();
  await removeTempDirs();
});

/** Forward everything to the embedded service, except the first request `matches` picks: `hostile` answers it. */
function oneHostileAnswer(matches: (method: string, url: string) => boolean, hostile: Handler): Handler {
  const forward = forwardTo(svc.url);
  let used = false;
  return (req, res, index) => {
    if (!used && matches(req.method, req.url)) {
      used = true;
      return hostile(req, res, index);
    }
    return forward(req, res, index);
  };
}

async function runThrough(proxy: HostileService, overrides: Parameters<typeof runOptions>[2] = {}) {
  const out = path.join(await tempDir('hostile-out'), 'out');
  return runPipeline(
    runOptions(input, out, { baseUrl: proxy.url, credentials: svc.credentials, concurrency: 1, maxRetries: 0, ...overrides }),
  );
}

describe('a run against a service with one hostile answer', () => {
  it('item 7: a dictation Location on another port fails that recording E_CROSS_ORIGIN; the other port receives nothing', async () => {
    const other = await startHostileService();
    const proxy = await startHostileService(oneHostileAnswer((method, url) => method === 'POST' && url.includes('/factory/dictations'), answerLocation(`${other.url}/SCDictation/rest/nvoq/dictations/x`)));
    try {
      const result = await runThrough(proxy);
      expect(result.failures.map((f) => [f.stage, f.code])).toEqual([['dictate', 'E_CROSS_ORIGIN']]);
      expect(result.summary).toMatchObject({ recordings: 2, failed: 1 });
      expect(result.summary.done).toBe(1);
      expect(other.connections).toBe(0);
      expect(withCredentials(proxy.requests).length).toBe(proxy.requests.length);
    } finally {
      await Promise.all([proxy.close(), other.close()]);
    }
  });

  it('item 8: a 1 GiB transcript fails that recording E_RESPONSE_TOO_LARGE (not E_BASE_URL before the first success)', async () => {
    const proxy = await startHostileService(oneHostileAnswer((method, url) => method === 'GET' && url.endsWith('/text'), hugeBody(1024 ** 3)));
    try {
      const result = await runThrough(proxy);
      expect(result.failures.map((f) => [f.stage, f.code])).toEqual([['dictate', 'E_RESPONSE_TOO_LARGE']]);
      expect(result.summary.done).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it('item 9: a transcript dripped a byte at a time fails that recording E_TIMEOUT at --request-timeout-ms 1000', async () => {
    const proxy = await startHostileService(oneHostileAnswer((method, url) => method === 'GET' && url.endsWith('/text'), drip({ intervalMs: 200, bytes: 100 })));
    try {
      const result = await runThrough(proxy, { requestTimeoutMs: 1_000 });
      expect(result.failures.map((f) => [f.stage, f.code])).toEqual([['dictate', 'E_TIMEOUT']]);
      expect(result.summary.done).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it('item 10: a WebSocket session sending 300,000 markers fails that recording E_RESPONSE_TOO_LARGE; the next session is dictated', async () => {
    const proxy = await startHostileService();
    let sessions = 0;
    proxy.onWebSocket((socket) => {
      const session = ++sessions;
      socket.on('message', (raw, isBinary) => {
        if (isBinary) return;
        const method = (JSON.parse(raw.toString()) as { method?: string }).method;
        if (method === 'STARTDICTATION') sendMessage(socket, 'STARTDICTATION', { success: true, dictationId: `ws-${session}` });
        if (method !== 'AUDIODONE') return;
        if (session === 1) {
          const markers = Array.from({ length: 300_000 }, (_, i) => ({
            audioStart: i / 1e6,
            audioLength: 1e-6,
            textStart: 0,
            textLength: 1,
            text: 'a',
          }));
          sendMessage(socket, 'STABLETEXT', { text: 'a', markers });
        } else {
          sendMessage(socket, 'TEXTDONE', {
            textDone: true,
            text: 'hi',
            substitutedText: 'hi',
            markers: [{ audioStart: 0.2, audioLength: 0.4, textStart: 0, textLength: 2, text: 'hi' }],
          });
        }
      });
    });
    try {
      const result = await runThrough(proxy, { markers: 'websocket' });
      expect(result.failures.map((f) => [f.stage, f.code])).toEqual([['dictate', 'E_RESPONSE_TOO_LARGE']]);
      expect(result.summary).toMatchObject({ done: 1, clips: 1 });
    } finally {
      await proxy.close();
    }
  });
});

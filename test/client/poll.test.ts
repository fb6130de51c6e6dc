import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { DictationClient } from '../../src/client/client.js';
import { defaultWaitTimeoutMs, pollDelayMs, pollUntilDone } from '../../src/client/poll.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let client: DictationClient;
let testIndex = 0;
/** A dictation location of this test only, so late requests of earlier tests are never counted. */
const location = (): string => `${server.url}/SCDictation/rest/t/dictations/d${testIndex}`;
const mine = (): string[] =>
  server.requests.map((r) => r.url).filter((url) => url.startsWith(`/SCDictation/rest/t/dictations/d${testIndex}/`));

beforeAll(async () => {
  server = await startTestServer();
  client = new DictationClient({
    baseUrl: server.url,
    credentials: { scheme: 'basic', username: 'u', password: 'p' },
    retry: { backoffBaseMs: 1, backoffLimitMs: 5 },
  });
});
afterEach(() => {
  testIndex += 1;
});
afterAll(async () => {
  await client.close();
  await server.close();
});

test('waitForDone polls {location}/done until true and returns the poll count', async () => {
  server.handle((_req, res) => res.end(mine().length <= 3 ? 'false' : 'true'));
  await expect(client.waitForDone(location(), { audioDurationMs: 1000, initialIntervalMs: 1, maxIntervalMs: 4 })).resolves.toEqual({
    polls: 4,
  });
  expect(mine()).toEqual(Array(4).fill(`/SCDictation/rest/t/dictations/d${testIndex}/done`));
});

test('waitForDone returns after one poll when already done', async () => {
  server.handle((_req, res) => res.end('true'));
  await expect(client.waitForDone(location(), { audioDurationMs: 0, initialIntervalMs: 1 })).resolves.toEqual({ polls: 1 });
});

describe('the overall deadline (a fake clock: no real wait)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('polling past it is E_DICTATION_TIMEOUT after exactly the polls that fit', async () => {
    const isDone = vi.fn(async () => false);
    const waiting = pollUntilDone('http://h/d/1', isDone, { audioDurationMs: 0, initialIntervalMs: 1, maxIntervalMs: 2, timeoutMs: 500 });
    const settled = waiting.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(499);
    expect(isDone).toHaveBeenCalledTimes(250); // at 1, 3, 5 … 499 ms
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled).toMatchObject({
      code: 'E_DICTATION_TIMEOUT',
      message: 'Dictation http://h/d/1 was not done within 500 ms (250 polls)',
      context: { url: 'http://h/d/1' },
    });
    expect(isDone).toHaveBeenCalledTimes(250);
  });

  test('a poll pending at the deadline is aborted: E_DICTATION_TIMEOUT with the poll\'s error as cause', async () => {
    const pending = (signal: AbortSignal): Promise<boolean> => new Promise((_resolve, reject) => {
      signal.addEventListener('abort', () => reject(new Error('poll aborted')), { once: true });
    });
    const isDone = vi.fn(pending);
    const settled = pollUntilDone('http://h/d/2', isDone, { audioDurationMs: 0, initialIntervalMs: 1, timeoutMs: 1_000 }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(isDone).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await settled;
    expect(error).toMatchObject({ code: 'E_DICTATION_TIMEOUT', message: 'Dictation http://h/d/2 was not done within 1000 ms (1 polls)' });
    expect((error as Error).cause).toMatchObject({ message: 'poll aborted' });
  });
});

test('aborting while waiting is E_ABORTED', async () => {
  const controller = new AbortController();
  server.handle((req, res) => {
    if (req.url.startsWith(new URL(location()).pathname) && mine().length === 2) controller.abort();
    res.end('false');
  });
  await expect(client.waitForDone(location(), { audioDurationMs: 0, initialIntervalMs: 1, signal: controller.signal }))
    .rejects.toMatchObject({ code: 'E_ABORTED' });
  expect(mine()).toHaveLength(2);
});

test('an error from the done call is passed through', async () => {
  server.handle((_req, res) => res.writeHead(404).end('gone'));
  await expect(client.waitForDone(location(), { audioDurationMs: 0, initialIntervalMs: 1 })).rejects.toMatchObject({
    code: 'E_HTTP_STATUS',
    context: { status: 404 },
  });
});

test('the default overall timeout is 120 s + 3 × the audio duration', () => {
  expect(defaultWaitTimeoutMs(10_000)).toBe(150_000);
  expect(defaultWaitTimeoutMs(0)).toBe(120_000);
});

test('the default schedule polls at 1, 3, 7, 12, 17 s: at most 2 + T/3 polls for a dictation taking T s', () => {
  const times: number[] = [];
  let at = 0;
  for (let poll = 1; poll <= 30; poll++) times.push((at += pollDelayMs(poll, 1000, 5000)));
  expect(times.slice(0, 5)).toEqual([1000, 3000, 7000, 12_000, 17_000]);
  for (let t = 0; t <= 120_000; t += 50) {
    const polls = times.findIndex((time) => time >= t) + 1;
    expect(polls, `T = ${t} ms`).toBeLessThanOrEqual(2 + t / 3000);
  }
});

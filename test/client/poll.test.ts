import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { DictationClient } from '../../src/client/client.js';
import { defaultWaitTimeoutMs, pollDelayMs } from '../../src/client/poll.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let client: DictationClient;
let testIndex = 0;
/** A dictation location of this test only, so late requests of earlier tests are never counted. */
const location = (): string => `${server.url}/SCDictation/rest/t/dictations/d${testIndex}`;
const mine = (): string[] => server.requests.map((r) => r.url).filter((url) => url.startsWith(`/SCDictation/rest/t/dictations/d${testIndex}/`));

beforeAll(async () => {
  server = await startTestServer();
  client = new DictationClient({ baseUrl: server.url, credentials: { scheme: 'basic', username: 'u', password: 'p' }, retry: { backoffBaseMs: 1, backoffLimitMs: 5 } });
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
  await expect(client.waitForDone(location(), { audioDurationMs: 1000, initialIntervalMs: 1, maxIntervalMs: 4 })).resolves.toEqual({ polls: 4 });
  expect(mine()).toEqual(Array(4).fill(`/SCDictation/rest/t/dictations/d${testIndex}/done`));
});

test('waitForDone returns after one poll when already done', async () => {
  server.handle((_req, res) => res.end('true'));
  await expect(client.waitForDone(location(), { audioDurationMs: 0, initialIntervalMs: 1 })).resolves.toEqual({ polls: 1 });
});

test('waitForDone past the overall timeout is E_DICTATION_TIMEOUT', async () => {
  server.handle((_req, res) => res.end('false'));
  // Long enough for the first polls to reach the server on a loaded machine (30 ms once was not).
  await expect(client.waitForDone(location(), { audioDurationMs: 0, initialIntervalMs: 1, maxIntervalMs: 2, timeoutMs: 500 }))
    .rejects.toMatchObject({ code: 'E_DICTATION_TIMEOUT', context: { url: location() } });
  expect(mine().length).toBeGreaterThan(0);
});

test('a request pending at the deadline is E_DICTATION_TIMEOUT', async () => {
  server.handle(() => undefined);
  // The deadline leaves the one request time to reach the server on a loaded machine; it never answers.
  await expect(client.waitForDone(location(), { audioDurationMs: 0, initialIntervalMs: 1, timeoutMs: 1_000 })).rejects.toMatchObject({ code: 'E_DICTATION_TIMEOUT' });
  expect(mine()).toHaveLength(1);
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
  await expect(client.waitForDone(location(), { audioDurationMs: 0, initialIntervalMs: 1 })).rejects.toMatchObject({ code: 'E_HTTP_STATUS', context: { status: 404 } });
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

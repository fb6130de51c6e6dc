import { expect, test } from 'vitest';
import { parseRetryAfter, retryDelayMs, sleep } from '../../src/client/backoff.js';

const options = { baseMs: 500, maxMs: 30_000, factor: 2 };

test('parseRetryAfter reads delay seconds and HTTP dates', () => {
  const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
  expect(parseRetryAfter('2', now)).toBe(2000);
  expect(parseRetryAfter(' 0 ', now)).toBe(0);
  expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', now)).toBe(10_000);
  expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
  expect(parseRetryAfter(['3'], now)).toBe(3000);
  expect(parseRetryAfter(undefined, now)).toBeUndefined();
  expect(parseRetryAfter('soon', now)).toBeUndefined();
});

test('retryDelayMs grows exponentially with equal jitter and a cap', () => {
  expect(retryDelayMs(1, options, undefined, () => 0)).toBe(250);
  expect(retryDelayMs(1, options, undefined, () => 1)).toBe(500);
  expect(retryDelayMs(3, options, undefined, () => 1)).toBe(2000);
  expect(retryDelayMs(3, options, undefined, () => 0.5)).toBe(1500);
  expect(retryDelayMs(20, options, undefined, () => 1)).toBe(30_000);
});

test('retryDelayMs honours Retry-After, capped by maxMs', () => {
  expect(retryDelayMs(1, options, 4000, () => 0)).toBe(4000);
  expect(retryDelayMs(1, options, 120_000, () => 0)).toBe(30_000);
  expect(retryDelayMs(5, options, 0, () => 1)).toBe(0);
});

test('sleep rejects as soon as the signal aborts', async () => {
  const controller = new AbortController();
  const pending = sleep(60_000, controller.signal);
  controller.abort();
  await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  await expect(sleep(1)).resolves.toBeUndefined();
});

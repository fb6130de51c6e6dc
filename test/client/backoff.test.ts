import { expect, test } from 'vitest';
import { parseRetryAfter } from '../../src/client/backoff.js';
import { sleep } from '../../src/sleep.js';

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

test('sleep rejects as soon as the signal aborts', async () => {
  const controller = new AbortController();
  const pending = sleep(60_000, controller.signal);
  controller.abort();
  await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  await expect(sleep(1)).resolves.toBeUndefined();
});

/**
 * The retry policy (src/client/retry.ts): what a caller's options resolve to, the waits, and
 * which statuses and error codes it retries. Its hook, told of every retry by the transport, is
 * tested against a real server in http.test.ts ("the retry hook").
 */
import { describe, expect, test } from 'vitest';
import { DEFAULT_ERROR_CODES, resolveRetryPolicy, retriesError, retriesStatus, retryDelayMs } from '../../src/client/retry.js';
import type { RetryOptions } from '../../src/client/retry.js';
import { isDictclipError } from '../../src/errors.js';

describe('resolveRetryPolicy', () => {
  test('no options: the documented defaults', () => {
    expect(resolveRetryPolicy()).toEqual({
      limit: 6, statusCodes: [429, 500, 502, 503, 504], errorCodes: DEFAULT_ERROR_CODES, unreachedCodes: ['ECONNREFUSED', 'ENOTFOUND'],
      backoffBaseMs: 500, backoffFactor: 2, backoffLimitMs: 30_000, jitter: true, maxRetryAfterMs: 30_000, onRetry: undefined,
    });
    expect(DEFAULT_ERROR_CODES).toEqual(
      expect.arrayContaining(['ECONNRESET', 'ECONNREFUSED', 'UND_ERR_SOCKET', 'UND_ERR_HEADERS_TIMEOUT', 'ETIMEDOUT']),
    );
  });

  test('a caller\'s fields replace their defaults; the Retry-After cap follows the backoff cap unless given', () => {
    const onRetry = (): void => undefined;
    const policy = resolveRetryPolicy({ limit: 0, statusCodes: [503], backoffLimitMs: 2_000, jitter: false, onRetry });
    expect(policy).toMatchObject({
      limit: 0,
      statusCodes: [503],
      backoffBaseMs: 500,
      backoffLimitMs: 2_000,
      maxRetryAfterMs: 2_000,
      jitter: false,
      onRetry,
    });
    expect(resolveRetryPolicy({ backoffLimitMs: 2_000, maxRetryAfterMs: 60_000 }).maxRetryAfterMs).toBe(60_000);
  });

  test.each([
    [{ limit: -1 }, 'retry.limit'], [{ limit: 1.5 }, 'retry.limit'], [{ backoffBaseMs: Number.NaN }, 'retry.backoffBaseMs'],
    [{ maxRetryAfterMs: -5 }, 'retry.maxRetryAfterMs'], [{ backoffFactor: 0.5 }, 'retry.backoffFactor'],
  ] as [RetryOptions, string][])('%j is E_CONFIG naming %s', (options, key) => {
    let caught: unknown;
    try {
      resolveRetryPolicy(options);
    } catch (error) {
      caught = error;
    }
    expect(isDictclipError(caught, 'E_CONFIG')).toBe(true);
    expect((caught as { context: { key?: string } }).context.key).toBe(key);
  });
});

describe('the policy\'s decisions', () => {
  const policy = resolveRetryPolicy();

  test('backoff grows by the factor with equal jitter (half to all) and stops at the cap', () => {
    expect(retryDelayMs(policy, 1, undefined, () => 0)).toBe(250);
    expect(retryDelayMs(policy, 1, undefined, () => 1)).toBe(500);
    expect(retryDelayMs(policy, 3, undefined, () => 1)).toBe(2000);
    expect(retryDelayMs(policy, 3, undefined, () => 0.5)).toBe(1500);
    expect(retryDelayMs(policy, 20, undefined, () => 1)).toBe(30_000);
    expect(retryDelayMs(resolveRetryPolicy({ jitter: false, backoffBaseMs: 100, backoffFactor: 3 }), 3, undefined, () => 0)).toBe(900);
  });

  test('Retry-After is honoured and capped by maxRetryAfterMs', () => {
    expect(retryDelayMs(policy, 1, 4000, () => 0)).toBe(4000);
    expect(retryDelayMs(policy, 1, 120_000, () => 0)).toBe(30_000);
    expect(retryDelayMs(resolveRetryPolicy({ maxRetryAfterMs: 10 }), 1, 4000)).toBe(10);
    expect(retryDelayMs(policy, 5, 0, () => 1)).toBe(0);
  });

  test('statuses: 429 and the 5xx the service may recover from; never a client error or 501', () => {
    expect([429, 500, 502, 503, 504].filter((s) => retriesStatus(policy, s))).toEqual([429, 500, 502, 503, 504]);
    expect([400, 401, 403, 404, 413, 501].filter((s) => retriesStatus(policy, s))).toEqual([]);
    expect(retriesStatus(resolveRetryPolicy({ statusCodes: [404] }), 404)).toBe(true);
  });

  test('error codes, found in the cause chain; a refused connection only once the service has answered', () => {
    const reset = new Error('outer', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
    const refused = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    expect(retriesError(policy, reset, false)).toBe(true);
    expect(retriesError(policy, refused, false)).toBe(false);
    expect(retriesError(policy, refused, true)).toBe(true);
    expect(retriesError(policy, new Error('no code'), true)).toBe(false);
    expect(retriesError(resolveRetryPolicy({ errorCodes: [] }), reset, true)).toBe(false);
  });
});

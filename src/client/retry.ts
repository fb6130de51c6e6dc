/**
 * The retry policy of the HTTP transport as one object, as ky has it: a caller gives
 * {@link RetryOptions} (every field optional, `ClientOptions.retry`), the client resolves it once
 * into a {@link RetryPolicy} (every field set, defaults below) and hands that to the transport
 * (src/client/http.ts), whose one retry loop asks it three things: is this status retried, is
 * this error retried, and how long to wait. `onRetry` observes each retry (the run counts and
 * prints them through it; see src/pipeline/run.ts).
 */
import { DictclipError } from '../errors.js';
import { errorCode, TIMEOUT_CODES } from './failures.js';

/** What one retry tells {@link RetryOptions.onRetry}, before its wait. */
export interface RetryEvent {
  /** The attempt that failed, 1 for the first: the retry about to be sent is attempt `attempt + 1`. */
  readonly attempt: number;
  /**
   * The failure, as the error the request would end with were it not retried: `E_HTTP_STATUS`
   * or the service's wire code (`E_BUSY` …) with `status`, `E_NETWORK`, or `E_TIMEOUT`.
   */
  readonly error: DictclipError;
  /** The wait before the next attempt, ms: `Retry-After` (capped) when the answer had one, else the backoff. */
  readonly delayMs: number;
  /** The request retried: method and URL (redacted; never a header). */
  readonly request: { readonly method: string; readonly url: string };
}

/** How failed requests are retried, as a caller gives it. Every field is optional. */
export interface RetryOptions {
  /** Retries of one request after its first attempt (0: never retried). @default 6 */
  readonly limit?: number;
  /** Statuses retried. @default [429, 500, 502, 503, 504] */
  readonly statusCodes?: readonly number[];
  /**
   * Error codes (node's and undici's, anywhere in the error's cause chain) retried: connection
   * errors, resets and timeouts. @default {@link DEFAULT_ERROR_CODES}
   */
  readonly errorCodes?: readonly string[];
  /**
   * Error codes of {@link errorCodes} that mean "nothing is there" until the service first
   * answered: not retried before that (a wrong base URL fails at once instead of after every
   * retry), retried like the others after. @default ['ECONNREFUSED', 'ENOTFOUND']
   */
  readonly unreachedCodes?: readonly string[];
  /** First backoff delay, ms. @default 500 */
  readonly backoffBaseMs?: number;
  /** Growth of the backoff delay per retry. @default 2 */
  readonly backoffFactor?: number;
  /** Cap of one backoff delay, ms. @default 30000 */
  readonly backoffLimitMs?: number;
  /** "Equal jitter": each backoff delay is drawn between half and all of it (retrying clients spread out). @default true */
  readonly jitter?: boolean;
  /** Cap of a wait a `Retry-After` header asks for, ms (a longer one is cut to this). @default backoffLimitMs */
  readonly maxRetryAfterMs?: number;
  /**
   * Told before each retry's wait (never for the first attempt). It observes: what it throws
   * fails the request with that error. @default undefined
   */
  readonly onRetry?: ((event: RetryEvent) => void) | undefined;
}

/** {@link RetryOptions} resolved (internal): every field set. */
export interface RetryPolicy {
  readonly limit: number;
  readonly statusCodes: readonly number[];
  readonly errorCodes: readonly string[];
  readonly unreachedCodes: readonly string[];
  readonly backoffBaseMs: number;
  readonly backoffFactor: number;
  readonly backoffLimitMs: number;
  readonly jitter: boolean;
  readonly maxRetryAfterMs: number;
  readonly onRetry: ((event: RetryEvent) => void) | undefined;
}

/** The default {@link RetryOptions.errorCodes}: connection errors, resets and every timeout. */
export const DEFAULT_ERROR_CODES: readonly string[] = [
  'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED',
  'ENETDOWN', 'ENETUNREACH', 'EHOSTDOWN', 'EHOSTUNREACH', 'EAI_AGAIN',
  ...TIMEOUT_CODES,
];

const DEFAULTS = {
  limit: 6,
  statusCodes: [429, 500, 502, 503, 504],
  errorCodes: DEFAULT_ERROR_CODES,
  unreachedCodes: ['ECONNREFUSED', 'ENOTFOUND'],
  backoffBaseMs: 500,
  backoffFactor: 2,
  backoffLimitMs: 30_000,
  jitter: true,
} as const;

/**
 * Resolve a caller's retry options with the defaults.
 * @throws DictclipError E_CONFIG (key `retry.<field>`) for a count or time that is not a whole,
 * non-negative number (a factor below 1).
 */
export function resolveRetryPolicy(options: RetryOptions = {}): RetryPolicy {
  const backoffLimitMs = count('backoffLimitMs', options.backoffLimitMs ?? DEFAULTS.backoffLimitMs);
  const factor = options.backoffFactor ?? DEFAULTS.backoffFactor;
  if (!Number.isFinite(factor) || factor < 1) throw invalid('backoffFactor', factor, 'a number of at least 1');
  return {
    limit: count('limit', options.limit ?? DEFAULTS.limit),
    statusCodes: [...(options.statusCodes ?? DEFAULTS.statusCodes)],
    errorCodes: [...(options.errorCodes ?? DEFAULTS.errorCodes)],
    unreachedCodes: [...(options.unreachedCodes ?? DEFAULTS.unreachedCodes)],
    backoffBaseMs: count('backoffBaseMs', options.backoffBaseMs ?? DEFAULTS.backoffBaseMs),
    backoffFactor: factor,
    backoffLimitMs,
    jitter: options.jitter ?? DEFAULTS.jitter,
    maxRetryAfterMs: count('maxRetryAfterMs', options.maxRetryAfterMs ?? backoffLimitMs),
    onRetry: options.onRetry,
  };
}

function count(field: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw invalid(field, value, 'a whole number of at least 0');
  return value;
}

function invalid(field: string, value: unknown, expected: string): DictclipError {
  return new DictclipError('E_CONFIG', `the retry option ${field} is ${String(value)}; expected ${expected}`, { key: `retry.${field}` });
}

/** Whether an answer of this status is retried. */
export function retriesStatus(policy: RetryPolicy, status: number): boolean {
  return policy.statusCodes.includes(status);
}

/**
 * Whether a failure without an answer is retried: its code is one of `errorCodes`, and not one of
 * `unreachedCodes` while the service has never answered.
 */
export function retriesError(policy: RetryPolicy, error: unknown, answered: boolean): boolean {
  const code = errorCode(error);
  if (code === undefined || !policy.errorCodes.includes(code)) return false;
  return answered || !policy.unreachedCodes.includes(code);
}

/**
 * The wait before retry number `retry` (1-based): `Retry-After` when the answer had one (capped
 * by `maxRetryAfterMs`), else `backoffBaseMs × backoffFactor^(retry-1)` capped by `backoffLimitMs`,
 * with equal jitter when `jitter` (between half and all of it). `random` in [0, 1), for tests.
 */
export function retryDelayMs(policy: RetryPolicy, retry: number, retryAfterMs?: number, random: () => number = Math.random): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(0, retryAfterMs), policy.maxRetryAfterMs);
  const exponential = Math.min(policy.backoffBaseMs * policy.backoffFactor ** Math.max(0, retry - 1), policy.backoffLimitMs);
  return policy.jitter ? Math.round(exponential / 2 + random() * (exponential / 2)) : Math.round(exponential);
}

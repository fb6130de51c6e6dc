/**
 * Retry delays (exponential backoff with jitter, Retry-After honoured and capped) and an
 * abortable sleep, for the retry loop of the HTTP transport (src/client/http.ts).
 */
import { setTimeout as delay } from 'node:timers/promises';

export interface BackoffOptions {
  /** First retry delay in ms. */
  baseMs: number;
  /** Cap of one delay in ms (also caps Retry-After). */
  maxMs: number;
  /** Growth factor per retry. @default 2 */
  factor?: number;
}

/**
 * Parse a Retry-After header value (delay seconds or an HTTP date) into milliseconds from `now`.
 * Returns undefined when absent or unparseable.
 */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const header = Array.isArray(value) ? value[0] : value;
  if (header === undefined || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Delay before retry number `retry` (1-based): Retry-After when given (capped by maxMs), else
 * `baseMs × factor^(retry-1)` capped by maxMs with "equal jitter" (between half and all of it).
 */
export function retryDelayMs(retry: number, options: BackoffOptions, retryAfterMs?: number, random = Math.random): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(0, retryAfterMs), options.maxMs);
  const exponential = Math.min(options.baseMs * (options.factor ?? 2) ** Math.max(0, retry - 1), options.maxMs);
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

/** Wait `ms`, rejecting (with an AbortError) as soon as the signal aborts. */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  await delay(ms, undefined, signal === undefined ? {} : { signal });
}

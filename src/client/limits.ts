/**
 * What one answer of a dictation service may hold, and how long one call may take: the client's
 * defences against a hostile or broken service (docs/security.md, "Client"). The size default
 * and its reasoning are in src/wire-limits.ts.
 */
import { DictclipError, redactUrl } from '../errors.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../wire-limits.js';

/** What a service answer may hold. */
export interface ResponseLimits {
  /**
   * Bytes of one HTTP response body, both as received and after gzip/deflate decoding; also the
   * cap of one WebSocket message and of what one WebSocket session keeps (stable text and markers).
   * @default 67108864 (64 MiB)
   */
  readonly maxResponseBytes: number;
  /** Word markers one WebSocket session may accumulate. @default 200000 (3 h at 18 words a second) */
  readonly maxMarkers: number;
  /** Messages one WebSocket session may receive. @default 200000 (a 3-hour session sends about 72,000) */
  readonly maxMessages: number;
}

/** The default {@link ResponseLimits}. */
export const DEFAULT_RESPONSE_LIMITS: ResponseLimits = Object.freeze({
  maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
  maxMarkers: 200_000,
  maxMessages: 200_000,
});

/**
 * Slowest upload rate a call's deadline allows for, bytes a second: a streamed upload gets
 * `requestTimeoutMs` plus its size at this rate (128 KiB/s, about 1 Mbit/s), so a large upload on
 * a slow line is not cut off while a drip still ends.
 */
export const MIN_UPLOAD_BYTES_PER_S = 128 * 1024;

/** The overall deadline of one HTTP attempt, body included: the timeout plus the upload's share. */
export function attemptDeadlineMs(requestTimeoutMs: number, uploadBytes: number | undefined): number {
  const upload = uploadBytes === undefined || !Number.isFinite(uploadBytes) ? 0 : Math.max(0, uploadBytes);
  return requestTimeoutMs + Math.ceil((upload / MIN_UPLOAD_BYTES_PER_S) * 1000);
}

/** `E_RESPONSE_TOO_LARGE`: a service answer went past one of the limits; `what` names which. */
export function responseTooLarge(
  what: string,
  limit: number,
  context: { method?: string; url: string; status?: number; attempts?: number; path?: string },
): DictclipError {
  const url = redactUrl(context.url);
  const where = context.method === undefined ? url : `${context.method} ${url}`;
  return new DictclipError('E_RESPONSE_TOO_LARGE', `${where}: ${what} exceeds the limit of ${limit.toLocaleString('en-US')} (a broken or hostile service; see docs/security.md to change the limit)`, {
    ...context, url,
  });
}

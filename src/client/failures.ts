/**
 * The DictclipErrors the client reports for a failed request (which failures are retried is the
 * retry policy's, src/client/retry.ts). Nothing here ever sees the Authorization header: errors carry the method, the
 * redacted URL, the status, a body excerpt and the number of attempts.
 */
import { DictclipError, excerpt, redactUrl, type ErrorCode } from '../errors.js';
import { CREDENTIAL_VARIABLES } from './authorization.js';

/** The code of {@link deadlineError}: an attempt's overall deadline passed (body included). */
const DEADLINE_CODE = 'DICTCLIP_DEADLINE';

/** Request timeouts of undici (headersTimeout, bodyTimeout, connect timeout), of the OS, and the overall deadline. */
export const TIMEOUT_CODES: readonly string[] = ['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT', DEADLINE_CODE];

/** What a failed request was, for error context. */
export interface RequestInfo {
  method: string;
  url: string;
  attempts: number;
}

/** The error code of an error or of its cause / aggregated errors (undici and node codes). */
export function errorCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.length > 0) current = inner[0];
    else current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function attemptsText(attempts: number): string {
  return attempts > 1 ? ` after ${attempts} attempts` : '';
}

/**
 * An attempt that did not complete, body included, within its deadline (a service dripping its
 * answer a byte at a time never trips undici's idle timeouts). A transient failure like them.
 */
export function deadlineError(deadlineMs: number, cause: unknown): Error {
  return Object.assign(new Error(`no complete answer within ${deadlineMs} ms`, { cause }), { code: DEADLINE_CODE });
}

/** The caller aborted the request. */
export function abortedError(info: RequestInfo, cause?: unknown): DictclipError {
  return new DictclipError('E_ABORTED', `${info.method} ${redactUrl(info.url)} was aborted`, {
    method: info.method, url: redactUrl(info.url), attempts: info.attempts,
    ...(cause === undefined ? {} : { cause }),
  });
}

/** A request that failed without a usable response: E_TIMEOUT or E_NETWORK. */
export function transportError(error: unknown, info: RequestInfo): DictclipError {
  const code = errorCode(error);
  const url = redactUrl(info.url);
  const reason = error instanceof Error ? error.message : String(error);
  const context = { method: info.method, url, attempts: info.attempts, cause: error };
  if (code === DEADLINE_CODE) {
    return new DictclipError('E_TIMEOUT', `${info.method} ${url} timed out${attemptsText(info.attempts)}: ${reason}, body included`, context);
  }
  if (code !== undefined && TIMEOUT_CODES.includes(code)) {
    return new DictclipError('E_TIMEOUT', `${info.method} ${url} timed out${attemptsText(info.attempts)} (${code})`, context);
  }
  const suffix = code === undefined ? reason : `${code}: ${reason}`;
  return new DictclipError('E_NETWORK', `${info.method} ${url} failed${attemptsText(info.attempts)}: ${suffix}`, context);
}

/** Wire codes of the service's error bodies that the client reports as they are (src/errors.ts). */
const WIRE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'E_BAD_REQUEST', 'E_NOT_FOUND', 'E_METHOD_NOT_ALLOWED', 'E_NOT_DONE', 'E_TOO_LARGE', 'E_UNSUPPORTED_MEDIA_TYPE', 'E_BUSY',
]);

/** The wire code of an error body `<error>…<code>E_…</code>…</error>`, when it is one we know. */
export function wireCode(body: string): ErrorCode | undefined {
  const found = /<error\b[\s\S]*?<code>\s*(E_[A-Z_]+)\s*<\/code>/.exec(body)?.[1] as ErrorCode | undefined;
  return found !== undefined && WIRE_CODES.has(found) ? found : undefined;
}

/**
 * An unexpected status: E_AUTH for 401/403; the service's own code when its error body names a
 * known wire code (E_BUSY, E_NOT_FOUND, …); E_HTTP_STATUS otherwise.
 */
export function statusError(status: number, body: string, expected: number, info: RequestInfo): DictclipError {
  const url = redactUrl(info.url);
  const context = { method: info.method, url, status, bodyExcerpt: excerpt(body), attempts: info.attempts };
  if (status === 401 || status === 403) {
    const refusal = status === 401
      ? 'The service refused the credentials (HTTP 401). Check the user name and the password or API key'
      : 'The service refused the account (HTTP 403). The account\'s password must be changed before its first use';
    const other = status === 401
      ? '; a new account\'s password must also be changed before its first use'
      : '; also check that the credentials are right';
    return new DictclipError('E_AUTH', `${refusal}${other}. Credentials come from ${CREDENTIAL_VARIABLES}.`, context);
  }
  const code = wireCode(body);
  return new DictclipError(
    code ?? 'E_HTTP_STATUS',
    `${info.method} ${url} answered HTTP ${status}${code === undefined ? '' : ` ${code}`} (expected ${expected})${attemptsText(info.attempts)}`,
    context,
  );
}

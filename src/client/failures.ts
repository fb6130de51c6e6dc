/**
 * Classification of transport failures (transient or not) and the DictclipErrors the client
 * reports. Nothing here ever sees the Authorization header: errors carry the method, the
 * redacted URL, the status, a body excerpt and the number of attempts.
 */
import { DictclipError, excerpt, redactUrl } from '../errors.js';
import { CREDENTIAL_VARIABLES } from './authorization.js';

/** Statuses retried with backoff. */
export const TRANSIENT_STATUSES: readonly number[] = [429, 500, 502, 503, 504];

/** Request timeouts of undici (headersTimeout, bodyTimeout, connect timeout) and of the OS. */
const TIMEOUT_CODES: readonly string[] = ['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT'];

/** Connection errors and resets retried with backoff. */
export const TRANSIENT_ERROR_CODES: readonly string[] = [
  'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED',
  'ENETDOWN', 'ENETUNREACH', 'EHOSTDOWN', 'EHOSTUNREACH', 'EAI_AGAIN',
  ...TIMEOUT_CODES,
];

/**
 * Connection errors that mean "nothing is there" when the service has never answered: a refused
 * connection or an unknown host is not retried until a first answer arrived (a wrong base URL
 * fails at once instead of after every retry); after that they are transient like the others.
 */
export const NEVER_REACHED_CODES: readonly string[] = ['ECONNREFUSED', 'ENOTFOUND'];

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

/**
 * True for failures worth another attempt: connection errors, resets and timeouts, and
 * `UND_ERR_REQ_RETRY` (undici could not resume a response body that broke mid-way).
 */
export function isTransientError(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && (TRANSIENT_ERROR_CODES.includes(code) || code === 'UND_ERR_REQ_RETRY');
}

function attemptsText(attempts: number): string {
  return attempts > 1 ? ` after ${attempts} attempts` : '';
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
  if (code !== undefined && TIMEOUT_CODES.includes(code)) {
    return new DictclipError('E_TIMEOUT', `${info.method} ${url} timed out${attemptsText(info.attempts)} (${code})`, context);
  }
  const suffix = code === undefined ? reason : `${code}: ${reason}`;
  return new DictclipError('E_NETWORK', `${info.method} ${url} failed${attemptsText(info.attempts)}: ${suffix}`, context);
}

/** An unexpected status: E_AUTH for 401/403, E_HTTP_STATUS otherwise. */
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
  return new DictclipError(
    'E_HTTP_STATUS',
    `${info.method} ${url} answered HTTP ${status} (expected ${expected})${attemptsText(info.attempts)}`,
    context,
  );
}

/**
 * HTTP failures of the embedded service. A handler throws {@link HttpError} (a DictclipError that
 * also carries the status, the code written in the error body and extra response headers); the
 * server turns every thrown value into the XML error body of {@link toErrorResponse}.
 */
import { DictclipError, type ErrorCode } from '../errors.js';

/** Codes written in `<error><code>…</code></error>` bodies (stable, in src/errors.ts ERROR_CODES and the README). */
export type HttpErrorCode = Extract<ErrorCode,
  | 'E_BAD_REQUEST' | 'E_AUTH' | 'E_PASSWORD_CHANGE_REQUIRED' | 'E_NOT_FOUND' | 'E_METHOD_NOT_ALLOWED'
  | 'E_NOT_DONE' | 'E_TOO_LARGE' | 'E_UNSUPPORTED_MEDIA_TYPE' | 'E_BUSY' | 'E_THROTTLED' | 'E_INTERNAL'>;

/** A failure answered with a specific HTTP status; its `code` is the one written in the error body. */
export class HttpError extends DictclipError {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(code, message, { status, ...(options.cause === undefined ? {} : { cause: options.cause }) });
    this.status = status;
    this.headers = options.headers ?? {};
  }
}

/** 400 with a message naming the bad parameter. */
export function badRequest(message: string): HttpError {
  return new HttpError(400, 'E_BAD_REQUEST', message);
}

/** 404; the same answer whether the resource is missing or belongs to another tenant. */
export function notFound(what = 'resource'): HttpError {
  return new HttpError(404, 'E_NOT_FOUND', `No such ${what}.`);
}

/** 409 for results asked before the dictation is done. */
export function notDone(): HttpError {
  return new HttpError(409, 'E_NOT_DONE', 'The dictation is not done yet; poll {dictation}/done until it answers true.');
}

/** What the server writes for any thrown value: status, body code, public message, headers. */
export interface ErrorResponse {
  status: number;
  code: string;
  message: string;
  headers: Readonly<Record<string, string>>;
  /** True when the failure is unexpected (logged internally; the client gets a generic message). */
  internal: boolean;
}

/** Map anything thrown by a handler to the response; never exposes stack traces or causes. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof HttpError) {
    return { status: error.status, code: error.code, message: error.message, headers: error.headers, internal: false };
  }
  return { status: 500, code: 'E_INTERNAL', message: 'Internal server error.', headers: {}, internal: true };
}

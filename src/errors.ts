/**
 * The one error class of dictclip. Every failure the library reports is a `DictclipError` with a
 * stable `code` (safe to switch on, printed in `failures.csv`) and the context needed to debug it.
 * Messages and context never contain credentials: URLs are passed through {@link redactUrl}.
 */

export type ErrorCode =
  /** Bad configuration value (key, value and fix are in the message). */
  | 'E_CONFIG'
  /** Bad command-line usage. */
  | 'E_USAGE'
  /** The service answered with a status other than the expected one. */
  | 'E_HTTP_STATUS'
  /** The service refused the credentials (401) or the account (403). */
  | 'E_AUTH'
  /** No credentials in the environment although a remote service is configured. */
  | 'E_CREDENTIALS_MISSING'
  /** Connection refused, reset, DNS failure, socket error. */
  | 'E_NETWORK'
  /** `--base-url` leads to no dictation service: nothing answered, or the first upload was not found (404), before any dictation succeeded. */
  | 'E_BASE_URL'
  /** A request took longer than its timeout. */
  | 'E_TIMEOUT'
  /** The caller aborted the operation (AbortSignal). */
  | 'E_ABORTED'
  /** A dictation did not report done within the overall wait timeout. */
  | 'E_DICTATION_TIMEOUT'
  /** The dictation was canceled on the service. */
  | 'E_DICTATION_CANCELED'
  /** A response body is not the expected shape (bad XML, missing Location, bad done body …). */
  | 'E_RESPONSE_INVALID'
  /** Word markers are malformed or inconsistent with the transcript or the audio. */
  | 'E_MARKERS_INVALID'
  /** Word markers read in the configured unit (`--marker-unit`) cannot fit the audio: the unit is wrong. */
  | 'E_MARKER_UNIT'
  /** ffmpeg failed (exit code and stderr tail in the context). */
  | 'E_FFMPEG'
  /** No ffmpeg binary could be found. */
  | 'E_FFMPEG_NOT_FOUND'
  /** A WAV/PCM file is not what it claims to be. */
  | 'E_AUDIO_INVALID'
  /** An input file or directory cannot be read or is not audio. */
  | 'E_INPUT'
  /** A WebSocket dictation failed (protocol error, refusal, unexpected close). */
  | 'E_WEBSOCKET'
  /** The embedded recognizer failed or is not installed. */
  | 'E_ENGINE'
  /** The embedded service cannot listen on its host and port (in use, not allowed). */
  | 'E_LISTEN'
  /** Account management failure in the embedded service. */
  | 'E_ACCOUNT'
  /** Writing output failed. */
  | 'E_OUTPUT'
  /** A folder given as a run output is not one (the message names what is missing); exit 2. */
  | 'E_NOT_RUN_OUTPUT'
  /** Run outputs that cannot be merged into one (overlapping, other options or shard counts, incomplete, not shard outputs). */
  | 'E_MERGE';

export interface ErrorContext {
  /** HTTP method of the failed request. */
  method?: string;
  /** URL of the failed request, without credentials or query secrets. */
  url?: string;
  /** HTTP status received. */
  status?: number;
  /** First few hundred characters of the response body. */
  bodyExcerpt?: string;
  /** Exit code of a child process (ffmpeg, pocketsphinx). */
  exitCode?: number | null;
  /** Signal that ended a child process. */
  signal?: string | null;
  /** Last lines of a child process's stderr. */
  stderrTail?: string;
  /** Command line of a child process. */
  command?: string;
  /** A file involved in the failure. */
  path?: string;
  /** Configuration key involved. */
  key?: string;
  /** Index of the first bad marker. */
  markerIndex?: number;
  /** Number of attempts made before giving up. */
  attempts?: number;
}

export interface DictclipErrorOptions extends ErrorContext {
  cause?: unknown;
}

export class DictclipError extends Error {
  override readonly name = 'DictclipError';
  readonly code: ErrorCode;
  readonly context: Readonly<ErrorContext>;

  constructor(code: ErrorCode, message: string, options: DictclipErrorOptions = {}) {
    const { cause, ...context } = options;
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
    this.context = Object.freeze(context);
  }

  /** A one-line description for logs and CSV: code, message and the most useful context. */
  describe(): string {
    const parts: string[] = [];
    const c = this.context;
    if (c.method !== undefined && c.url !== undefined) parts.push(`${c.method} ${c.url}`);
    if (c.status !== undefined) parts.push(`status ${c.status}`);
    if (c.exitCode !== undefined && c.exitCode !== null) parts.push(`exit code ${c.exitCode}`);
    if (c.path !== undefined) parts.push(c.path);
    const where = parts.length > 0 ? ` (${parts.join(', ')})` : '';
    return `${this.code}: ${this.message}${where}`;
  }
}

export function isDictclipError(error: unknown, code?: ErrorCode): error is DictclipError {
  return error instanceof DictclipError && (code === undefined || error.code === code);
}

/** Wrap anything thrown into a DictclipError, keeping an existing one unchanged. */
export function toDictclipError(error: unknown, fallback: ErrorCode, message?: string): DictclipError {
  if (error instanceof DictclipError) return error;
  const text = error instanceof Error ? error.message : String(error);
  return new DictclipError(fallback, message ?? text, { cause: error });
}

/** Remove user info and secret-looking query parameters from a URL for messages and logs. */
export function redactUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    return String(url).replace(/\/\/[^/@]*@/, '//');
  }
  parsed.username = '';
  parsed.password = '';
  for (const key of [...parsed.searchParams.keys()]) {
    if (/pass|key|token|secret|auth/i.test(key)) parsed.searchParams.set(key, 'REDACTED');
  }
  return parsed.toString();
}

/** Keep the first `max` characters of a body, on one line, for error context. */
export function excerpt(body: string, max = 300): string {
  const oneLine = body.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}

/** Keep the last `lines` lines of a child process's stderr. */
export function tail(text: string, lines = 15): string {
  return text.trimEnd().split(/\r?\n/).slice(-lines).join('\n');
}

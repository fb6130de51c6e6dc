/**
 * The one error class of dictclip. Every failure the library reports is a `DictclipError` with a
 * stable `code` (safe to switch on, printed in `failures.csv`) and the context needed to debug it.
 * Messages and context never contain credentials: URLs are passed through {@link redactUrl}.
 */

/** One row of {@link ERROR_CODES}. */
export interface ErrorInfo {
  /** What the code means, in one line. */
  readonly meaning: string;
  /** Exit status of the CLI when a command ends with this error: 2 misuse (nothing written), 130 interrupted, else 1. */
  readonly exitStatus: 1 | 2 | 130;
}

/**
 * The one table of error codes: each code's one meaning and the CLI's exit status for it. Codes
 * are stable (safe to switch on; written in failures.csv). The service's wire codes (written in
 * its `<error><code>` bodies) are codes here too, and the client reports them as such.
 */
export const ERROR_CODES = {
  E_CONFIG: { exitStatus: 2, meaning: 'Bad configuration value (key, value and fix are in the message).' },
  E_USAGE: { exitStatus: 2, meaning: 'Bad command-line usage (unknown flag or command, missing argument): the CLI only.' },
  E_HTTP_STATUS: { exitStatus: 1, meaning: 'The service answered with a status other than the expected one, and no more specific code (its error body names none we know).' },
  E_AUTH: { exitStatus: 1, meaning: 'The service refused the credentials (401) or the account (403).' },
  E_CREDENTIALS_MISSING: { exitStatus: 2, meaning: 'A remote service (`baseUrl`) is configured but no credentials were given (the `credentials` option; the CLI reads them from the environment).' },
  E_NETWORK: { exitStatus: 1, meaning: 'Connection refused, reset, DNS failure, socket error.' },
  E_OTHER_SERVICE: { exitStatus: 2, meaning: 'The output folder holds the results of another dictation service (its run.json names it): the run refuses to dictate them again with this one unless told to (`--new-service`).' },
  E_BASE_URL: { exitStatus: 1, meaning: '`--base-url` leads to no dictation service: nothing answered, or the first upload was not found (404), before any dictation succeeded.' },
  E_TIMEOUT: { exitStatus: 1, meaning: 'A request took longer than its timeout (headers and the whole body, each attempt), or a request body did not reach a server (the service\'s form, the review\'s save) within its time.' },
  E_CROSS_ORIGIN: { exitStatus: 1, meaning: 'The service named a URL (a Location header, the observer URL) on another origin than the base URL (scheme, host or port): nothing is sent there.' },
  E_RESPONSE_TOO_LARGE: { exitStatus: 1, meaning: 'A service answer exceeds the client\'s limits: a body larger than maxResponseBytes as received or decoded, or a WebSocket session with too many bytes, markers or messages.' },
  E_ABORTED: { exitStatus: 130, meaning: 'The caller aborted the operation (AbortSignal).' },
  E_DICTATION_TIMEOUT: { exitStatus: 1, meaning: 'A dictation did not report done within the overall wait timeout.' },
  E_DICTATION_CANCELED: { exitStatus: 1, meaning: 'The dictation was canceled on the service.' },
  E_RESPONSE_INVALID: { exitStatus: 1, meaning: 'A response body is not the expected shape (bad XML, missing Location, bad done body …).' },
  E_MARKERS_INVALID: { exitStatus: 1, meaning: 'Word markers are malformed or inconsistent with the transcript or the audio.' },
  E_MARKER_UNIT: { exitStatus: 1, meaning: 'Word markers read in the configured unit (`--marker-unit`) cannot fit the audio: the unit is wrong.' },
  E_FFMPEG: { exitStatus: 1, meaning: 'ffmpeg failed (exit code and stderr tail in the context).' },
  E_FFMPEG_NOT_FOUND: { exitStatus: 1, meaning: 'No ffmpeg binary could be found.' },
  E_ENCODER_MISSING: { exitStatus: 1, meaning: 'The ffmpeg in use has no encoder for the chosen `--upload-format` (the message names it).' },
  E_ENCODE: { exitStatus: 1, meaning: 'Encoding a recording for upload failed, or the encoded audio does not decode back to its length.' },
  E_CHANNEL: { exitStatus: 2, meaning: 'The channel chosen to become the mono audio (`channel`) is not in a recording or clip: it has fewer channels.' },
  E_AUDIO_INVALID: { exitStatus: 1, meaning: 'A WAV/PCM file is not what it claims to be.' },
  E_INPUT: { exitStatus: 1, meaning: 'An input file or directory cannot be read or is not audio.' },
  E_WEBSOCKET: { exitStatus: 1, meaning: 'A WebSocket dictation failed (protocol error, refusal, unexpected close).' },
  E_ENGINE: { exitStatus: 1, meaning: 'The embedded recognizer failed or is not installed.' },
  E_LISTEN: { exitStatus: 1, meaning: 'A server of dictclip (the embedded service, the review page) cannot listen on its host and port (in use, not allowed).' },
  E_ACCOUNT: { exitStatus: 1, meaning: 'Account management failure in the embedded service.' },
  E_OPEN: { exitStatus: 1, meaning: '`dictclip review --open` could not start a browser (the page still serves: open the printed address by hand).' },
  E_REFERENCE_ENCODING: { exitStatus: 1, meaning: 'A reference transcript (`--transcripts`) is not valid UTF-8 text.' },
  E_REFERENCE_EMPTY: { exitStatus: 1, meaning: 'A reference transcript (`--transcripts`) is empty: it has no word to align.' },
  E_REFERENCE_TOO_LARGE: { exitStatus: 1, meaning: 'A reference transcript is larger than the most dictclip reads (16 MiB): it is not read.' },
  E_REFERENCE_MISMATCH: {
    exitStatus: 1,
    meaning: 'A reference transcript is not its recording\'s (the wrong file?): it does not fit the audio (acoustic alignment) or matches almost nothing the recognizer heard (text alignment).',
  },
  E_CORRECTIONS_INVALID: { exitStatus: 1, meaning: 'A word-edits file of `dictclip review` (`corrections/<src>.words.json`) is not valid: not JSON, another version or recording, or a bad word (the message says which).' },
  E_REFERENCE_MISSING: { exitStatus: 1, meaning: 'A run that requires reference transcripts (`--require-transcripts`) found none for a recording: nothing is cut from it (the message names the files looked for and the closest unused reference).' },
  E_OUTPUT: { exitStatus: 1, meaning: 'Writing output failed.' },
  E_UNSAFE_NAME: { exitStatus: 2, meaning: 'A file name a run output names (a source, a clip) holds a control character (newline, ESC …): a line-based file such as Kaldi\'s wav.scp would split it or run part of it, so the export refuses it.' },
  E_UNSAFE_PATH: { exitStatus: 2, meaning: 'A file a run output names leaves its folder (`..`, a symbolic link out of it) or is not a regular file (a clip that is a link): exports and the review read only regular files inside the output folder and sources inside the input folder.' },
  E_RUN_FILE_INVALID: { exitStatus: 1, meaning: 'A file a run wrote beside its tables (markers/, alignments/, a timed transcript, a recording\'s state, waveform peaks) is not valid: not JSON, another version or another shape (the message names the file and what is wrong).' },
  E_NOT_RUN_OUTPUT: { exitStatus: 2, meaning: 'A folder given as a run output is not one (the message names what is missing).' },
  E_MERGE: { exitStatus: 2, meaning: 'Run outputs that cannot be merged into one (overlapping, other options or shard counts, incomplete, not shard outputs).' },
  E_INVALID_ARGUMENT: { exitStatus: 1, meaning: 'A library function was called with an argument outside its contract (a caller bug, not bad input data).' },
  E_INTERNAL: { exitStatus: 1, meaning: 'An invariant of dictclip itself broke, or an unexpected non-dictclip error escaped: a bug to report.' },
  E_BAD_REQUEST: { exitStatus: 1, meaning: 'Service wire code (400): a request parameter is missing or malformed.' },
  E_PASSWORD_CHANGE_REQUIRED: { exitStatus: 1, meaning: 'Service wire code (403): the account\'s initial password must be changed before first use.' },
  E_NOT_FOUND: { exitStatus: 1, meaning: 'Service wire code (404): no such dictation or upload (or it belongs to another tenant).' },
  E_METHOD_NOT_ALLOWED: { exitStatus: 1, meaning: 'Service wire code (405): the path exists but not with this method.' },
  E_NOT_DONE: { exitStatus: 1, meaning: 'Service wire code (409): a result was asked for before its dictation is done.' },
  E_TOO_LARGE: { exitStatus: 1, meaning: 'Service wire code (413): an upload, a form or a review\'s save is larger than the server accepts.' },
  E_UNSUPPORTED_MEDIA_TYPE: { exitStatus: 1, meaning: 'Service wire code (415): the upload\'s content type is not an accepted audio format.' },
  E_BUSY: { exitStatus: 1, meaning: 'Service wire code (503): too many simultaneous requests for this user; retried after Retry-After.' },
  E_THROTTLED: { exitStatus: 1, meaning: 'Service wire code (429): too many failed logins from this address (or from all) lately; the password was not checked; retried after Retry-After.' },
} as const satisfies Record<string, ErrorInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

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

/**
 * Brand of every DictclipError, shared through the global symbol registry: an error made by one
 * copy of the package (two versions in one node_modules tree) is recognized by another.
 */
const BRAND = Symbol.for('dictclip.error');

export class DictclipError extends Error {
  override readonly name: string = 'DictclipError';
  readonly code: ErrorCode;
  readonly context: Readonly<ErrorContext>;

  /** `error instanceof DictclipError` holds across copies of the package (by the brand). */
  static override [Symbol.hasInstance](instance: unknown): boolean {
    if (this !== DictclipError) return Function.prototype[Symbol.hasInstance].call(this, instance);
    return typeof instance === 'object' && instance !== null && (instance as Record<symbol, unknown>)[BRAND] === true;
  }

  get [BRAND](): true {
    return true;
  }

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

/** The exit status the CLI gives error code `code` (a code read back from failures.csv may be unknown: 1). */
export function exitStatusOf(code: string): number {
  return (ERROR_CODES as Readonly<Record<string, { exitStatus: number } | undefined>>)[code]?.exitStatus ?? 1;
}

/** True for a DictclipError of any copy of the package (by its brand), of `code` when given. */
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

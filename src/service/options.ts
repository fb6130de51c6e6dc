/** Options of the embedded dictation service and their defaults. */
import { availableParallelism } from 'node:os';
import { DictclipError } from '../errors.js';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../upload-audio.js';
import type { ScriptFile } from './engines/script-file.js';
import type { PocketSphinxOptions } from './engines/pocketsphinx.js';
import type { Engine, Profile } from './types.js';
import { parseFaultSpec, type FaultOptions } from './faults/index.js';
import { resolveLoginLimits, type LoginLimits } from './login-throttle.js';

export interface ServiceOptions {
  /** Folder of accounts.json, profiles.json, audio/, dictations/ and work/ (created when missing). */
  readonly dataDir: string;
  /** Address to listen on. @default '127.0.0.1' */
  readonly host?: string;
  /**
   * The base URL clients reach the service at (`http(s)://name[:port]`, no path), used for every
   * `Location` header and URL in a body. Without it those are built from the Host header only when
   * it names one of this machine's own addresses and the service's port, else from the listening
   * address: a Host header is never echoed as it came. @default undefined
   */
  readonly publicUrl?: string;
  /** Port to listen on; 0 picks a free port (see {@link RunningService.port}). @default 8080 */
  readonly port?: number;
  /** The recognizer: a name or an Engine object. @default 'pocketsphinx' */
  readonly engine?: Engine | 'pocketsphinx' | 'scripted';
  /** Options of the 'pocketsphinx' engine (processes, maxActiveHmms, settings, …). @default {} */
  readonly pocketsphinx?: PocketSphinxOptions;
  /** Script of the 'scripted' engine. @default { scripts: [], fallback: 'segments' } */
  readonly script?: ScriptFile;
  /** Dictation jobs run at once. @default os.availableParallelism() */
  readonly jobConcurrency?: number;
  /**
   * Simultaneous in-flight HTTP requests and WebSocket sessions per user (together); more are
   * answered 503 with Retry-After: 1 (a WebSocket session: STARTDICTATION refused with status 503,
   * close 1013). @default 8
   */
  readonly perUserLimit?: number;
  /**
   * Bounds on password hashing by unauthenticated callers (docs/security.md): hashes at once,
   * failed logins per client address and in all before 429 with Retry-After.
   * @default { hashConcurrency: 2, hashQueue: 16, clientFailures: 5, globalFailures: 100, windowMs: 60000 }
   */
  readonly loginLimits?: LoginLimits;
  /** Largest accepted upload, bytes (413 beyond). @default 21000000 */
  readonly maxUploadBytes?: number;
  /**
   * Most bytes of stored audio per tenant (the folder `<dataDir>/audio/<tenant>/` its users'
   * uploads go to): an upload that would go past it is answered 413 E_TOO_LARGE and nothing is
   * stored; re-uploading audio already stored costs nothing. @default 2147483648 (2 GiB)
   */
  readonly maxStoredBytes?: number;
  /**
   * Hold a `GET …/done` of an unfinished dictation open until it finishes, at most this long, ms
   * (a long poll: the answer comes the moment the job ends instead of at the client's next poll).
   * 0 answers at once. At most 10000. @default 0
   */
  readonly doneHoldMs?: number;
  /** Dictation profiles (substitutions), besides those of `<dataDir>/profiles.json`. @default [] */
  readonly profiles?: Profile[];
  /** Fault injection, e.g. `seed=7,rate=0.2,kinds=500+503+reset` (README: Reliability). @default undefined (off) */
  readonly faults?: string;
  /** Receives one line per request: method, path without query, status, duration. @default undefined (no logging) */
  readonly log?: (line: string) => void;
  /** The ffmpeg binary. @default FFMPEG_PATH, then ffmpeg-static, then `ffmpeg` on PATH */
  readonly ffmpegPath?: string;
}

/** A started service. */
export interface RunningService {
  /** Base URL, e.g. `http://127.0.0.1:8080`. */
  url: string;
  /** The port actually listened on. */
  port: number;
  /** Stop accepting, abort running jobs (re-queued at the next start), close every connection. */
  close(): Promise<void>;
}

export interface ResolvedOptions {
  dataDir: string;
  host: string;
  publicUrl: string | undefined;
  port: number;
  jobConcurrency: number;
  perUserLimit: number;
  loginLimits: Required<LoginLimits>;
  maxUploadBytes: number;
  maxStoredBytes: number;
  doneHoldMs: number;
  profiles: Profile[];
  log: (line: string) => void;
  ffmpegPath: string | undefined;
  faults: FaultOptions | undefined;
}

/** Default of {@link ServiceOptions.maxStoredBytes}: 2 GiB of stored audio per tenant. */
export const DEFAULT_MAX_STORED_BYTES = 2 * 1024 ** 3;

/** The longest {@link ServiceOptions.doneHoldMs}: a held poll stays well under any client's request timeout. */
export const MAX_DONE_HOLD_MS = 10_000;

function positiveInteger(name: string, value: number | undefined, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new DictclipError('E_CONFIG', `Service option ${name} must be an integer ${range} (got ${value}).`, { key: name });
  }
  return value;
}

function publicUrlOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== ''
    || url.search !== '' || url.hash !== '' || url.pathname !== '/') {
    throw new DictclipError('E_CONFIG', `Service option publicUrl must be an http(s) origin such as https://dictation.example:8443, without a path (got "${value}").`, { key: 'publicUrl' });
  }
  return url.origin;
}

/** Apply defaults and validate. @throws E_CONFIG naming the bad option. */
export function resolveOptions(options: ServiceOptions): ResolvedOptions {
  if (typeof options.dataDir !== 'string' || options.dataDir === '') {
    throw new DictclipError('E_CONFIG', 'Service option dataDir is required.', { key: 'dataDir' });
  }
  return {
    dataDir: options.dataDir,
    host: options.host ?? '127.0.0.1',
    publicUrl: publicUrlOf(options.publicUrl),
    port: positiveInteger('port', options.port, 8080, 0),
    jobConcurrency: positiveInteger('jobConcurrency', options.jobConcurrency, availableParallelism()),
    perUserLimit: positiveInteger('perUserLimit', options.perUserLimit, 8),
    loginLimits: resolveLoginLimits(options.loginLimits),
    maxUploadBytes: positiveInteger('maxUploadBytes', options.maxUploadBytes, DEFAULT_MAX_UPLOAD_BYTES),
    maxStoredBytes: positiveInteger('maxStoredBytes', options.maxStoredBytes, DEFAULT_MAX_STORED_BYTES),
    doneHoldMs: positiveInteger('doneHoldMs', options.doneHoldMs, 0, 0, MAX_DONE_HOLD_MS),
    profiles: options.profiles ?? [],
    log: options.log ?? (() => undefined),
    ffmpegPath: options.ffmpegPath,
    faults: options.faults === undefined || options.faults.trim() === '' ? undefined : parseFaultSpec(options.faults),
  };
}

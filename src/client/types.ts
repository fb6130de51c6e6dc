import type { RawWordMarker } from '../markers/model.js';
import type { RetryOptions } from './retry.js';

import type { Credentials } from '../credentials.js';

export type { Credentials } from '../credentials.js';

/** Options of {@link DictationClient}. */
export interface ClientOptions {
  /** Base address of the service, e.g. `https://example.com` ({base_url} of the spec). */
  readonly baseUrl: string;
  /** Credentials sent with every call. */
  readonly credentials: Credentials;
  /** The path segment before `factory` in the dictation creation URL. @default 'nvoq' */
  readonly factoryScope?: string;
  /** Maximum simultaneous connections to the service (keep-alive pool). @default 8 */
  readonly connections?: number;
  /**
   * Timeout of one request in ms: no headers, or no body byte, for this long fails it, and so does
   * an attempt not complete (body included) within it (plus, for an upload, its size at 128 KiB/s). @default 60000
   */
  readonly requestTimeoutMs?: number;
  /**
   * How failed requests are retried (connection errors, timeouts, 429, 500, 502, 503, 504 by
   * default: 6 retries, backoff from 500 ms doubling to 30 s with jitter, Retry-After capped at
   * 30 s), and a hook told each retry. @default {} (every default of RetryOptions)
   */
  readonly retry?: RetryOptions;
  /**
   * Cap of one response body in bytes, as received and after gzip/deflate decoding; past it the
   * call fails with `E_RESPONSE_TOO_LARGE`. @default 67108864 (64 MiB; see src/client/limits.ts)
   */
  readonly maxResponseBytes?: number;
  /** Accept-Language sent with statistics calls. @default 'en-US' */
  readonly acceptLanguage?: string;
}

/** Form parameters of dictation creation (spec 4.2). Undefined ones are not sent. */
export interface CreateDictationParams {
  /** @default false */
  streaming?: boolean;
  profile?: string;
  audioUrl: string;
  /** pcm-16khz, pcm-8khz, ogg, webm or mp4. */
  audioFormat: string;
  /** @default true */
  audioUrlComplete?: boolean;
  priority?: number;
  jobDelayInMillis?: number;
  clientObserverId?: string;
  clientObserverExpireSeconds?: number;
}

/** The dictation XML of spec 2.2, typed. */
export interface DictationDetails {
  done: boolean;
  id: string;
  profile: string | undefined;
  queuedTime: number | undefined;
  /** Entries of statsAsProperties, key to value (the wordMarkers value is raw JSON text). */
  statsAsProperties: Map<string, string>;
  statsString: string | undefined;
  url: string | undefined;
  audioName: string | undefined;
  tenantDatabase: string | undefined;
  textName: string | undefined;
  canceled: boolean;
  canceledTime: number | undefined;
  phonemesName: string | undefined;
  streaming: boolean;
  substitutedTextName: string | undefined;
}

/** Options of one call. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Options of {@link DictationClient.waitForDone}. */
export interface WaitOptions extends CallOptions {
  /** Duration of the dictated audio; the overall timeout scales with it. */
  audioDurationMs: number;
  /** First poll interval. @default 1000 */
  initialIntervalMs?: number;
  /** Cap of the poll interval. @default 5000 */
  maxIntervalMs?: number;
  /** Overall timeout; by default 120 s + 3 × the audio duration. */
  timeoutMs?: number;
}

/** Result of a WebSocket dictation. */
export interface WebSocketDictation {
  dictationId: string | undefined;
  text: string;
  substitutedText: string;
  markers: RawWordMarker[];
  /** Number of HYPOTHESISTEXT messages received (for diagnostics). */
  hypotheses: number;
}

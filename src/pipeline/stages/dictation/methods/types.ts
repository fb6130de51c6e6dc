/**
 * The shape every marker method (new, old, WebSocket; one file each, registered in ./index.ts)
 * fills in: how it sends one WAV to the service, how it picks up a dictation an earlier run left,
 * and the one outcome it reports.
 */
import type { Credentials, DictationClient } from '../../../../client/index.js';
import type { MarkerMethod, MarkerUnit, WordMarker } from '../../../../markers/index.js';
import type { Stage } from '../../../../run-output/rows.js';

/** The validated result of dictating one WAV (a whole recording or one chunk). */
export interface DictationOutcome {
  /** Last path segment of the dictation location (or the WebSocket's dictation id). */
  dictationId: string;
  transcript: string;
  markers: WordMarker[];
  collapsed: boolean;
  warnings: string[];
  /** Number of done polls (0 over WebSocket). */
  polls: number;
}

/** What a marker method needs besides the audio. */
export interface DictateContext {
  client: DictationClient;
  baseUrl: string;
  credentials: Credentials;
  method: MarkerMethod;
  markerUnit: MarkerUnit;
  profile: string | undefined;
  pollInitialMs: number;
  pollMaxMs: number;
  /** Overall wait for one dictation; undefined = the client's default (scales with the audio). */
  dictationTimeoutMs?: number | undefined;
  /** Cap of one WebSocket message and of what a session keeps, bytes. @default the client's */
  maxResponseBytes?: number | undefined;
  signal?: AbortSignal | undefined;
  /** The `audio-format` of the files dictated (`ogg`, `webm`, `mp4`). @default 'pcm-16khz' */
  audioFormat?: 'ogg' | 'webm' | 'mp4' | undefined;
  /** Told the current stage (upload, dictate, markers) for failure reports. */
  onStage?: ((stage: Stage) => void) | undefined;
  /**
   * The run's dictations in flight at the service: each location is added once created and removed
   * once its results are fetched or it failed; an abort leaves it in, for the run to cancel it.
   * @default undefined (not tracked)
   */
  inFlight?: Set<string> | undefined;
  /** Told each dictation's location the moment it is created (to save it for a resume). @default undefined */
  onCreated?: ((location: string) => void) | undefined;
}

/** One way of getting word markers from the service. */
export interface MarkerMethodStrategy {
  readonly name: MarkerMethod;
  /**
   * Send the audio ahead of the dictation (HTTP: upload it, spec 4.1) and return what
   * {@link dictate} takes; done before taking a dictation slot, so that the next upload overlaps
   * the running dictations. Undefined for a method that sends the audio inside its dictation.
   */
  readonly prepare?: ((ctx: DictateContext, wavPath: string) => Promise<string>) | undefined;
  /**
   * Dictate one 16 kHz mono WAV (at most the upload cap) and return its validated markers.
   * `prepared`: what {@link prepare} gave (else the method prepares the audio itself).
   * @throws DictclipError from the client, `E_DICTATION_CANCELED`, or `E_MARKERS_INVALID`.
   */
  dictate(ctx: DictateContext, wavPath: string, audioDurationMs: number, prepared?: string): Promise<DictationOutcome>;
  /**
   * Wait for the dictation at `location` (saved by an earlier run, src/pipeline/recording/pending.ts) and
   * fetch its validated markers. Undefined for a method whose dictations have no location to
   * come back to (WebSocket): an interrupted one is dictated again.
   * @throws DictclipError as {@link dictate}; `E_NOT_FOUND` when the service no longer has it.
   */
  readonly resume?: ((ctx: DictateContext, location: string, audioDurationMs: number) => Promise<DictationOutcome>) | undefined;
}

/** The audio-format of PCM work audio (what is sent unless ctx.audioFormat says otherwise). */
export const PCM_FORMAT = 'pcm-16khz';

/** The `call` options of the client for a context's signal. */
export function callOptions(ctx: Pick<DictateContext, 'signal'>): { signal?: AbortSignal } {
  return ctx.signal === undefined ? {} : { signal: ctx.signal };
}

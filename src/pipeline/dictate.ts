import { DictclipError, isDictclipError } from '../errors.js';
import { contentTypeForFormat, dictateOverWebSocket } from '../client/index.js';
import type { Credentials, DictationClient } from '../client/index.js';
import { chooseOldTranscript, decodeNewMarkers, decodeOldMarkers, validateMarkers } from '../markers/index.js';
import type { MarkerMethod, MarkerUnit, WordMarker } from '../markers/index.js';
import type { Stage } from '../run-output/rows.js';

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

/** What {@link dictateWav} needs besides the audio. */
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

/** The audio-format of PCM work audio (what is uploaded unless ctx.audioFormat says otherwise). */
const PCM_FORMAT = 'pcm-16khz';

/**
 * Upload one file for an HTTP dictation (spec 4.1) and return its audio URL; undefined for the
 * WebSocket method, which sends the audio inside its dictation. Done before taking a dictation
 * slot, so that the next upload overlaps the running dictations.
 */
export async function uploadForDictation(ctx: DictateContext, wavPath: string): Promise<string | undefined> {
  if (ctx.method === 'websocket') return undefined;
  ctx.onStage?.('upload');
  return ctx.client.uploadAudio(wavPath, contentTypeForFormat(ctx.audioFormat ?? PCM_FORMAT), ctx.signal === undefined ? {} : { signal: ctx.signal });
}

/**
 * Dictate one 16 kHz mono WAV (at most the upload cap) by the configured marker method and
 * return its validated markers. `audioUrl`: the file already uploaded by {@link uploadForDictation}
 * (else it is uploaded here).
 * @throws DictclipError from the client, `E_DICTATION_CANCELED`, or `E_MARKERS_INVALID`.
 */
export async function dictateWav(ctx: DictateContext, wavPath: string, audioDurationMs: number, audioUrl?: string): Promise<DictationOutcome> {
  if (ctx.method === 'websocket') return viaWebSocket(ctx, wavPath, audioDurationMs);
  const { client } = ctx;
  const call = ctx.signal === undefined ? {} : { signal: ctx.signal };
  audioUrl ??= await uploadForDictation(ctx, wavPath) ?? '';
  ctx.onStage?.('dictate');
  // The creation is not aborted halfway (a dictation the service made but whose location never
  // arrived could not be canceled): it completes, then an abort stops here with it in flight.
  // One not started yet never starts once aborted.
  if (ctx.signal?.aborted === true) throw new DictclipError('E_ABORTED', 'the dictation was not created: the run was aborted', { cause: ctx.signal.reason });
  const location = await client.createDictation({
    audioUrl, audioFormat: ctx.audioFormat ?? PCM_FORMAT, streaming: false, audioUrlComplete: true,
    ...(ctx.profile === undefined ? {} : { profile: ctx.profile }),
  }, ctx.inFlight === undefined ? call : {});
  ctx.onCreated?.(location);
  return resumeDictation(ctx, location, audioDurationMs);
}

/**
 * Wait for the dictation at `location` (created by this run or saved by an earlier one) to be
 * done and fetch its validated markers and text, keeping it in `ctx.inFlight` meanwhile.
 * @throws DictclipError as {@link dictateWav}; `E_NOT_FOUND` when the service no longer has it.
 */
export async function resumeDictation(ctx: DictateContext, location: string, audioDurationMs: number): Promise<DictationOutcome> {
  ctx.inFlight?.add(location);
  try {
    if (ctx.signal?.aborted === true) throw new DictclipError('E_ABORTED', `dictation ${lastSegment(location)} was left when the run was aborted`, { url: location, cause: ctx.signal.reason });
    return await fetchResults(ctx, location, audioDurationMs);
  } finally {
    // Aborted: it may still run (and be charged) on the service; the run cancels what is left here.
    if (ctx.signal?.aborted !== true) ctx.inFlight?.delete(location);
  }
}

/** Wait for a created dictation to be done and fetch its validated markers and text. */
async function fetchResults(ctx: DictateContext, location: string, audioDurationMs: number): Promise<DictationOutcome> {
  const { client } = ctx;
  const call = ctx.signal === undefined ? {} : { signal: ctx.signal };
  const dictationId = lastSegment(location);
  const { polls } = await client.waitForDone(location, {
    ...call, audioDurationMs, initialIntervalMs: ctx.pollInitialMs, maxIntervalMs: ctx.pollMaxMs,
    ...(ctx.dictationTimeoutMs === undefined ? {} : { timeoutMs: ctx.dictationTimeoutMs }),
  });
  if (ctx.method === 'old') return { ...(await oldMarkers(ctx, location, audioDurationMs)), dictationId, polls };
  // The dictation (markers) and its text are fetched at once; the dictation's answer is judged first.
  const textAnswer = client.getText(location, call);
  textAnswer.catch(() => undefined);
  const details = await client.getDictation(location, call);
  if (details.canceled) {
    throw new DictclipError('E_DICTATION_CANCELED', `dictation ${dictationId} was canceled on the service`, { url: location });
  }
  ctx.onStage?.('markers');
  const raw = details.statsAsProperties.get('wordMarkers');
  if (raw === undefined) {
    throw new DictclipError('E_MARKERS_INVALID', `dictation ${dictationId} is done but has no wordMarkers entry`, { url: location });
  }
  const decoded = decodeNewMarkers(raw, { unit: ctx.markerUnit, audioDurationMs });
  ctx.onStage?.('dictate');
  const text = await textAnswer;
  ctx.onStage?.('markers');
  const result = await validateNew(ctx, location, decoded.markers, text, audioDurationMs);
  return { ...result, warnings: [...decoded.warnings, ...result.warnings], dictationId, polls };
}

/**
 * Validate new-method markers against `/text`; when they do not fit it (a service whose markers
 * index the substituted text while `/text` gives the original), try the text statistics'
 * SubstitutedText and Transcription before reporting the first error.
 */
async function validateNew(ctx: DictateContext, location: string, markers: WordMarker[], text: string, audioDurationMs: number) {
  try {
    return validateMarkers(markers, { transcripts: [text], audioDurationMs });
  } catch (error) {
    if (!isDictclipError(error, 'E_MARKERS_INVALID')) throw error;
    const stats = await ctx.client.getTextStats(location, ctx.signal === undefined ? {} : { signal: ctx.signal }).catch(() => undefined);
    const others = [stats?.get('SubstitutedText'), stats?.get('Transcription')].filter((t) => t !== undefined && t !== text);
    if (others.length === 0) throw error;
    try {
      return validateMarkers(markers, { transcripts: others, audioDurationMs });
    } catch {
      throw error;
    }
  }
}

async function oldMarkers(ctx: DictateContext, location: string, audioDurationMs: number) {
  const call = ctx.signal === undefined ? {} : { signal: ctx.signal };
  const audioStats = await ctx.client.getAudioStats(location, call);
  const textStats = await ctx.client.getTextStats(location, call);
  ctx.onStage?.('markers');
  const transcription = textStats.get('Transcription') ?? '';
  const substituted = textStats.get('SubstitutedText');
  const wordAudioMarkers = audioStats.get('WordAudioMarkers');
  const wordTextMarkers = textStats.get('WordTextMarkers');
  if (wordAudioMarkers === undefined || wordTextMarkers === undefined) {
    throw new DictclipError('E_MARKERS_INVALID', 'the statistics have no WordAudioMarkers or WordTextMarkers entry', { url: location });
  }
  // The pairs index the substituted text (our service) or the transcription: see chooseOldTranscript.
  const transcript = chooseOldTranscript(wordTextMarkers, [substituted, transcription]);
  const markers = decodeOldMarkers({ wordAudioMarkers, wordTextMarkers, transcript });
  const result = validateMarkers(markers, { transcripts: [transcript], audioDurationMs });
  const warnings = [...result.warnings];
  try {
    ctx.onStage?.('dictate');
    const observer = await ctx.client.getObserverUrl(location, call);
    await ctx.client.deregisterObserver(observer, call);
  } catch (error) {
    // An observer URL on another origin is a hostile answer, not a missed clean-up: the recording fails.
    if (ctx.signal?.aborted === true || isDictclipError(error, 'E_CROSS_ORIGIN')) throw error;
    const detail = error instanceof DictclipError ? error.describe() : String(error);
    warnings.push(`could not de-register the dictation observer (markers are kept): ${detail}`);
  }
  return { ...result, warnings };
}

async function viaWebSocket(ctx: DictateContext, wavPath: string, audioDurationMs: number): Promise<DictationOutcome> {
  ctx.onStage?.('dictate');
  const ws = await dictateOverWebSocket({
    baseUrl: ctx.baseUrl, credentials: ctx.credentials, audioPath: wavPath, audioFormat: ctx.audioFormat ?? PCM_FORMAT, chunkMs: 300,
    ...(ctx.profile === undefined ? {} : { profile: ctx.profile }),
    ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
    ...(ctx.dictationTimeoutMs === undefined ? {} : { timeoutMs: ctx.dictationTimeoutMs }),
    ...(ctx.maxResponseBytes === undefined ? {} : { maxResponseBytes: ctx.maxResponseBytes }),
  });
  ctx.onStage?.('markers');
  const decoded = decodeNewMarkers(ws.markers, { unit: ctx.markerUnit, audioDurationMs });
  const result = validateMarkers(decoded.markers, { transcripts: [ws.substitutedText, ws.text], audioDurationMs });
  return {
    ...result, warnings: [...decoded.warnings, ...result.warnings], dictationId: ws.dictationId ?? '', polls: 0,
  };
}

/** The last non-empty path segment of a URL (the dictation id of a dictation location). */
export function lastSegment(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    pathname = url;
  }
  const segments = pathname.split('/').filter((s) => s !== '');
  const last = segments.at(-1) ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

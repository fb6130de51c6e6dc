/**
 * The HTTP flow the new and old methods share (spec 4.1–4.3): upload the audio, create a
 * dictation of it, poll it until done; then the method reads its markers. A created dictation has
 * a location, saved for a resume (src/pipeline/recording/pending.ts) and kept in the run's in-flight set
 * (canceled when the run stops).
 */
import { DictclipError } from '../../../../errors.js';
import { contentTypeForFormat } from '../../../../client/index.js';
import type { MarkerMethod } from '../../../../markers/index.js';
import { PCM_FORMAT, callOptions } from './types.js';
import type { DictateContext, DictationOutcome, MarkerMethodStrategy } from './types.js';

/** What an HTTP method reads once its dictation is done: the validated markers and text. */
export type ReadMarkers = (
  ctx: DictateContext,
  location: string,
  audioDurationMs: number,
) => Promise<Omit<DictationOutcome, 'dictationId' | 'polls'>>;

/** A marker method over HTTP that reads its markers with `readMarkers`. */
export function httpMethod(name: MarkerMethod, readMarkers: ReadMarkers): MarkerMethodStrategy {
  const resume = (ctx: DictateContext, location: string, audioDurationMs: number): Promise<DictationOutcome> =>
    resumeDictation(ctx, location, audioDurationMs, readMarkers);
  return {
    name,
    prepare: upload,
    async dictate(ctx, wavPath, audioDurationMs, audioUrl) {
      audioUrl ??= await upload(ctx, wavPath);
      ctx.onStage?.('dictate');
      // The creation is not aborted halfway (a dictation the service made but whose location never
      // arrived could not be canceled): it completes, then an abort stops here with it in flight.
      // One not started yet never starts once aborted.
      if (ctx.signal?.aborted === true)
        throw new DictclipError('E_ABORTED', 'the dictation was not created: the run was aborted', { cause: ctx.signal.reason });
      const location = await ctx.client.createDictation({
        audioUrl, audioFormat: ctx.audioFormat ?? PCM_FORMAT, streaming: false, audioUrlComplete: true,
        ...(ctx.profile === undefined ? {} : { profile: ctx.profile }),
      }, ctx.inFlight === undefined ? callOptions(ctx) : {});
      ctx.onCreated?.(location);
      return resume(ctx, location, audioDurationMs);
    },
    resume,
  };
}

/** Upload one file (spec 4.1) and return its audio URL. */
function upload(ctx: DictateContext, wavPath: string): Promise<string> {
  ctx.onStage?.('upload');
  return ctx.client.uploadAudio(wavPath, contentTypeForFormat(ctx.audioFormat ?? PCM_FORMAT), callOptions(ctx));
}

/**
 * Wait for the dictation at `location` (created by this run or saved by an earlier one) to be
 * done and read its markers, keeping it in `ctx.inFlight` meanwhile.
 */
async function resumeDictation(
  ctx: DictateContext,
  location: string,
  audioDurationMs: number,
  readMarkers: ReadMarkers,
): Promise<DictationOutcome> {
  ctx.inFlight?.add(location);
  try {
    if (ctx.signal?.aborted === true)
      throw new DictclipError('E_ABORTED', `dictation ${lastSegment(location)} was left when the run was aborted`, {
        url: location,
        cause: ctx.signal.reason,
      });
    const { polls } = await ctx.client.waitForDone(location, {
      ...callOptions(ctx),
      audioDurationMs,
      initialIntervalMs: ctx.pollInitialMs,
      maxIntervalMs: ctx.pollMaxMs,
      ...(ctx.dictationTimeoutMs === undefined ? {} : { timeoutMs: ctx.dictationTimeoutMs }),
    });
    return { ...(await readMarkers(ctx, location, audioDurationMs)), dictationId: lastSegment(location), polls };
  } finally {
    // Aborted: it may still run (and be charged) on the service; the run cancels what is left here.
    if (ctx.signal?.aborted !== true) ctx.inFlight?.delete(location);
  }
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

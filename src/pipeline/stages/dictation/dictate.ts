/**
 * Dictating one WAV (a whole recording or one chunk) by the run's marker method: the method's row
 * of the table in ./methods/ says how the audio is sent, dictated and resumed; this file adds
 * what a run does around it — the upload and dictation slots, and the dictation an earlier run
 * left for the same span (src/pipeline/recording/pending.ts), polled instead of dictating that audio again.
 */
import type { LimitFunction } from 'p-limit';
import { isDictclipError, toDictclipError } from '../../../errors.js';
import { MARKER_METHODS } from './methods/index.js';
import type { DictateContext, DictationOutcome } from './methods/index.js';
import type { PendingDictations } from '../../recording/pending.js';
import type { ChunkSpan } from './chunks.js';
import { SAMPLES_PER_MS } from './stitch.js';

export type { DictateContext, DictationOutcome } from './methods/index.js';

/** What dictating one chunk uses of its recording and run. */
export interface ChunkRun {
  /** The run's slots: an upload holds no dictation slot. */
  limits: { upload: LimitFunction; dictation: LimitFunction };
  /** The recording's dictations created by earlier runs and not yet saved. */
  pending: PendingDictations;
  warn: (message: string) => void;
}

/** One WAV to dictate: its file, its duration and where it lies on the recording's work audio. */
export interface ChunkAudio {
  path: string;
  durationMs: number;
  span: ChunkSpan;
}

/**
 * Dictate one chunk by `ctx.method`: resume the dictation an earlier run created for its span
 * when the method can (one gone, failed or canceled on the service is dictated again), else
 * prepare (upload) it outside a dictation slot and dictate it inside one.
 * @throws DictclipError as the method's `dictate`.
 */
export async function dictateChunk(base: DictateContext, chunk: ChunkAudio, run: ChunkRun): Promise<DictationOutcome> {
  const method = MARKER_METHODS[base.method];
  // Each chunk's calls listen on a signal of its own (following the recording's): the chunks of a
  // long recording in flight at once do not pile their listeners on one signal.
  const ctx: DictateContext = {
    ...base, ...(base.signal === undefined ? {} : { signal: AbortSignal.any([base.signal]) }),
    onCreated: (location) => void run.pending.created(chunk.span, location).catch(() => undefined), // unsaved: only a full retry
  };
  const { resume, prepare } = method;
  const earlier = resume === undefined ? undefined : run.pending.earlier(chunk.span);
  if (resume !== undefined && earlier !== undefined) {
    const resumed = await run.limits.dictation(() => resume(ctx, earlier.location, chunk.durationMs)).catch((error: unknown) => {
      if (ctx.signal?.aborted === true || isDictclipError(error, 'E_AUTH')) throw error;
      run.warn(`the dictation an earlier run created for ${describeSpan(chunk.span)} cannot be used (${toDictclipError(error, 'E_INTERNAL').code}): dictating it again`);
      return undefined;
    });
    if (resumed !== undefined) return resumed;
  }
  // The upload goes before the dictation slot: a slot is held only while the service dictates.
  const prepared = prepare === undefined ? undefined : await run.limits.upload(() => prepare(ctx, chunk.path));
  return run.limits.dictation(() => method.dictate(ctx, chunk.path, chunk.durationMs, prepared));
}

/** `the audio from 12.5 s to 40 s`, for a chunk's messages. */
function describeSpan(span: ChunkSpan): string {
  return `the audio from ${span.startSample / SAMPLES_PER_MS / 1000} s to ${span.endSample / SAMPLES_PER_MS / 1000} s`;
}

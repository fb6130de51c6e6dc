/**
 * The dictation stage of one recording: its work audio uploaded whole or in chunks, each chunk
 * dictated by the run's marker method (src/pipeline/stages/dictation/dictate.ts; when an earlier run created its
 * dictation, that one polled), the chunks stitched. It writes nothing: the dictations it creates
 * are told to `pending`, whose owner persists them.
 */
import { stat } from 'node:fs/promises';
import type { LimitFunction } from 'p-limit';
import type { WavInfo } from '../../audio/index.js';
import type { Stage } from '../../run-output/rows.js';
import { dictateInChunks } from './dictation/chunks.js';
import { dictateChunk } from './dictation/dictate.js';
import type { DictateContext } from './dictation/dictate.js';
import type { PendingDictations } from '../recording/pending.js';
import type { StitchedDictation } from './dictation/stitch.js';
import type { ResolvedRunOptions } from '../types.js';

/** What the dictation stage uses besides the audio. */
export interface DictationStageContext {
  options: Pick<ResolvedRunOptions, 'maxUploadBytes' | 'uploadFormat'>;
  /** The recording's key (names its chunk files). */
  key: string;
  ffmpegPath: string;
  workDir: string;
  signal: AbortSignal;
  /** The dictation context of the run's service. @throws DictclipError `E_INTERNAL` when the run connected to none. */
  dictation: () => Omit<DictateContext, 'onStage'>;
  /** An upload holds no dictation slot: the two are bounded apart. */
  limits: { upload: LimitFunction; dictation: LimitFunction };
  /** The recording's dictations created by earlier runs and not yet saved (the caller persists new ones). */
  pending: PendingDictations;
  warn: (message: string) => void;
  /** Told each stage entered (split or upload, dictate, markers). */
  onStage: (stage: Stage) => void;
  /** Told the chunk count once split, then after each chunk dictated. */
  onChunks: (done: number, total: number) => void;
}

/**
 * Dictate a recording's work audio: whole when it fits `maxUploadBytes`, else in chunks.
 * @throws DictclipError of the failing upload, dictation or split.
 */
export async function dictateRecording(wav: WavInfo & { path: string }, ctx: DictationStageContext): Promise<StitchedDictation> {
  const whole = (await stat(wav.path)).size <= ctx.options.maxUploadBytes;
  ctx.onStage(whole ? 'upload' : 'split');
  const base = ctx.dictation();
  const format = ctx.options.uploadFormat;
  const dctx: DictateContext = { ...base, signal: ctx.signal, onStage: ctx.onStage, audioFormat: format === 'pcm' ? undefined : format };
  return dictateInChunks(wav, {
    maxUploadBytes: ctx.options.maxUploadBytes,
    uploadFormat: ctx.options.uploadFormat,
    ffmpegPath: ctx.ffmpegPath,
    signal: ctx.signal,
    workDir: ctx.workDir,
    key: ctx.key,
    onStage: ctx.onStage,
    onChunks: ctx.onChunks,
    dictateOne: (chunkPath, durationMs, span) =>
      dictateChunk(dctx, { path: chunkPath, durationMs, span }, { limits: ctx.limits, pending: ctx.pending, warn: ctx.warn }),
  });
}

/**
 * One recording from its source to its manifest rows. The orchestrator reads nothing: the resume
 * check (src/pipeline/recording/resume-check.ts) read the recording's state once and decided (`decide`: done,
 * recut, dictate). It then runs the stages in order, each a function of its input and the options
 * it uses (src/pipeline/stages/):
 *   transcode (toWorkWav) → dictation (unless saved markers are reused) → reference alignment (with
 *   a reference) → plan (planRecording; edges snapped) → cut (cutStage) → output (manifestRows, finishedRecording)
 * and saves at the edges, through the recording's store (src/pipeline/recording/store.ts): the
 * dictation once dictated, then the alignment, the timed transcript, the waveform and the clips
 * once cut. A recording found done only has its timed files written again (this run's subtitles).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { LimitFunction } from 'p-limit';
import { DictclipError, toDictclipError } from '../../errors.js';
import { channelNumber, PeaksMeter, toWorkWav } from '../../audio/index.js';
import { wholeMsEnd, type PlannedClip } from '../../markers/index.js';
import type { JudgedWord } from '../../align/confidence/index.js';
import type { Reference } from '../../reference/index.js';
import type { WordEdit } from '../../run-output/corrections.js';
import { DICTATION_STAGES } from '../../run-output/rows.js';
import type { Stage } from '../../run-output/rows.js';
import {
  confidenceByOffset,
  judgeRecordingClips,
  recordingConfidence,
  scoreRecording,
  wordsToScore,
} from '../stages/confidence.js';
import { snapClips } from '../stages/cut.js';
import type { DictateContext } from '../stages/dictation/dictate.js';
import { PendingDictations } from './pending.js';
import { alignReference } from '../stages/align-reference.js';
import type { AcousticAligner, AlignedReference } from '../stages/align-reference.js';
import type { AlignedWord } from '../../run-output/alignments.js';
import { markEditedClips, trustVerified, withWordEdits } from '../stages/word-edits.js';
import type { RecordingStore } from './store.js';
import type { Recording } from '../run/scan.js';
import { wholeMsDictation } from './state.js';
import type { ResumeDecision } from './state.js';
import type { RecordingState } from '../../run-output/state-file.js';
import { cutStage } from '../stages/cut.js';
import { dictateRecording } from '../stages/dictation.js';
import { finishedRecording, manifestRows, resumedOutcome, timedSource } from '../stages/output.js';
import type { RecordingOutcome, SavedDictation } from '../stages/output.js';
import { planRecording } from '../stages/plan.js';
import { RecordingProgress } from './progress.js';
import type { ResolvedRunOptions, StageChange } from '../types.js';
import { withFields } from '../../with-fields.js';

export type { RecordingOutcome } from '../stages/output.js';

/** A recording with its resume decision, as prepared by the run. */
export interface RecordingJob {
  recording: Recording;
  key: string;
  statePath: string;
  state: RecordingState | undefined;
  sourceFingerprint: RecordingState['sourceFingerprint'];
  fingerprints: { dictation: string; clips: string };
  decision: ResumeDecision;
  /** The identity of the service that dictates it (saved with its dictation). */
  service: string;
  /** The recording's reference transcript (`transcripts`, or its correction), undefined when it has none. */
  reference?: Reference | undefined;
  /** Where the reference came from (src/pipeline/run/references.ts). */
  referenceFrom?: 'review' | 'transcripts' | undefined;
  /** The review's word edits over a correction: times used as they are, words checked. */
  edits?: readonly WordEdit[] | undefined;
  /**
   * Aligned directly, not dictated: the embedded engine with acoustic alignment and a reference.
   * Its saved "dictation" (markers/) is then the aligned reference. @default false
   */
  direct?: boolean | undefined;
}

/** Shared resources of a run. */
export interface RecordingContext {
  options: ResolvedRunOptions;
  outDir: string;
  workDir: string;
  ffmpegPath: string;
  /** The dictation context of the run's service. @throws DictclipError `E_INTERNAL` when the run connected to none. */
  dictation: () => Omit<DictateContext, 'onStage'>;
  /** Uploads (HTTP methods) and dictations in flight are bounded apart: an upload holds no dictation slot. */
  limits: { transcode: LimitFunction; upload: LimitFunction; dictation: LimitFunction; cut: LimitFunction };
  signal: AbortSignal;
  warn: (message: string) => void;
  /** Told when a recording's dictation succeeded (the service is reachable). @default undefined */
  onDictated?: (() => void) | undefined;
  /** Told, when the recording is finished, the wall time spent in each stage it went through. @default undefined */
  onStageTiming?: ((stage: Stage, ms: number) => void) | undefined;
  /** Told each stage change (and each dictated chunk) while the recording is processed. @default undefined */
  onStageChange?: ((change: Omit<StageChange, 'source'>) => void) | undefined;
  /** How reference words are placed (`align`), and the acoustic aligner when it is `acoustic`. @default text alignment only */
  align?: { mode: 'text' | 'acoustic'; acoustic?: AcousticAligner | undefined } | undefined;
}

/** `aligned` with a person's word edits applied (a warning counts those naming no reference word). */
function withEdits(
  aligned: AlignedReference,
  edits: readonly WordEdit[],
  audioMs: number,
  warn: (message: string) => void,
): AlignedReference {
  const applied = withWordEdits(aligned, edits, audioMs);
  if (applied.unmatched > 0)
    warn(`${applied.unmatched} of ${edits.length} word edits of the review name no word of its corrected text: they are not applied`);
  return applied.aligned;
}

/** A recording's failure with the stage it happened at. */
export class StageError extends DictclipError {
  override readonly name = 'StageError';

  /** A DictclipError of the same code, message and context as `error` (its cause), plus the stage. */
  constructor(readonly stage: Stage, readonly error: DictclipError) {
    super(error.code, error.message, { ...error.context, cause: error });
  }
}

/**
 * Process one recording end to end (transcode, dictate unless saved markers can be reused, align,
 * plan, cut, save) and return its manifest rows; a recording found done gives its saved rows.
 * @throws StageError naming the stage and the DictclipError of the failure.
 */
export async function processRecording(job: RecordingJob, store: RecordingStore, ctx: RecordingContext): Promise<RecordingOutcome> {
  const saved = job.state?.clips;
  if (job.decision === 'done' && saved !== undefined) {
    const outcome = resumedOutcome(saved, job.state?.dictation, ctx.options);
    // The timed files follow the options of this run (subtitles asked for now): no audio, no service.
    const dictation = job.state?.dictation;
    await store
      .rewriteTimed(
        dictation === undefined ? undefined : wholeMsDictation(dictation),
        job.reference !== undefined,
        ctx.options,
        saved.wordConfidence,
      )
      .catch((error: unknown) => {
        throw new StageError('output', toDictclipError(error, 'E_OUTPUT'));
      });
    return outcome;
  }
  const progress = new RecordingProgress(ctx.onStageChange);
  const wavPath = path.join(ctx.workDir, `${job.key}.wav`);
  let peaks: PeaksMeter | undefined; // the report's waveform: written after the cut, or on failure
  try {
    // Only an ffmpeg run takes a transcode slot: input already in the work format is just linked.
    const info = await toWorkWav(
      job.recording.path,
      wavPath,
      { ffmpegPath: ctx.ffmpegPath, signal: ctx.signal, channel: channelNumber(ctx.options.channel) },
      ctx.limits.transcode,
    );
    const audioMs = wholeMsEnd(info.durationMs); // the audio's end in whole ms: every time written is an integer
    progress.audio(audioMs);
    peaks = new PeaksMeter(info);
    const savedDictation = job.decision === 'dictate' ? undefined : job.state?.dictation;
    const alignOptions = {
      audioDurationMs: info.durationMs,
      align: ctx.align?.mode ?? 'text',
      acoustic: ctx.align?.acoustic,
      wavPath,
      signal: ctx.signal,
    } as const;
    let dictation: SavedDictation;
    let direct: AlignedReference | undefined;
    if (job.direct === true && job.reference !== undefined) {
      // Aligned straight from the audio (it costs little): a re-cut aligns again rather than trust markers of an older version.
      progress.enter('markers');
      direct = await alignReference(job.recording.relPath, job.reference, undefined, alignOptions);
      const { result } = direct;
      dictation = savedDictation === undefined
        ? {
          fingerprint: job.fingerprints.dictation, service: job.service, method: ctx.options.markers, audioDurationMs: audioMs, stageMs: {},
          result, dictationIds: [], markerDictationIds: result.markers.map(() => ''), chunks: [{ startMs: 0, endMs: audioMs }],
        }
        : wholeMsDictation(savedDictation);
      if (savedDictation === undefined) await store.saveDictation(dictation);
    } else if (savedDictation === undefined) {
      const pending = new PendingDictations(job.state?.pending, job.fingerprints.dictation, (p) => store.savePending(p));
      const stitched = await dictateRecording({ ...info, path: wavPath }, {
        options: ctx.options, key: job.key, ffmpegPath: ctx.ffmpegPath, workDir: ctx.workDir, signal: ctx.signal,
        dictation: ctx.dictation, limits: ctx.limits, pending, warn: ctx.warn, onStage: progress.enter, onChunks: progress.chunks,
      });
      ctx.onDictated?.();
      const stageMs = progress.times(DICTATION_STAGES); // saved with the dictation: a later re-cut reports them as the earlier run's
      progress.enter('output');
      dictation = {
        fingerprint: job.fingerprints.dictation,
        service: job.service,
        method: ctx.options.markers,
        audioDurationMs: audioMs,
        stageMs,
        ...stitched,
      };
      await store.saveDictation(dictation);
      for (const warning of stitched.result.warnings) ctx.warn(warning);
    } else {
      dictation = wholeMsDictation(savedDictation);
    }
    progress.enter('markers');
    const aligned =
      job.reference === undefined
        ? undefined
        : withEdits(
            direct ?? (await alignReference(job.recording.relPath, job.reference, dictation.result, alignOptions)),
            job.edits ?? [],
            audioMs,
            ctx.warn,
          );
    const result = aligned?.result ?? dictation.result;
    const planned = planRecording(result, audioMs, aligned?.unaligned ?? [], ctx.options);
    const plan = aligned === undefined ? planned : { ...planned, clips: markEditedClips(planned.clips, aligned.record.words) };
    // Without a reference the recognizer's words carry its own confidence (the posterior): no second search over the audio.
    const words = wordsToScore(result, aligned?.record.words, dictation.result.markers);
    const scored = await scoredClips(wavPath, words, plan.clips, ctx.options.confidenceThreshold);
    const clips = trustVerified(scored.clips);
    const confidence = confidenceByOffset(scored.words);
    const record = aligned && { ...aligned.record, words: aligned.record.words.map((w) => withConfidence(w, confidence)) };
    progress.enter('cut');
    const cut = await cutStage(clips, ctx.outDir, job.recording.relPath, {
      recordingPath: job.recording.path, workWav: wavPath, workDir: ctx.workDir, key: job.key, options: ctx.options,
      ffmpegPath: ctx.ffmpegPath, signal: ctx.signal, limits: ctx.limits, peaks,
    });
    progress.enter('output');
    const rows = manifestRows(job.recording.relPath, clips, cut, dictation, aligned !== undefined);
    const finished = finishedRecording(
      job.fingerprints.clips,
      rows,
      plan,
      result,
      ctx.options.find,
      aligned?.record.agreement,
      savedDictation?.stageMs,
      {
        words: confidence,
        recording: recordingConfidence(scored.words, aligned?.record.words, ctx.options.confidenceThreshold),
      },
    );
    const meter = peaks;
    peaks = undefined;
    await store.saveAlignment(record);
    await store.saveTimed(timedSource(job.recording.relPath, audioMs, result, aligned, confidence), ctx.options);
    await Promise.all([store.saveWaveform(meter, wavPath, ctx.warn), store.saveClips(dictation, finished.clips)]);
    return finished.outcome;
  } catch (error) {
    const { stage } = progress;
    if (peaks !== undefined) await store.saveWaveform(peaks, wavPath, ctx.warn);
    // Expected failures are DictclipErrors already; anything else is a file-system failure while
    // writing (cut, output) or a bug (E_INTERNAL), never a blanket input error.
    throw new StageError(stage, toDictclipError(error, stage === 'output' || stage === 'cut' ? 'E_OUTPUT' : 'E_INTERNAL'));
  } finally {
    await rm(wavPath, { force: true }).catch(() => undefined);
    if (ctx.onStageTiming !== undefined) for (const [stage, ms] of progress.stop()) ctx.onStageTiming(stage, ms);
  }
}

/**
 * The recording's words scored and its planned clips snapped and judged. The levels both read (a
 * million frames on a 3-hour recording) stay in here, let go before the clips are cut.
 */
async function scoredClips<T extends PlannedClip & { flags: string }>(
  wavPath: string,
  words: Parameters<typeof scoreRecording>[1],
  planned: readonly T[],
  threshold: number,
): Promise<{ words: JudgedWord[]; clips: (T & { confidence: number | undefined })[] }> {
  const scored = await scoreRecording(wavPath, words);
  return { words: scored.words, clips: judgeRecordingClips(await snapClips(wavPath, planned), scored, threshold) };
}

/** A reference word with its confidence (placed words only). */
function withConfidence(word: AlignedWord, confidence: ReadonlyMap<number, number>): AlignedWord {
  const value = word.startMs === null ? undefined : confidence.get(word.textStart);
  return value === undefined ? word : withFields(word, { confidence: value });
}

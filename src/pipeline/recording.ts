import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { LimitFunction } from 'p-limit';
import { DictclipError, toDictclipError } from '../errors.js';
import { PeaksMeter, toWorkWav } from '../audio/index.js';
import { planClips, wholeMsEnd } from '../markers/index.js';
import type { DictationResult, PlannedClip } from '../markers/index.js';
import { dictateInChunks } from './chunks.js';
import { cutColumns, cutRecording, snapClips, writeWaveform } from './cut-recording.js';
import { phraseCounts } from './find-summary.js';
import type { StitchedDictation } from './stitch.js';
import { dictateChunk } from './dictate.js';
import { PendingDictations } from './pending.js';
import type { DictateContext } from './dictate.js';
import { keepClips } from './keep.js';
import type { DroppedTotals } from './keep.js';
import { clipDir, clipFileName, peaksPath } from '../run-output/naming.js';
import { writeDictationFiles } from './dictation-files.js';
import { savedTimedSource, writeTimedFiles } from './timed-files.js';
import { recordingState, removeDir, wholeMsDictation, writeState } from './state.js';
import type { RecordingState, ResumeDecision } from './state.js';
import type { Recording } from './scan.js';
import { alignReference, dictationIdAt, flagUnaligned, removeAlignment, writeAlignment } from './reference.js';
import type { AcousticAligner } from './reference.js';
import type { Reference } from '../reference/index.js';
import { DICTATION_STAGES, STAGES } from '../run-output/rows.js';
import type { ManifestRow, ReferenceAgreement, Stage } from '../run-output/rows.js';
import type { ResolvedRunOptions, StageChange } from './types.js';

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
  /** The recording's reference transcript (`transcripts`), undefined when it has none. */
  reference?: Reference | undefined;
}

/** Shared resources of a run. */
export interface RecordingContext {
  options: ResolvedRunOptions;
  outDir: string;
  workDir: string;
  ffmpegPath: string;
  /** The dictation context (connects to the service on first use). */
  dictation: () => Promise<Omit<DictateContext, 'onStage'>>;
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

/** What processing one recording gives: its manifest rows, whether they were kept from an earlier run, and its `--find` counts. */
export interface RecordingOutcome {
  rows: ManifestRow[];
  resumed: boolean;
  dropped: DroppedTotals;
  found: number[] | undefined;
  /** With a reference: how far the recognizer agreed with it. */
  agreement?: ReferenceAgreement | undefined;
  /** Clip edges whose padding a neighbouring word cut short (see `padWithCount`). */
  paddingClamped: number;
  /** A reused dictation (re-cut or resumed): the time it spent in each dictation stage in the run that dictated it, when saved. */
  earlierStageMs?: Partial<Record<Stage, number>> | undefined;
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
 * Process one recording end to end (transcode, dictate unless saved markers can be reused, plan,
 * cut, save state) and return its manifest rows.
 * @throws StageError naming the stage and the DictclipError of the failure.
 */
export async function processRecording(job: RecordingJob, ctx: RecordingContext): Promise<RecordingOutcome> {
  const saved = job.state?.clips;
  if (job.decision === 'done' && saved !== undefined) {
    // Rows saved before the flags column existed have none: read them as clean.
    const rows = saved.rows.map((row) => ({ ...row, flags: (row as Partial<ManifestRow>).flags ?? '' }));
    const found = saved.reference === undefined ? phraseCounts(job.state?.dictation?.result, ctx.options.find) : saved.reference.found;
    const dictation = job.state?.dictation;
    // States saved before the count existed: plan again (pure, no audio) to count.
    const paddingClamped = saved.paddingClamped ?? (dictation === undefined ? 0 : countClamped(planFor(dictation.result, ctx.options, dictation.audioDurationMs)));
    // The timed files follow the options of this run (subtitles asked for now): no audio, no service.
    const timedFrom = await savedTimedSource(ctx.outDir, job.recording.relPath, dictation === undefined ? undefined : wholeMsDictation(dictation), job.reference !== undefined);
    if (timedFrom !== undefined) await writeTimedFiles(ctx.outDir, timedFrom, ctx.options).catch((error: unknown) => { throw new StageError('output', toDictclipError(error, 'E_OUTPUT')); });
    return {
      rows, resumed: true, dropped: saved.dropped ?? { clips: 0, ms: 0 }, found, agreement: saved.reference?.agreement, paddingClamped,
      earlierStageMs: dictation?.stageMs,
    };
  }
  const tracker = new StageClock();
  const progress = { audioMs: undefined as number | undefined, chunks: undefined as { done: number; total: number } | undefined };
  let told: Stage = 'transcode';
  const tell = (): void => ctx.onStageChange?.({ stage: told, ...withProgress(progress) });
  const setStage = (next: Stage): void => {
    tracker.enter(next);
    // One chunk's markers being read is not the recording's stage while other chunks are still
    // dictating: it stays "waiting for the service" until every chunk is dictated.
    const shown = next === 'markers' && progress.chunks !== undefined && progress.chunks.done < progress.chunks.total ? 'dictate' : next;
    if (!movesForward(told, shown)) return;
    told = shown;
    tell();
  };
  tell();
  const wavPath = path.join(ctx.workDir, `${job.key}.wav`);
  const waveform = peaksPath(ctx.outDir, job.recording.relPath); // the report's; written after the cut, or on failure
  let peaks: PeaksMeter | undefined;
  try {
    // Only an ffmpeg run takes a transcode slot: input already in the work format is just linked.
    const info = await toWorkWav(job.recording.path, wavPath, { ffmpegPath: ctx.ffmpegPath, signal: ctx.signal }, ctx.limits.transcode);
    const audioMs = wholeMsEnd(info.durationMs); // the audio's end in whole ms: every time written is an integer
    progress.audioMs = audioMs;
    peaks = new PeaksMeter(info);
    const savedDictation = job.decision === 'dictate' ? undefined : job.state?.dictation;
    let dictation = savedDictation === undefined ? undefined : wholeMsDictation(savedDictation);
    if (dictation === undefined) {
      const stitched = await dictate(job, ctx, { ...info, path: wavPath }, setStage, (done, total) => {
        progress.chunks = { done, total };
        tell();
      });
      ctx.onDictated?.();
      const stageMs = tracker.times(DICTATION_STAGES); // saved with the dictation: a later re-cut reports them as the earlier run's
      setStage('output');
      dictation = { fingerprint: job.fingerprints.dictation, service: job.service, method: ctx.options.markers, audioDurationMs: audioMs, stageMs, ...stitched };
      await Promise.all([writeState(job.statePath, recordingState(job, { dictation })), writeDictationFiles(ctx.outDir, job.recording.relPath, dictation)]);
      for (const warning of stitched.result.warnings) ctx.warn(warning);
    }
    setStage('markers');
    const o = ctx.options;
    const dictated = dictation;
    const aligned = job.reference === undefined ? undefined : await alignReference(job.recording.relPath, job.reference, dictated.result, {
      audioDurationMs: info.durationMs, align: ctx.align?.mode ?? 'text', acoustic: ctx.align?.acoustic, wavPath, signal: ctx.signal,
    });
    const result = aligned?.result ?? dictated.result;
    const planned = planFor(result, o, audioMs);
    const kept = keepClips(result, planned, o);
    const { dropped } = kept;
    const clips = await snapClips(wavPath, flagUnaligned(kept.clips, aligned?.unaligned ?? []));
    setStage('cut');
    const folder = clipDir(ctx.outDir, job.recording.relPath);
    await removeDir(folder);
    const requests = clips.map((clip) => ({ startMs: clip.startMs, endMs: clip.endMs, outPath: path.join(folder, clipFileName(clip.index, clip.text)) }));
    const cut = await cutRecording({
      recordingPath: job.recording.path, workWav: wavPath, workDir: ctx.workDir, key: job.key, options: o,
      ffmpegPath: ctx.ffmpegPath, signal: ctx.signal, limits: ctx.limits, peaks,
    }, folder, requests);
    setStage('output');
    const markers = dictation.result.markers;
    let first = 0; // clips come in transcript order: one forward pass finds each clip's first marker
    const rows = clips.map((clip, i): ManifestRow => {
      while (aligned === undefined && first < markers.length && markers[first]!.textStart < clip.textStart) first += 1;
      return {
        file_name: path.relative(ctx.outDir, requests[i]?.outPath ?? '').split(path.sep).join('/'),
        text: clip.text,
        source: job.recording.relPath,
        start_ms: clip.startMs,
        end_ms: clip.endMs,
        duration_ms: clip.endMs - clip.startMs,
        kind: clip.kind,
        method: dictation.method,
        dictation_id: aligned === undefined ? dictation.markerDictationIds[first] ?? dictation.dictationIds[0] ?? '' : dictationIdAt(dictation, clip.startMs),
        text_start: clip.textStart,
        text_length: clip.textLength,
        ...cutColumns(clip.flags, cut[i]),
      };
    });
    const found = phraseCounts(result, o.find);
    const reference = aligned === undefined ? undefined : { agreement: aligned.record.agreement, found };
    const paddingClamped = countClamped(kept.clips);
    const clipsState = { fingerprint: job.fingerprints.clips, rows, dropped, paddingClamped, ...(reference === undefined ? {} : { reference }) };
    const meter = peaks;
    peaks = undefined;
    if (aligned === undefined) await removeAlignment(ctx.outDir, job.recording.relPath);
    else writeAlignment(ctx.outDir, aligned.record);
    const unplaced = aligned?.record.words.filter((w) => w.startMs === null).map((w) => w.textStart) ?? [];
    await writeTimedFiles(ctx.outDir, { source: job.recording.relPath, durationMs: audioMs, result, reference: aligned && { unaligned: aligned.unaligned, unplaced } }, o);
    await Promise.all([writeWaveform(meter, wavPath, waveform, ctx.warn), writeState(job.statePath, recordingState(job, { dictation, clips: clipsState }))]);
    return { rows, resumed: false, dropped, found, agreement: reference?.agreement, paddingClamped, earlierStageMs: savedDictation?.stageMs };
  } catch (error) {
    const { stage } = tracker;
    if (peaks !== undefined) await writeWaveform(peaks, wavPath, waveform, ctx.warn);
    // Expected failures are DictclipErrors already; anything else is a file-system failure while
    // writing (cut, output) or a bug (E_INTERNAL), never a blanket input error.
    throw new StageError(stage, toDictclipError(error, stage === 'output' || stage === 'cut' ? 'E_OUTPUT' : 'E_INTERNAL'));
  } finally {
    await rm(wavPath, { force: true }).catch(() => undefined);
    if (ctx.onStageTiming !== undefined) for (const [stage, ms] of tracker.stop()) ctx.onStageTiming(stage, ms);
  }
}

/** The clips of a dictation result as the run's options plan them. */
function planFor(result: DictationResult, o: ResolvedRunOptions, audioDurationMs: number): PlannedClip[] {
  return planClips(result, {
    mode: o.mode, keepPunctuation: o.keepPunctuation, padBeforeMs: o.padBeforeMs, padAfterMs: o.padAfterMs, padMode: o.padMode,
    maxGapMs: o.maxGapMs, maxPhraseMs: o.maxPhraseMs, audioDurationMs,
    ...(o.match === undefined ? {} : { match: new RegExp(o.match, 'i') }),
    find: o.find, contextWords: o.contextWords, snapMs: o.snapMs,
  });
}

/** Clip edges whose padding a neighbouring word cut short. */
function countClamped(clips: readonly Pick<PlannedClip, 'paddingClamped'>[]): number {
  return clips.reduce((sum, clip) => sum + (clip.paddingClamped ?? 0), 0);
}

/**
 * Whether a stage change is news for progress: stages only move forward (the service calls switch
 * between dictate and markers, and the dictation's state is written before the clips are cut;
 * `output` is told only after `cut`).
 */
function movesForward(told: Stage, next: Stage): boolean {
  if (next === 'output') return told === 'cut';
  return STAGES.indexOf(next) > STAGES.indexOf(told);
}

/** The known parts of a recording's progress, for a stage change. */
function withProgress(progress: { audioMs: number | undefined; chunks: { done: number; total: number } | undefined }): Omit<StageChange, 'source' | 'stage'> {
  return { ...(progress.audioMs === undefined ? {} : { audioMs: progress.audioMs }), ...(progress.chunks === undefined ? {} : { chunks: progress.chunks }) };
}

/**
 * The current stage of a recording (for failure reports) and the wall time spent in each stage:
 * entering a stage closes the previous one, so the stages partition the processing time.
 * With chunks dictated concurrently the most recently entered stage is the one being timed.
 */
class StageClock {
  stage: Stage = 'transcode';
  readonly #ms = new Map<Stage, number>();
  #since = performance.now();

  enter(next: Stage): void {
    const now = performance.now();
    this.#ms.set(this.stage, (this.#ms.get(this.stage) ?? 0) + now - this.#since);
    this.stage = next;
    this.#since = now;
  }

  /** The time so far in each of `stages` entered (the current one counted up to now), whole ms. */
  times(stages: readonly Stage[]): Partial<Record<Stage, number>> {
    const now = performance.now();
    const out: Partial<Record<Stage, number>> = {};
    for (const stage of stages) {
      const ms = (this.#ms.get(stage) ?? 0) + (stage === this.stage ? now - this.#since : 0);
      if (this.#ms.has(stage) || stage === this.stage) out[stage] = Math.round(ms);
    }
    return out;
  }

  /** Close the current stage and return the time per stage, in the order they were first entered. */
  stop(): Map<Stage, number> {
    this.enter(this.stage);
    return this.#ms;
  }
}

async function dictate(
  job: RecordingJob,
  ctx: RecordingContext,
  wav: Parameters<typeof dictateInChunks>[0],
  setStage: (stage: Stage) => void,
  onChunks: (done: number, total: number) => void,
): Promise<StitchedDictation> {
  const whole = (await stat(wav.path)).size <= ctx.options.maxUploadBytes;
  setStage(whole ? 'upload' : 'split');
  const base = await ctx.dictation();
  const format = ctx.options.uploadFormat;
  const dctx: DictateContext = { ...base, signal: ctx.signal, onStage: setStage, audioFormat: format === 'pcm' ? undefined : format };
  const pending = new PendingDictations(job);
  return dictateInChunks(wav, {
    maxUploadBytes: ctx.options.maxUploadBytes,
    uploadFormat: ctx.options.uploadFormat,
    ffmpegPath: ctx.ffmpegPath,
    signal: ctx.signal,
    workDir: ctx.workDir,
    key: job.key,
    onStage: setStage,
    onChunks,
    dictateOne: (chunkPath, durationMs, span) => dictateChunk(dctx, { path: chunkPath, durationMs, span }, { limits: ctx.limits, pending, warn: ctx.warn }),
  });
}

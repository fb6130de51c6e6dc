/**
 * The output stage of one recording (pure): its manifest rows, the clips part of its state, and
 * what it gives the run; also what a recording the resume check found done gives, from its state.
 */
import type { CutClip } from '../../audio/index.js';
import type { DictationResult } from '../../markers/index.js';
import type { ManifestRow, RecordingConfidence, ReferenceAgreement, Stage } from '../../run-output/rows.js';
import { cutColumns } from './cut.js';
import { phraseCounts } from '../run/find-summary.js';
import type { DroppedTotals, KeptClip } from './plan.js';
import { dictationIdAt } from './align-reference.js';
import type { AlignedReference } from './align-reference.js';
import type { TimedSource } from './timed-files.js';
import type { RecordingState } from '../../run-output/state-file.js';
import { countClamped, planFor } from './plan.js';
import type { PlanOptions, RecordingPlan } from './plan.js';

/** A recording's saved dictation (its state's `dictation`). */
export type SavedDictation = NonNullable<RecordingState['dictation']>;

/** A recording's saved clips (its state's `clips`). */
export type SavedClips = NonNullable<RecordingState['clips']>;

/** What processing one recording gives: its manifest rows, whether they were kept from an earlier run, and its `--find` counts. */
export interface RecordingOutcome {
  rows: ManifestRow[];
  resumed: boolean;
  dropped: DroppedTotals;
  found: number[] | undefined;
  /** With a reference: how far the recognizer agreed with it. */
  agreement?: ReferenceAgreement | undefined;
  /** How far its words can be trusted (absent for a recording kept from a run made before confidence existed). */
  confidence?: RecordingConfidence | undefined;
  /** Clip edges whose padding a neighbouring word cut short (see `padWithCount`). */
  paddingClamped: number;
  /** A reused dictation (re-cut or resumed): the time it spent in each dictation stage in the run that dictated it, when saved. */
  earlierStageMs?: Partial<Record<Stage, number>> | undefined;
}

/**
 * The manifest rows of a recording's cut clips. `fileNames` and `cut` are the cut stage's, per
 * clip. A clip's dictation id: cut from the dictation, that of its first marker's chunk; cut from
 * a reference (`fromReference`), that of the chunk holding its start.
 */
export function manifestRows(
  source: string,
  clips: readonly (KeptClip & { confidence?: number | undefined })[],
  cut: { fileNames: readonly string[]; cut: readonly CutClip[] },
  dictation: Pick<SavedDictation, 'method' | 'dictationIds' | 'markerDictationIds' | 'chunks' | 'result'>,
  fromReference: boolean,
): ManifestRow[] {
  const { markers } = dictation.result;
  let first = 0; // clips come in transcript order: one forward pass finds each clip's first marker
  return clips.map((clip, i): ManifestRow => {
    while (!fromReference && first < markers.length && markers[first]!.textStart < clip.textStart) first += 1;
    return {
      file_name: cut.fileNames[i] ?? '',
      text: clip.text,
      source,
      start_ms: clip.startMs,
      end_ms: clip.endMs,
      duration_ms: clip.endMs - clip.startMs,
      kind: clip.kind,
      method: dictation.method,
      dictation_id: fromReference
        ? dictationIdAt(dictation, clip.startMs)
        : (dictation.markerDictationIds[first] ?? dictation.dictationIds[0] ?? ''),
      text_start: clip.textStart,
      text_length: clip.textLength,
      ...cutColumns(clip.flags, cut.cut[i]),
      ...(clip.confidence === undefined ? {} : { confidence: clip.confidence }),
    };
  });
}

/**
 * A recording's clips as its state saves them and what it gives the run: `result` is what the
 * clips were planned over (the aligned reference, or the dictation), `agreement` the reference's,
 * `earlierStageMs` the saved stage times of a reused dictation.
 */
export function finishedRecording(
  fingerprint: string,
  rows: ManifestRow[],
  plan: Pick<RecordingPlan, 'dropped' | 'paddingClamped'>,
  result: DictationResult,
  find: readonly string[] | undefined,
  agreement: ReferenceAgreement | undefined,
  earlierStageMs: Partial<Record<Stage, number>> | undefined,
  trust: { words: ReadonlyMap<number, number>; recording: RecordingConfidence } | undefined = undefined,
): { clips: SavedClips; outcome: RecordingOutcome } {
  const { dropped, paddingClamped } = plan;
  const found = phraseCounts(result, find);
  const reference = agreement === undefined ? undefined : { agreement, found };
  const saved = trust === undefined ? {} : { wordConfidence: [...trust.words], confidence: trust.recording };
  return {
    clips: { fingerprint, rows, dropped, paddingClamped, ...(reference === undefined ? {} : { reference }), ...saved },
    outcome: {
      rows,
      resumed: false,
      dropped,
      found,
      agreement,
      paddingClamped,
      earlierStageMs,
      ...(trust === undefined ? {} : { confidence: trust.recording }),
    },
  };
}

/**
 * What a recording found done gives, from its saved clips and dictation: its rows (rows saved before the flags
 * column existed read as clean), drops, `--find` counts, reference agreement and the dictation's
 * saved stage times. States saved
 * before the padding count existed are planned again (pure, no audio) to count.
 */
export function resumedOutcome(saved: SavedClips, dictation: SavedDictation | undefined, options: PlanOptions): RecordingOutcome {
  const rows = saved.rows.map((row) => ({ ...row, flags: (row as Partial<ManifestRow>).flags ?? '' }));
  const found = saved.reference === undefined ? phraseCounts(dictation?.result, options.find) : saved.reference.found;
  const paddingClamped =
    saved.paddingClamped ?? (dictation === undefined ? 0 : countClamped(planFor(dictation.result, options, dictation.audioDurationMs)));
  return {
    rows, resumed: true, dropped: saved.dropped ?? { clips: 0, ms: 0 }, found, agreement: saved.reference?.agreement, paddingClamped,
    earlierStageMs: dictation?.stageMs, ...(saved.confidence === undefined ? {} : { confidence: saved.confidence }),
  };
}

/**
 * What a recording's timed transcript is made from: the words its clips were planned over
 * (`result`), and with a reference its unaligned words and those left without times (`unplaced`).
 */
export function timedSource(
  source: string,
  durationMs: number,
  result: DictationResult,
  aligned: Pick<AlignedReference, 'record' | 'unaligned'> | undefined,
  confidence?: ReadonlyMap<number, number>,
): TimedSource {
  const unplaced = aligned?.record.words.filter((w) => w.startMs === null).map((w) => w.textStart) ?? [];
  return { source, durationMs, result, reference: aligned && { unaligned: aligned.unaligned, unplaced }, confidence };
}

/**
 * The plan stage of one recording (pure): the clips its dictation (or its aligned reference) gives
 * under the run's clip options, flagged, filtered, and marked `unaligned` over unplaced reference words.
 */
import { hasFilters, keepClip, planClips, timingFlags } from '../../markers/index.js';
import type { ClipFilters, DictationResult, PlannedClip } from '../../markers/index.js';
import { flagUnaligned } from './align-reference.js';
import type { ResolvedRunOptions } from '../types.js';
import { withFields } from '../../with-fields.js';

/** A planned clip that passed the filters, with its timing flags. */
export type KeptClip = PlannedClip & { flags: string };

/** Clips left out by the filters: how many, and their audio in ms. */
export interface DroppedTotals { clips: number; ms: number }

/**
 * Flag every planned clip (timing checks over the whole recording), then keep those that pass
 * `filters`; kept clips are numbered again from 0 so clip file names stay consecutive.
 */
function keepClips(
  result: DictationResult,
  planned: readonly PlannedClip[],
  filters: ClipFilters,
): { clips: KeptClip[]; dropped: DroppedTotals } {
  const flags = timingFlags(result, planned);
  const clips: KeptClip[] = [];
  const dropped: DroppedTotals = { clips: 0, ms: 0 };
  const active = hasFilters(filters);
  for (const [i, clip] of planned.entries()) {
    const durationMs = clip.endMs - clip.startMs;
    if (active && !keepClip({ text: clip.text, durationMs }, filters)) {
      dropped.clips += 1;
      dropped.ms += durationMs;
      continue;
    }
    clips.push(withFields(clip, { index: clips.length, flags: flags[i] ?? '' }));
  }
  return { clips, dropped };
}

/** The options the plan stage uses. */
export type PlanOptions = Pick<
  ResolvedRunOptions,
  | 'mode'
  | 'keepPunctuation'
  | 'padBeforeMs'
  | 'padAfterMs'
  | 'padMode'
  | 'maxGapMs'
  | 'maxPhraseMs'
  | 'match'
  | 'find'
  | 'contextWords'
  | 'snapMs'
  | 'minDurationMs'
  | 'maxDurationMs'
  | 'minCharsPerSecond'
  | 'maxCharsPerSecond'
>;

/**
 * A recording's planned clips: those kept (numbered from 0), what the filters left out, and the edges whose padding a neighbour cut short.
 */
export interface RecordingPlan {
  clips: KeptClip[];
  dropped: DroppedTotals;
  paddingClamped: number;
}

/**
 * Plan a recording's clips over `result` (audio `audioDurationMs` long), keep those the filters
 * pass, and flag `unaligned` the clips over the text offsets `unaligned` (ascending).
 */
export function planRecording(
  result: DictationResult,
  audioDurationMs: number,
  unaligned: readonly number[],
  options: PlanOptions,
): RecordingPlan {
  const kept = keepClips(result, planFor(result, options, audioDurationMs), options);
  return { clips: flagUnaligned(kept.clips, unaligned), dropped: kept.dropped, paddingClamped: countClamped(kept.clips) };
}

/** The clips of a dictation result as the run's options plan them. */
export function planFor(result: DictationResult, o: PlanOptions, audioDurationMs: number): PlannedClip[] {
  return planClips(result, {
    mode: o.mode, keepPunctuation: o.keepPunctuation, padBeforeMs: o.padBeforeMs, padAfterMs: o.padAfterMs, padMode: o.padMode,
    maxGapMs: o.maxGapMs, maxPhraseMs: o.maxPhraseMs, audioDurationMs,
    ...(o.match === undefined ? {} : { match: new RegExp(o.match, 'i') }),
    find: o.find, contextWords: o.contextWords, snapMs: o.snapMs,
  });
}

/** Clip edges whose padding a neighbouring word cut short. */
export function countClamped(clips: readonly Pick<PlannedClip, 'paddingClamped'>[]): number {
  return clips.reduce((sum, clip) => sum + (clip.paddingClamped ?? 0), 0);
}

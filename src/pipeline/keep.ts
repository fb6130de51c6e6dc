import { hasFilters, keepClip, timingFlags } from '../markers/index.js';
import type { ClipFilters, DictationResult, PlannedClip } from '../markers/index.js';

/** A planned clip that passed the filters, with its timing flags. */
export type KeptClip = PlannedClip & { flags: string };

/** Clips left out by the filters: how many, and their audio in ms. */
export interface DroppedTotals { clips: number; ms: number }

/**
 * Flag every planned clip (timing checks over the whole recording), then keep those that pass
 * `filters`; kept clips are numbered again from 0 so clip file names stay consecutive.
 */
export function keepClips(result: DictationResult, planned: readonly PlannedClip[], filters: ClipFilters): { clips: KeptClip[]; dropped: DroppedTotals } {
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
    clips.push({ ...clip, index: clips.length, flags: flags[i] ?? '' });
  }
  return { clips, dropped };
}

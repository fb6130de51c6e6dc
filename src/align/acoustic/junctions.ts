/**
 * Junctions of touching words moved onto the pause between them (part of the edge refinement,
 * refine.ts). Pure.
 */
import { frameRuns } from './frame-runs.js';
import type { AcousticSpan } from './types.js';

/** How far from where two touching words meet a pause may lie to be their junction, ms. */
export const JUNCTION_REACH_MS = 200;

/**
 * Two placed words that touch (the search put one's end on the other's start, in sound, so trimming
 * left them touching) are split at a pause near their junction instead: of the runs of `quiet`
 * frames (of `frameMs` each) within {@link JUNCTION_REACH_MS} of it and between the two words'
 * middles, the one whose split brings their times a phone nearest each other (a speaker's pace
 * changes little from one word to the next), when that is nearer than where they meet: the first
 * word ends where the run begins and the second starts where it ends. Beside the pause between
 * them there is often a stop's closure inside one word ("doctor agreed": the closure of /k t/ and
 * the pause after /er/): splitting at the closure leaves one word a phone far shorter than the
 * other, so the pace picks the pause.
 */
export function junctionsAtPauses(
  spans: readonly (AcousticSpan | null)[],
  quiet: Uint8Array,
  frameMs: number,
): (AcousticSpan | null)[] {
  const reach = JUNCTION_REACH_MS / frameMs;
  return movedJunctions(spans, frameMs, (a, b, junction) => {
    const from = Math.max(junction - reach, Math.ceil((a.startMs + a.endMs) / 2 / frameMs));
    const to = Math.min(junction + reach, Math.floor((b.startMs + b.endMs) / 2 / frameMs));
    const runs = frameRuns(from, to, (f) => quiet[f] === 1);
    if (runs.length === 0) return null;
    const options = runs.map(([pauseStart, pauseEnd]): [AcousticSpan, AcousticSpan] => [
      { ...a, endMs: pauseStart * frameMs },
      { ...b, startMs: pauseEnd * frameMs },
    ]);
    const moved = options.reduce((best, o) => (unevenPace(o[0], o[1]) < unevenPace(best[0], best[1]) ? o : best));
    return unevenPace(moved[0], moved[1]) < unevenPace(a, b) ? moved : null;
  });
}

/**
 * `spans` with each two placed words that touch (one's end on the other's start, to the frame of
 * `frameMs`) given the times `move` returns for them (null: as they are), in order: `move` sees the
 * words as earlier moves left them; `junction` is the frame where they meet. The junction rules
 * (here and valleys.ts) each decide where such a pair moves.
 */
export function movedJunctions(
  spans: readonly (AcousticSpan | null)[],
  frameMs: number,
  move: (a: AcousticSpan, b: AcousticSpan, junction: number) => readonly [AcousticSpan, AcousticSpan] | null,
): (AcousticSpan | null)[] {
  const out = [...spans];
  for (let i = 0; i + 1 < out.length; i++) {
    const a = out[i];
    const b = out[i + 1];
    if (a === null || b === null || a === undefined || b === undefined) continue;
    const junction = Math.round(a.endMs / frameMs);
    if (Math.round(b.startMs / frameMs) !== junction) continue;
    const moved = move(a, b, junction);
    if (moved !== null) [out[i], out[i + 1]] = moved;
  }
  return out;
}

/** How unlike two words' times a phone are (|log| of their ratio); Infinity without phones. */
function unevenPace(a: AcousticSpan, b: AcousticSpan): number {
  const pa = a.evidence?.phones ?? 0;
  const pb = b.evidence?.phones ?? 0;
  if (pa === 0 || pb === 0 || a.endMs <= a.startMs || b.endMs <= b.startMs) return Number.POSITIVE_INFINITY;
  return Math.abs(Math.log((a.endMs - a.startMs) / pa / ((b.endMs - b.startMs) / pb)));
}

/**
 * Starts moved past a dip to the floor just after them (part of the edge refinement, refine.ts).
 * The floor is where no take's sound lies: a frame at most {@link FLOOR_DIP_DB} over it parts two
 * takes joined with no pause, however short the dip. A start the search put in sound just before
 * such a dip (the previous take's faint tail or a final stop's release), with the word's own sound
 * after it, moves to where the dip ends. A start with the floor just before it is at the onset of a
 * sound of its own, and a dip soon after it lies inside the word: a Belgian French "zero" with a
 * dip in its /z/ went from −1 to +42 ms without that condition. The spill rule (spill.ts) is the
 * same move before the extension, past a pause of 30 ms or more up to 6 dB over the floor; this
 * one, after it, needs the floor itself and no length. The floor is that of the levels the edges
 * are refined on: where noise-bed.ts's first test finds a speaker's bed, the bed's frames count as
 * floor there too.
 *
 * Measured (`node bench/run.mjs --only alignment,confidence`): the changed voices' starts within
 * 50 ms 91 → 93 of 102 and ends 92 → 93 (a Greek "one" put on the release of the "eight" before
 * it, across the floor: −59 → −4 ms); the real voices' starts within 20 ms 89.7 → 90.1 %, their
 * median end error 10.6 → 10.3 ms; the synthetic voices' starts within 20 ms 92.3 → 92.8 % and
 * their ends within 20 ms 91.2 → 90.7 % (the voice whose words fade: the word before keeps its
 * end where the dip begins, and its truth counts a tail at the floor's level, now 28 ms past it).
 * Scored word by word on patched builds, the confidence benchmark's reference runs moved eight
 * starts nearer their truth and none farther; a window of 60 ms moved the same, one of 80 ms two
 * more, both farther. Moving the word before's end on to the new start as well took a changed
 * voice's end out of 50 ms. Pure.
 */
import type { AcousticSpan } from './types.js';

/** A dip to the floor: frames at most this many dB over the floor. */
export const FLOOR_DIP_DB = 3;
/** A start moves past a dip that ends within this many ms after it ... */
export const MAX_DIP_AFTER_START_MS = 50;
/** ... when at least this much of its word lies after the dip, ms. */
export const MIN_WORD_AFTER_DIP_MS = 100;

/**
 * Every span's start moved to the end of the last dip (a run of `dip` frames, of `frameMs` each)
 * ending within {@link MAX_DIP_AFTER_START_MS} after it, when the frame before the start is not a
 * dip and at least {@link MIN_WORD_AFTER_DIP_MS} of the span lies after it; null stays null.
 */
export function startsPastFloorDips(spans: readonly (AcousticSpan | null)[], dip: Uint8Array, frameMs: number): (AcousticSpan | null)[] {
  const window = MAX_DIP_AFTER_START_MS / frameMs;
  const rest = MIN_WORD_AFTER_DIP_MS / frameMs;
  return spans.map((span) => {
    if (span === null) return null;
    const first = Math.floor(span.startMs / frameMs);
    const end = Math.ceil(span.endMs / frameMs);
    if (first > 0 && dip[first - 1] === 1) return span;
    let after = -1;
    for (let f = first + 1; f < Math.min(first + window, end - 1); f++) if (dip[f] === 1 && dip[f + 1] !== 1) after = f + 1;
    return after < 0 || end - after < rest ? span : { ...span, startMs: after * frameMs };
  });
}

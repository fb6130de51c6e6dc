/**
 * Ends moved on over a final stop's release (part of the edge refinement, refine.ts). The end's
 * extension goes over loud frames only, so it stops at the closure of a word's final stop ("eight")
 * and leaves out the release that follows it, a short burst of sound. Sound after the end that
 * rises again by {@link RISE_DB} or more over its own quietest frame (a closure, then a release) and
 * stops, within {@link MAX_TO_PAUSE_MS}, at a pause of its own, before the next placed word begins,
 * is the word's own: nothing else lies between the word and the pause. The end moves to where that
 * pause begins. Sound that only fades or stays level there (a voice's tail, a take's own hiss) is
 * left out: the truth of the real takes leaves a take's hiss out. In a speaker's noise bed
 * (noise-bed.ts), frames up to `BED_MARGIN_DB` over it count as a pause (refine.ts).
 *
 * Measured (`npm run build && node bench/run.mjs --only alignment --no-build`): real ends within
 * 50 ms 91.0 → 91.5 % (the Greek speaker 92.0 → 93.3 %), synthetic ends, starts and placements
 * the same; on the confidence benchmark 2 wrong clips fewer. A first version (a rise of 6 dB, a
 * release of any length) took real ends to 92.8 %, but also took a stutter's syllable, said after
 * a short gap, into the word before it, and a take's fluctuating hiss (confidence benchmark: 3
 * wrong clips more). Without the bed's frames as pause, the Belgian French speaker's ends ran
 * over his bed. Pure.
 */

/** Longest outward move of an end to the pause after it, ms. */
export const MAX_TO_PAUSE_MS = 150;
/** Shortest pause an end moves to, ms. */
export const MIN_PAUSE_MS = 50;
/** A release: a frame this many dB over the quietest frame between the end and it. */
export const RISE_DB = 9;
/** ... that stops at the pause within this many ms (a stutter's syllable or a word after a gap lasts longer). */
export const MAX_RELEASE_MS = 50;

/**
 * The frame (exclusive) the end at frame `end` moves to: where the first run of `pause` frames at
 * least {@link MIN_PAUSE_MS} long after it begins, when that is within {@link MAX_TO_PAUSE_MS}, the
 * run is over before `nextStart` (the next placed word's first frame) and the sound before it rises
 * by {@link RISE_DB}; `end` otherwise. `db`: per frame of `frameMs` its level; `pause`: per frame 1
 * when it is quiet enough for a pause.
 */
export function endAtRelease(db: Float64Array, pause: Uint8Array, frameMs: number, [end, nextStart]: readonly [number, number]): number {
  const reach = MAX_TO_PAUSE_MS / frameMs;
  const shortest = MIN_PAUSE_MS / frameMs;
  const release = MAX_RELEASE_MS / frameMs;
  for (let f = end; f - end <= reach && f + shortest <= Math.min(nextStart, pause.length); f++) {
    if (pause[f] !== 1 || (f > end && pause[f - 1] === 1)) continue;
    let to = f;
    while (to < f + shortest && pause[to] === 1) to++;
    if (to < f + shortest) continue;
    let quietest = Number.POSITIVE_INFINITY;
    for (let k = end; k < f; k++) {
      if (db[k]! >= quietest + RISE_DB) return f - k <= release ? f : end;
      quietest = Math.min(quietest, db[k]!);
    }
    return end;
  }
  return end;
}

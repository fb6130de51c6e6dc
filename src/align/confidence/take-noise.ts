/**
 * The take noise at a clip's edges (pure): whether its first or last {@link NOISE_AT_EDGE_MS} or
 * more hold nothing over twice the recording's take noise. A word's true edges are its first and
 * last sound over its speaker's noise (how the benchmark's truth and any listener place them), so
 * a clip that opens or closes on 50 ms of that noise has an edge more than 50 ms off, however well
 * the word inside it fits its phones. The take noise is the edge settling's (src/align/acoustic/take-tails.ts
 * `takeLevels`: the median of the quietest 5 ms peak of each stretch over the floor), read on the
 * same 5 ms frames; its frames at most {@link OVER_TAKE_NOISE} times it are marked once per recording
 * (`framesUnderTakeNoise`, kept in the levels as `underTakeNoise`).
 *
 * Features `noiseAtStart` and `noiseAtEnd`, 1 or 0 (0 when the levels carry no such frames: levels
 * made by hand). Measured on the confidence benchmark's reference runs, the models refitted with
 * them (`node scripts/fit-confidence.mjs`; scored as bench/confidence.mjs scores clips, by a
 * harness outside the repository), against the weights before at their threshold (0.75): at the
 * refit's 0.76 wrong clips flagged 107 → 110 of 143 and right ones 46 → 43 of 654; on the voices
 * never fitted on wrong 52 → 51 of 76 and right 25 → 15 of 293. Refitting offline on the same rows,
 * a run of 40 or 60 ms, and 1.5, 2.5 or 3 times the take noise, separated less; counting them only
 * in recordings whose takes' quietest peaks are alike (a bed test) lost most of the gain, which
 * lies in recordings where no bed is found. What it misreads: a synthetic voice's faint vowel tail,
 * where a recording of such voices has no take noise and its quietest sound is those tails (right
 * espeak-ng edges hold 50 ms under twice it in 21 of the benchmark's 189 synthetic clips).
 */
import { OVER_TAKE_NOISE, takeLevels } from '../acoustic/take-tails.js';

/** Frame of the take-noise read, ms (as the edge settling's). */
export const TAKE_FRAME_MS = 5;
/** A clip whose first or last this many ms hold nothing over the take noise has that edge in the noise, ms. */
export const NOISE_AT_EDGE_MS = 50;

/** Per 5 ms frame (of `peaks`, each its largest absolute sample) 1 when its peak is at most twice the take noise. */
export function framesUnderTakeNoise(peaks: ArrayLike<number>): Uint8Array {
  const { noise } = takeLevels(peaks, TAKE_FRAME_MS);
  const under = new Uint8Array(peaks.length);
  for (let f = 0; f < peaks.length; f++) under[f] = peaks[f]! <= OVER_TAKE_NOISE * noise ? 1 : 0;
  return under;
}

/** `noiseAtStart` and `noiseAtEnd` of the clip `[startMs, endMs)` (see the module comment). */
export function noiseAtEdges(under: Uint8Array | undefined, startMs: number, endMs: number): { noiseAtStart: number; noiseAtEnd: number } {
  if (under === undefined) return { noiseAtStart: 0, noiseAtEnd: 0 };
  const first = Math.max(0, Math.round(startMs / TAKE_FRAME_MS));
  const end = Math.min(under.length, Math.round(endMs / TAKE_FRAME_MS));
  const need = NOISE_AT_EDGE_MS / TAKE_FRAME_MS;
  let head = 0;
  while (head < need && first + head < end && under[first + head] === 1) head++;
  let tail = 0;
  while (tail < need && end - 1 - tail >= first && under[end - 1 - tail] === 1) tail++;
  return { noiseAtStart: head >= need ? 1 : 0, noiseAtEnd: tail >= need ? 1 : 0 };
}

/**
 * Ends extended past the usual reach over loud sound that stops at once (part of the edge
 * refinement, refine.ts). The search sometimes ends a word said before a pause in its middle (its
 * last syllable given to the pause), 100 to 200 ms early, and the end's extension stops at its
 * reach (80 ms, `MAX_EXTEND_END_MS` of extend-loud.ts), still in loud sound. Past that reach the sound
 * may be a neighbour's or a bed of noise, and a voice's tail fades through every level; but sound
 * that stays {@link ABRUPT_OVER_DB} dB over the floor and then drops at once under the extension's
 * own threshold, before the next placed word begins, is the word's own: the end moves to that drop.
 *
 * Measured (`npm run build && node bench/run.mjs --only alignment --no-build`, after the spill and
 * junction rules): synthetic ends within 50 ms 95.8 → 96.6 % ("with", "together", "were" of two
 * voices), real voices the same. Extending over any frame the extension takes (15 dB over the
 * floor) to where the sound stops instead: synthetic the same, real ends 91.0 → 90.1 % (a Greek
 * and a US speaker's fading tails, which the truth leaves out, taken in). Frames 25 or 30 dB over
 * the floor: synthetic 96.3 %; 35 dB: 95.8 %. Pure.
 */

/** Longest outward move of an end over sound that stops at once, ms. */
export const MAX_EXTEND_ABRUPT_MS = 250;
/** Sound extended over here: frames this many dB over the floor. */
export const ABRUPT_OVER_DB = 20;

/**
 * The frame (exclusive) an end moves to that its extension took from frame `last` to `end`, its
 * reach, still in sound: past frames {@link ABRUPT_OVER_DB} over the floor, when they stop before
 * `nextStart` (the next placed word's first frame) and within {@link MAX_EXTEND_ABRUPT_MS} of
 * `last` at a frame at most `extendOverDb` over the floor (the extension's own threshold); `end`
 * when they do not (see the module comment). `levels`: per frame of `frameMs` its level in dB, and
 * the floor's.
 */
export function abruptEnd(
  levels: { readonly db: Float64Array; readonly floorDb: number },
  frameMs: number,
  extendOverDb: number,
  [last, end, nextStart]: readonly [number, number, number],
): number {
  const strong = levels.floorDb + ABRUPT_OVER_DB;
  const longest = MAX_EXTEND_ABRUPT_MS / frameMs;
  let far = end;
  while (far < nextStart && far - last < longest && levels.db[far]! > strong) far++;
  const drops = far < nextStart && far - last < longest && levels.db[far]! <= levels.floorDb + extendOverDb;
  return far > end && drops ? far : end;
}

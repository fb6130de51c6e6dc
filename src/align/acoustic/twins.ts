/**
 * Identical words side by side (pure). When the text says the same word twice or more in a row
 * and the search places fewer of them than it says, which of them it leaves out is a free choice
 * the search makes blindly: it gives the audio to the first ones, so with "nine nine" and only the
 * second said (a noise stretch, or nothing, where the first should be) the first "nine" gets the
 * second one's audio and the second is left out: a clip labelled with the wrong word of the text.
 * Where sound no word was given lies between the run's words (the stretch where the missing word
 * should be), the words left out are put there instead: the placed spans keep their order in time
 * and are given to the run's words around that stretch. Only a stretch holding at least
 * {@link MIN_UNCLAIMED_MS} of sound, and more than where the left-out words are now, moves them.
 *
 * Measured: on the confidence benchmark (`node bench/run.mjs --only confidence`) its one such run
 * (`five five`, the first one's audio replaced by noise) comes out on the right words, where the
 * first had taken the second's audio unflagged; no placement of the alignment benchmark
 * (`node bench/run.mjs --only alignment`) changes.
 */
import { ENERGY_FRAME_MS, type FrameLevels } from './frame-levels.js';
import { QUIET_END_DB } from './trim-quiet.js';
import type { AcousticSpan } from './types.js';

/** Sound in a gap counts from this much, ms (a word's worth). */
export const MIN_UNCLAIMED_MS = 100;

/** Milliseconds of frames louder than {@link QUIET_END_DB} over the floor between `fromMs` and `toMs`. */
function soundMs(levels: FrameLevels, fromMs: number, toMs: number): number {
  const first = Math.max(0, Math.ceil(fromMs / ENERGY_FRAME_MS));
  const end = Math.min(levels.db.length, Math.floor(toMs / ENERGY_FRAME_MS));
  let n = 0;
  for (let f = first; f < end; f++) if (levels.db[f]! > levels.floorDb + QUIET_END_DB) n++;
  return n * ENERGY_FRAME_MS;
}

/** Two words say the same when their tokens are the same. */
const same = (a: readonly string[], b: readonly string[]): boolean =>
  a.length > 0 && a.length === b.length && a.every((t, i) => t === b[i]);

/**
 * `spans` (per word of `words`, null when not placed) with each run of identical words whose
 * left-out members sit away from the run's unclaimed sound rearranged (see the module comment);
 * `levels`: the recording's energy frames with any noise bed put at the floor; `durationMs`: the audio's length.
 */
export function placeTwins(
  spans: readonly (AcousticSpan | null)[],
  words: readonly (readonly string[])[],
  levels: FrameLevels,
  durationMs: number,
): (AcousticSpan | null)[] {
  const out = [...spans];
  for (let a = 0; a < words.length; ) {
    let b = a + 1;
    while (b < words.length && same(words[a]!, words[b]!)) b++;
    const run = out.slice(a, b);
    const placed = run.filter((s): s is AcousticSpan => s !== null);
    if (b - a > 1 && placed.length > 0 && placed.length < run.length) {
      // The gaps around and between the run's placed spans, bounded by the placed words before and after the run.
      const before = out.slice(0, a).findLast((s) => s !== null)?.endMs ?? 0;
      const after = out.slice(b).find((s) => s !== null)?.startMs ?? durationMs;
      const edges = [before, ...placed.flatMap((s) => [s.startMs, s.endMs]), after];
      const sound = Array.from({ length: placed.length + 1 }, (_, g) => soundMs(levels, edges[2 * g]!, edges[2 * g + 1]!));
      // Where the left-out words are now: the gap after as many placed spans as precede the first of them.
      const now = run.findIndex((s) => s === null);
      const best = sound.indexOf(Math.max(...sound));
      if (best !== now && sound[best]! >= MIN_UNCLAIMED_MS && sound[best]! > sound[now]!) {
        const missing = run.length - placed.length;
        const order = [...placed.slice(0, best), ...Array<null>(missing).fill(null), ...placed.slice(best)];
        order.forEach((s, k) => { out[a + k] = s; });
      }
    }
    a = b;
  }
  return out;
}

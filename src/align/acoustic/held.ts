/**
 * Words the grammar search placed but the evidence rules then rejected (evidence.ts `plausible`:
 * too short, or short and scoring poorly) keep their search span while the edges settle, and only
 * then leave the alignment. Dropped at once, their frames were sound no word owned, and the edge
 * refinement extended the words beside them over it: a fast reader's "I will say nothing of my"
 * (LibriSpeech, the shared set's continuous speech) lost "will" and "of", short and poor, and "I"
 * and "nothing" took their audio (the clips of "I" and "nothing" held two words each, unflagged).
 * Held, the neighbours stop at them, and the rejected words, still `unaligned`, get that stretch as
 * their estimate. The islands (islands.ts) read the held spans too, or a neighbour would be moved
 * onto the stretch. Measured on the confidence benchmark's reference runs (scored by a harness
 * outside the repository, as `node bench/run.mjs --only confidence` labels its clips): five clips
 * moved from wrong to right and none from right to wrong (a Belgian French "six" put 363 ms early
 * and 233 ms late beside a rejected word, now 3 ms off). Four of the five had been flagged, so the
 * share of wrong clips flagged falls (on the speakers' own voices 51 of 60 → 50 of 58) though one
 * wrong clip alone lost its flag (a "seven" 67 ms early, whose other clips of "seven" are right
 * now, so the repeats no longer doubt it); two right clips more are flagged (a "one" now
 * `low-confidence`, and a rejected word's estimate, `unaligned`, now within 50 ms of its word).
 * Pure.
 */
import type { AcousticSpan } from './types.js';

/** The spans to settle: those `found`, and the `rejected` words that no search found. Also which words are only held. */
export function withHeld(
  found: ReadonlyMap<number, AcousticSpan>,
  rejected: ReadonlyMap<number, AcousticSpan>,
): { spans: Map<number, AcousticSpan>; held: ReadonlySet<number> } {
  const spans = new Map(found);
  const held = new Set<number>();
  for (const [word, span] of rejected) {
    if (spans.has(word)) continue;
    spans.set(word, span);
    held.add(word);
  }
  return { spans, held };
}

/** `spans` with the held words left out (null). */
export function withoutHeld<T>(spans: readonly (T | null)[], held: ReadonlySet<number>): (T | null)[] {
  return spans.map((span, word) => (held.has(word) ? null : span));
}

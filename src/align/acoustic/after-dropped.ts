/**
 * The words after a word the settling dropped, searched for again without it. The grammar search
 * must give every word of the text some audio; where the reference has a word whose audio is only
 * noise, it often puts that word on the noise and on the next word's audio together, leaves the
 * word after that to a stretch it calls silence, and goes on one word late: each word on the audio
 * of the word after it, the shift taken up later by a word squeezed into a few frames. The settling
 * then drops the word on the noise (a word on nothing but steady noise is not found), and the words
 * after it stay one word late, fitting their neighbours' audio well enough to look right.
 *
 * So, for each word the search placed and the settling dropped, the stretch from the end of the
 * last word kept before it to the end of the {@link AFTER_DROPPED_WORDS}th word after it is searched
 * again with those words alone, and their new spans replace the old when the settling keeps more
 * of them (the squeezed word that took up the shift is kept now), piece by piece. Their score against the phone
 * loop cannot judge it: the first new word still lies on the noise too, until the settling moves
 * its start past the noise. Where the words were in place, the new search finds the same spans and
 * nothing changes. Pure.
 */
import type { AcousticSpan } from './types.js';
import type { Piece } from './windows.js';

/** A piece of words searched for again, after the word the settling dropped. */
export interface AfterDropped extends Piece {
  readonly dropped: number;
}

/** How many words after a dropped word are searched for again. */
export const AFTER_DROPPED_WORDS = 12;

/**
 * One piece per word `found` by the search that `settled` dropped (null), each starting at the end
 * of the last word kept before it (0 when none) and holding the next {@link AFTER_DROPPED_WORDS}
 * words of `spoken` (ascending; its `dropped` word left out), up to the end of the last of them
 * that was found (`durationMs` when they reach the end of the text). A dropped word inside an
 * earlier piece gets none.
 */
export function afterDroppedPieces(
  found: ReadonlyMap<number, AcousticSpan>,
  settled: readonly (AcousticSpan | null)[],
  spoken: readonly number[],
  durationMs: number,
): AfterDropped[] {
  const pieces: AfterDropped[] = [];
  let covered = -1;
  spoken.forEach((word, at) => {
    if (word <= covered || !found.has(word) || settled[word] !== null) return;
    const words = spoken.slice(at + 1, at + 1 + AFTER_DROPPED_WORDS);
    if (words.length === 0) return;
    const before = spoken.slice(0, at).reverse().find((w) => settled[w] != null);
    const startMs = before === undefined ? 0 : settled[before]!.endMs;
    const toEnd = at + 1 + AFTER_DROPPED_WORDS >= spoken.length;
    const ends = words.flatMap((w) => (found.has(w) ? [found.get(w)!.endMs] : []));
    const endMs = toEnd ? durationMs : Math.max(...ends, startMs);
    if (endMs <= startMs) return;
    pieces.push({ startMs, endMs, words, dropped: word });
    covered = words.at(-1)!;
  });
  return pieces;
}

/** `found` with each piece's words put where `again` has them (left out where it has none) and the dropped word before it left out. */
export function placedAfterDropped(
  found: ReadonlyMap<number, AcousticSpan>,
  pieces: readonly AfterDropped[],
  again: ReadonlyMap<number, AcousticSpan>,
): Map<number, AcousticSpan> {
  const result = new Map(found);
  for (const piece of pieces) {
    for (const word of piece.words) {
      const span = again.get(word);
      if (span === undefined) result.delete(word);
      else result.set(word, span);
    }
    result.delete(piece.dropped);
  }
  return result;
}

/** How many of the pieces' words the settling kept (`settled`, by word). */
export function keptAfterDropped(pieces: readonly AfterDropped[], settled: readonly (AcousticSpan | null)[]): number {
  return pieces.reduce((n, piece) => n + piece.words.filter((w) => settled[w] != null).length, 0);
}

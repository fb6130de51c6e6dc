import { describe, expect, it } from 'vitest';
import {
  AFTER_DROPPED_WORDS,
  afterDroppedPieces,
  keptAfterDropped,
  placedAfterDropped,
} from '../../../src/align/acoustic/after-dropped.js';
import type { AcousticSpan } from '../../../src/align/acoustic/types.js';

const span = (startMs: number, endMs: number): AcousticSpan => ({
  startMs, endMs, evidence: { frames: (endMs - startMs) / 10, alignedScore: -300, loopScore: -250, phones: 3 },
});
/** Word w of a text at w × 500 ms, 300 ms long. */
const at = (w: number): AcousticSpan => span(w * 500, w * 500 + 300);
const words = (n: number): number[] => Array.from({ length: n }, (_, w) => w);
const foundAll = (n: number): Map<number, AcousticSpan> => new Map(words(n).map((w) => [w, at(w)]));

describe('afterDroppedPieces', () => {
  it('searches the words after a dropped word again, from the end of the last word kept, to the end when they reach it', () => {
    const settled = words(5).map((w) => (w === 2 ? null : at(w)));
    expect(afterDroppedPieces(foundAll(5), settled, words(5), 2_700)).toEqual([{ startMs: 800, endMs: 2_700, words: [3, 4], dropped: 2 }]);
  });

  it(`takes ${AFTER_DROPPED_WORDS} words, up to the end of the last of them found, and a dropped word inside that piece gets none`, () => {
    const found = foundAll(16);
    found.delete(13);
    const settled = words(16).map((w) => (w === 1 || w === 5 ? null : at(w)));
    expect(afterDroppedPieces(found, settled, words(16), 8_000)).toEqual([
      { startMs: 300, endMs: at(12).endMs, words: words(14).slice(2), dropped: 1 },
    ]);
  });

  it('starts at 0 when no word before is kept, and makes none for a word no search found or for the last word', () => {
    const found = foundAll(4);
    found.delete(2);
    const settled = [null, at(1), null, null];
    expect(afterDroppedPieces(found, settled, words(4), 2_000)).toEqual([{ startMs: 0, endMs: 2_000, words: [1, 2, 3], dropped: 0 }]);
    expect(afterDroppedPieces(foundAll(3), [at(0), at(1), null], words(3), 2_000)).toEqual([]);
    expect(afterDroppedPieces(foundAll(3), words(3).map(at), words(3), 2_000)).toEqual([]);
  });
});

describe('placedAfterDropped and keptAfterDropped', () => {
  it('puts the words where the new search has them, leaves out those it lacks and the dropped word', () => {
    const pieces = [{ startMs: 800, endMs: 2_700, words: [3, 4, 5], dropped: 2 }];
    const again = new Map([[3, span(900, 1_200)], [5, span(1_300, 1_600)]]);
    const placed = placedAfterDropped(foundAll(6), pieces, again);
    const sorted = [...placed.entries()].sort((a, b) => a[0] - b[0]);
    expect(sorted).toEqual([[0, at(0)], [1, at(1)], [3, span(900, 1_200)], [5, span(1_300, 1_600)]]);
    expect(keptAfterDropped(pieces, [at(0), at(1), null, at(3), null, at(5)])).toBe(2);
    expect(keptAfterDropped(pieces, [at(0), at(1), null, at(3), at(4), at(5)])).toBe(3);
  });
});

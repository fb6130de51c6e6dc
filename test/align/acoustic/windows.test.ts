import { describe, expect, it } from 'vitest';
import type { Piece } from '../../../src/align/acoustic/windows.js';
import type { AcousticSpan } from '../../../src/align/acoustic/types.js';
import { alignInWindows } from '../../../src/align/acoustic/windows.js';

/** Word i spoken at [1000 i + 100, 1000 i + 700]; in the 30 s test words 10–14 are lost in noise. */
const truth = (i: number): AcousticSpan => ({ startMs: 1000 * i + 100, endMs: 1000 * i + 700 });
const LOST = new Set([10, 11, 12, 13, 14]);
const words = Array.from({ length: 30 }, (_, i) => i);

describe('alignInWindows', () => {
  it('keeps every word found before a failing stretch and after it in place, and the lost words unplaced', async () => {
    const pieces: Piece[] = [];
    // A search that finds the offered words whose audio lies in the piece, in order, skipping a prefix when needed, none of the lost ones.
    const search = (piece: Piece): Promise<Map<number, AcousticSpan>> => {
      pieces.push(piece);
      const found = new Map<number, AcousticSpan>();
      for (const w of piece.words) {
        const t = truth(w);
        if (!LOST.has(w) && t.startMs >= piece.startMs && t.endMs <= piece.endMs) found.set(w, t);
      }
      return Promise.resolve(found);
    };
    const placed = await alignInWindows(words, 30_000, 8_000, search);
    expect([...placed.keys()].sort((a, b) => a - b)).toEqual(words.filter((w) => !LOST.has(w)));
    for (const [w, span] of placed) expect(span).toEqual(truth(w));
    // Each window starts where the last kept word ended, and none ends past the audio.
    expect(pieces.map((p) => [p.startMs, p.endMs, p.words[0]])).toEqual([
      [0, 8000, 0], [5700, 13700, 6], [9700, 17700, 10], [15700, 23700, 16], [21700, 29700, 22], [27700, 30000, 28],
    ]);
  });

  it('moves on by half a window when nothing can be kept, offering the same words again', async () => {
    const pieces: Piece[] = [];
    const search = (piece: Piece): Promise<Map<number, AcousticSpan>> => {
      pieces.push(piece);
      // Nothing is found in a window that starts before 4 s (say the first seconds are music).
      return Promise.resolve(
        new Map(
          piece.startMs < 4000 ? [] : piece.words.filter((w) => truth(w).startMs >= piece.startMs).map((w) => [w, truth(w)] as const),
        ),
      );
    };
    const placed = await alignInWindows(words.slice(0, 12), 12_000, 8_000, search);
    expect(pieces.map((p) => [p.startMs, p.endMs, p.words[0]])).toEqual([[0, 8000, 0], [4000, 12_000, 0]]);
    expect([...placed.keys()]).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
  });
});

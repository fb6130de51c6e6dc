import { describe, expect, it } from 'vitest';
import { trimQuietEdges } from '../../../src/align/acoustic/trim-quiet.js';

/** A mask from a string: `q` 1, `.` 0. */
const mask = (text: string): Uint8Array => Uint8Array.from(text, (c) => (c === 'q' ? 1 : 0));

describe('trimQuietEdges', () => {
  it('moves both edges inwards over quiet frames, the start by its own mask, the end by its own', () => {
    expect(trimQuietEdges({ startMs: 0, endMs: 50 }, mask('qqq....qqq'), mask('q......qqq'))).toEqual({ startMs: 15, endMs: 35 });
    expect(trimQuietEdges({ startMs: 0, endMs: 50 }, mask('qqq.......'), mask('q.........'))).toEqual({ startMs: 15, endMs: 50 });
  });

  it('lets a quiet run begin up to 20 ms (four frames) inside the edge (a neighbour spilling over)', () => {
    const q = mask('....qq............');
    expect(trimQuietEdges({ startMs: 0, endMs: 95 }, q, q)).toEqual({ startMs: 30, endMs: 95 });
    const far = mask('.....qq...........');
    expect(trimQuietEdges({ startMs: 0, endMs: 95 }, far, far)).toEqual({ startMs: 0, endMs: 95 });
  });

  it("never moves an edge past the word's middle", () => {
    const q = mask('qqqqqqq..q');
    expect(trimQuietEdges({ startMs: 0, endMs: 50 }, q, q)).toEqual({ startMs: 20, endMs: 45 });
  });

  it('never moves an edge by more than 400 ms', () => {
    const q = mask('q'.repeat(120) + '.'.repeat(80));
    expect(trimQuietEdges({ startMs: 0, endMs: 1000 }, q, q)).toEqual({ startMs: 400, endMs: 1000 });
  });

  it('gives the same span when no edge moves, null when every frame is quiet by the end mask, and keeps the evidence', () => {
    const none = mask('..........');
    const span = { startMs: 5, endMs: 45 };
    expect(trimQuietEdges(span, none, none)).toBe(span);
    expect(trimQuietEdges({ startMs: 10, endMs: 25 }, mask('qqqqqqqqqq'), mask('..qqq.....'))).toBeNull();
    expect(trimQuietEdges({ startMs: 10, endMs: 25 }, mask('..qqq.....'), none)).toEqual({ startMs: 15, endMs: 25 });
    const evidence = { frames: 5, alignedScore: -100, loopScore: null, phones: 3 };
    expect(trimQuietEdges({ startMs: 0, endMs: 50, evidence }, mask('q.........'), none)).toEqual({ startMs: 5, endMs: 50, evidence });
  });
});

import { describe, expect, it } from 'vitest';
import { quietFrames, refineEdges, trimQuietEdges } from '../../../src/align/acoustic/refine.js';

/** A quiet mask from a string: `q` quiet, `.` sound. */
const mask = (text: string): Uint8Array => Uint8Array.from(text, (c) => (c === 'q' ? 1 : 0));
/** Sum of squares of a 160-sample frame of RMS `rms`. */
const frame = (rms: number): number => rms * rms * 160;

describe('quietFrames', () => {
  it('marks frames at most 9 dB over the floor and digital silence as quiet', () => {
    // Floor: RMS 10 (42.0 dB); RMS 25 is 8.0 dB over it (quiet), RMS 30 is 9.5 dB over (sound).
    const energies = Float64Array.from([0, frame(10), frame(25), frame(30), frame(1000), frame(10)]);
    expect([...quietFrames(energies, 160)]).toEqual([1, 1, 1, 0, 0, 1]);
  });

  it('takes the floor from sound frames only: RMS 2 or less is never the floor', () => {
    const energies = Float64Array.from([frame(2), frame(2), frame(100), frame(250), frame(290)]);
    expect([...quietFrames(energies, 160)]).toEqual([1, 1, 1, 1, 0]);
  });
});

describe('trimQuietEdges', () => {
  it('moves both edges inwards over quiet frames', () => {
    expect(trimQuietEdges({ startMs: 0, endMs: 100 }, mask('qqq....qqq'))).toEqual({ startMs: 30, endMs: 70 });
  });

  it('lets a quiet run begin up to two frames inside the edge (a neighbour spilling over)', () => {
    expect(trimQuietEdges({ startMs: 0, endMs: 100 }, mask('.qq.......'))).toEqual({ startMs: 30, endMs: 100 });
    expect(trimQuietEdges({ startMs: 0, endMs: 100 }, mask('...qq.....'))).toEqual({ startMs: 0, endMs: 100 });
  });

  it('never moves an edge past the word\'s middle', () => {
    expect(trimQuietEdges({ startMs: 0, endMs: 100 }, mask('qqqqqqq..q'))).toEqual({ startMs: 40, endMs: 90 });
  });

  it('never moves an edge by more than 400 ms', () => {
    const quiet = mask('q'.repeat(60) + '.'.repeat(40));
    expect(trimQuietEdges({ startMs: 0, endMs: 1000 }, quiet)).toEqual({ startMs: 400, endMs: 1000 });
  });

  it('gives the same span when no edge moves, null when every frame is quiet, and keeps the evidence', () => {
    const span = { startMs: 15, endMs: 85 };
    expect(trimQuietEdges(span, mask('..........'))).toBe(span);
    expect(trimQuietEdges({ startMs: 20, endMs: 50 }, mask('..qqq.....'))).toBeNull();
    const evidence = { frames: 10, alignedScore: -100, loopScore: null, phones: 3 };
    expect(trimQuietEdges({ startMs: 0, endMs: 100, evidence }, mask('q.........'))).toEqual({ startMs: 10, endMs: 100, evidence });
  });
});

describe('refineEdges', () => {
  it('trims every span, keeps null, and a span all quiet becomes null (no outward move: MAX_EXTEND_MS is 0)', () => {
    const quiet = mask('qq....qqqq....qq');
    expect(refineEdges([null, { startMs: 0, endMs: 60 }, { startMs: 60, endMs: 100 }, { startMs: 100, endMs: 160 }], quiet)).toEqual([
      null, { startMs: 20, endMs: 60 }, null, { startMs: 100, endMs: 140 },
    ]);
  });
});

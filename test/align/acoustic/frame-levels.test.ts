import { describe, expect, it } from 'vitest';
import { frameLevels, frameLevelsOver, peakDb, quietFrames } from '../../../src/align/acoustic/frame-levels.js';

/** Sum of squares of an 80-sample (5 ms) frame of RMS `rms`. */
const frame = (rms: number): number => rms * rms * 80;
/**
 * Levels from a string, one 5 ms frame a character: `_` the floor (RMS 10), `a` +6 dB, `b` +12 dB, `c` +18 dB, `d` +30 dB,
 * `L` loud (+40 dB).
 */
const levels = (text: string) =>
  frameLevels(Float64Array.from(text, (c) => frame(10 * 10 ** ({ _: 0, a: 6, b: 12, c: 18, d: 30, L: 40 }[c]! / 20))), 80);

describe('frameLevels, quietFrames', () => {
  it('takes the floor from the 5th percentile of the frames that are not digital silence', () => {
    // Floor: RMS 10 (20 dB); RMS 25 is 8.0 dB over it, RMS 30 is 9.5 dB over it.
    const l = frameLevels(Float64Array.from([0, frame(2), frame(10), frame(25), frame(30), frame(1000), frame(10)]), 80);
    expect(l.floorDb).toBeCloseTo(20, 9);
    expect([...quietFrames(l, 9)]).toEqual([1, 1, 1, 1, 0, 0, 1]);
    expect([...quietFrames(l, 15)]).toEqual([1, 1, 1, 1, 1, 0, 1]);
  });

  it('writes the same levels over the energies themselves when asked to (frameLevelsOver), leaving frameLevels\' input whole', () => {
    const energies = Float64Array.from([0, frame(2), frame(10), frame(25), frame(30), frame(1000), frame(10)]);
    const kept = energies.slice();
    const copy = frameLevels(energies, 80);
    expect(energies).toEqual(kept);
    const over = frameLevelsOver(energies, 80);
    expect(over.db).toBe(energies);
    expect([over.floorDb, [...over.db]]).toEqual([copy.floorDb, [...copy.db]]);
    expect(over.db[0]).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe('peakDb', () => {
  it("gives the level of a span's loudest frame", () => {
    const l = levels('__ab_c__');
    expect(peakDb({ startMs: 10, endMs: 25 }, l)).toBeCloseTo(20 + 12, 9); // frames 2–4: a, b, _
    expect(peakDb({ startMs: 10, endMs: 30 }, l)).toBeCloseTo(20 + 18, 9);
  });
});

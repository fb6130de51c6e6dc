import { describe, expect, it } from 'vitest';
import { BINS, SORT_AT_MOST, valueAtShare } from '../../../src/align/acoustic/rank.js';

/** A fixed sequence of pseudo-random numbers in [0, 1) (a linear congruential generator): the same every run. */
function sequence(n: number, seed: number): number[] {
  let x = seed;
  return Array.from({ length: n }, () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  });
}

/** Frame levels as a recording has them: mostly 20–90 dB, a stretch of one repeated level, some digital silence. */
function levels(n: number): Float64Array {
  const r = sequence(n, 7);
  return Float64Array.from(r, (u, i) => (i % 97 === 0 ? Number.NEGATIVE_INFINITY : i % 5 === 0 ? 42.5 : 20 + 70 * u ** 3));
}

/** The value at `rank` among the values `keep` keeps: a share whose rank, floored, is `rank` (NaN when it keeps none). */
function valueAtRank(values: Float64Array, rank: number, keep: (value: number) => boolean = () => true): number {
  const kept = values.filter(keep).length;
  return valueAtShare(values, (rank + 0.5) / (kept - 1), Number.NaN, keep);
}

describe('valueAtShare', () => {
  it('gives the value a sort gives at every rank probed, over many more values than it sorts at once', () => {
    const values = levels(60_000);
    expect(values.length).toBeGreaterThan(10 * SORT_AT_MOST);
    const sorted = values.slice().sort();
    for (const rank of [0, 1, 618, 619, 5_000, 12_000, 29_999, 30_000, 45_678, 59_998, 59_999]) {
      expect(valueAtRank(values, rank)).toBe(sorted[rank]);
    }
  });

  it('ranks only the values kept, digital silence first, and clamps the rank', () => {
    const values = levels(20_000);
    const sound = values.filter((v) => v !== Number.NEGATIVE_INFINITY).sort();
    const isSound = (v: number): boolean => v !== Number.NEGATIVE_INFINITY;
    expect(valueAtRank(values, 0, isSound)).toBe(sound[0]);
    expect(valueAtRank(values, 9_876, isSound)).toBe(sound[9_876]);
    expect(valueAtRank(values, 0)).toBe(Number.NEGATIVE_INFINITY);
    expect(valueAtRank(values, 10 ** 9, isSound)).toBe(sound.at(-1));
    expect(valueAtRank(values, -3, isSound)).toBe(sound[0]);
    expect(valueAtRank(values, 0, () => false)).toBeNaN();
    // A percentile as a sorted copy gives it, and the value given for an empty selection.
    expect(valueAtShare(values, 0.05, 0, isSound)).toBe(sound[Math.floor(0.05 * (sound.length - 1))]);
    expect(valueAtShare(values, 0.95, 0)).toBe(values.slice().sort()[Math.floor(0.95 * (values.length - 1))]);
    expect(valueAtShare(values, 0.5, -7, () => false)).toBe(-7);
  });

  it('finds a rank inside a run of one repeated value and among values closer than one bin', () => {
    // 10,000 values of 42.5 among 10,000 others: every rank inside the run is 42.5.
    const values = Float64Array.from({ length: 20_000 }, (_, i) => (i % 2 === 0 ? 42.5 : i / 1000));
    const sorted = values.slice().sort();
    for (const rank of [4_249, 4_250, 9_000, 14_249, 14_250, 19_999]) expect(valueAtRank(values, rank)).toBe(sorted[rank]);
    // Values 1e-9 apart around a far outlier: the first pass puts them all in one of its BINS bins.
    const close = Float64Array.from({ length: 3 * SORT_AT_MOST }, (_, i) => (i === 0 ? 1e6 : 10 + i * 1e-9));
    expect(BINS).toBeLessThan(close.length);
    const closeSorted = close.slice().sort();
    for (const rank of [0, 1, 5_000, close.length - 2, close.length - 1]) expect(valueAtRank(close, rank)).toBe(closeSorted[rank]);
  });
});

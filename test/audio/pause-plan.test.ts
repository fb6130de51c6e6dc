import { describe, expect, it } from 'vitest';
import { planPauseSplits, quietThreshold } from '../../src/audio/pauses.js';

const energies = (values: number[]): Float64Array => Float64Array.from(values);

describe('planPauseSplits', () => {
  it('cuts nothing when all fits in one chunk', () => {
    expect(planPauseSplits(energies([9, 9, 9, 9]), { maxFrames: 4, minFrames: 2, threshold: 1 })).toEqual([]);
  });

  it('cuts each window at its quiet frame, else at its quietest frame (the later one on a tie)', () => {
    // Window [2, 4]: the quiet frame 3. Window [5, 7] from 3: no quiet frame, all equal: the last, 7.
    expect(planPauseSplits(energies([5, 5, 5, 0, 5, 5, 5, 5, 5, 5]), { maxFrames: 4, minFrames: 2, threshold: 1 })).toEqual([3, 7]);
  });

  it('cuts the longest quiet run in its middle, the later run on a tie', () => {
    const options = { maxFrames: 10, minFrames: 2, threshold: 1 };
    expect(planPauseSplits(energies([9, 9, 0, 9, 0, 0, 0, 9, 9, 9, 9, 9]), options)).toEqual([5]);
    expect(planPauseSplits(energies([9, 9, 0, 9, 9, 0, 9, 9, 9, 9, 9, 9]), options)).toEqual([5]);
  });

  it('counts only the part of a run inside the window [start + minFrames, start + maxFrames]', () => {
    // Frames 0-2 are quiet but before the window [3, 6]; the one quiet frame inside it, 5, wins.
    expect(planPauseSplits(energies([0, 0, 0, 9, 9, 0, 9, 9, 9]), { maxFrames: 6, minFrames: 3, threshold: 1 })).toEqual([5]);
  });
});

describe('quietThreshold', () => {
  it('is 0 without frames', () => {
    expect(quietThreshold(energies([]), 480)).toBe(0);
  });

  it('is 3 × the 10th-percentile RMS (9 × its energy) when under a quarter of the median RMS', () => {
    expect(quietThreshold(energies([1e4, 1e4, 1e4, 1e4, 1e4, 1e8, 1e8, 1e8, 1e8, 1e8]), 1)).toBe(9e4);
  });

  it('is at most a quarter of the median RMS (1/16 of its energy)', () => {
    expect(quietThreshold(energies([1e5, 2e5, 3e5, 4e5, 5e5, 6e5, 7e5, 8e5, 9e5, 1e6]), 1)).toBe(37_500);
  });

  it('is at least an RMS of 40 per sample of the frame', () => {
    expect(quietThreshold(energies(Array<number>(10).fill(10)), 480)).toBe(1600 * 480);
  });
});

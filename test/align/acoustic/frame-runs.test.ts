import { describe, expect, it } from 'vitest';
import { frameRuns } from '../../../src/align/acoustic/frame-runs.js';

describe('frameRuns', () => {
  it('gives each run of consecutive frames in [from, to) that holds the property, cut at the range\'s ends', () => {
    const marks = '..##.#...###..';
    const loud = (f: number) => marks[f] === '#';
    expect(frameRuns(0, marks.length, loud)).toEqual([[2, 4], [5, 6], [9, 12]]);
    expect(frameRuns(3, 10, loud)).toEqual([[3, 4], [5, 6], [9, 10]]);
    expect(frameRuns(6, 9, loud)).toEqual([]);
  });
});

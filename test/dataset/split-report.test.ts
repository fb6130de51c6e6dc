import { describe, expect, it } from 'vitest';
import { parseSplitSpec } from '../../src/dataset/options.js';
import { splitShareWarning, splitsCsv } from '../../src/dataset/split-report.js';

const SPLITS_80_10_10 = parseSplitSpec('train=80,dev=10,test=10');

describe('splitShareWarning', () => {
  it('warns when 80/10/10 comes out 93/6/0.4 and says why: too few groups', () => {
    const splits = { train: { clips: 93, ms: 93_000 }, dev: { clips: 6, ms: 6_000 }, test: { clips: 1, ms: 400 } };
    expect(splitShareWarning(SPLITS_80_10_10, splits, 4, 'dir')).toBe(
      'the splits came out 93.6/6/0.4 % of the audio (train/dev/test), not the requested 80/10/10: only 4 groups (--group-by dir), ' +
      'and a group never spans two splits. Fix: more recordings, or finer groups (--group-by source, or a regex naming smaller groups).');
  });

  it('says nothing within 5 points, nor for a single split', () => {
    const splits = { train: { clips: 8, ms: 8_300 }, dev: { clips: 1, ms: 900 }, test: { clips: 1, ms: 800 } };
    expect(splitShareWarning(SPLITS_80_10_10, splits, 10, 'source')).toBeUndefined();
    expect(splitShareWarning(parseSplitSpec('train=100'), { train: { clips: 1, ms: 5 } }, 1, 'source')).toBeUndefined();
  });
});

describe('splitsCsv', () => {
  it('writes one row a group, sorted by group, with its split, clips and audio (no split: empty)', () => {
    const groups = [{ group: 'b', clips: 2, ms: 900 }, { group: 'a,1', clips: 1, ms: 400 }, { group: 'c', clips: 1, ms: 5 }];
    const assignment = new Map([['b', 'dev'], ['a,1', 'train']] as const);
    expect(splitsCsv(groups, assignment)).toBe('group,split,clips,duration_ms\n"a,1",train,1,400\nb,dev,2,900\nc,,1,5\n');
  });
});

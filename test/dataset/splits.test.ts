import { describe, expect, it } from 'vitest';
import { isDictclipError } from '../../src/errors.js';
import { parseGroupBy, parseSplitSpec, resolveExportOptions } from '../../src/dataset/options.js';
import { assignSplits, groupOf } from '../../src/dataset/splits.js';
import type { GroupTotal, SplitName } from '../../src/dataset/splits.js';

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (isDictclipError(error, 'E_CONFIG')) return error.message;
    throw error;
  }
  throw new Error('expected an E_CONFIG refusal');
}

const SPLITS_80_10_10 = parseSplitSpec('train=80,dev=10,test=10');

function groups(n: number, ms: (i: number) => number = () => 1000): GroupTotal[] {
  return Array.from({ length: n }, (_, i) => ({ group: `speaker${String(i).padStart(3, '0')}`, clips: 1, ms: ms(i) }));
}

function shares(assignment: Map<string, SplitName>, all: GroupTotal[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const g of all) totals[assignment.get(g.group)!] = (totals[assignment.get(g.group)!] ?? 0) + g.ms;
  return totals;
}

describe('groupOf', () => {
  it('groups by source, folder or the first capture group', () => {
    expect(groupOf('alice/day1/a.wav', { kind: 'source' })).toBe('alice/day1/a.wav');
    expect(groupOf('alice/day1/a.wav', { kind: 'dir' })).toBe('alice/day1');
    expect(groupOf('a.wav', { kind: 'dir' })).toBe('.');
    expect(groupOf('alice/day1/a.wav', parseGroupBy('^([^/]+)/'))).toBe('alice');
    expect(groupOf('rec_bob_03.wav', parseGroupBy('_([a-z]+)_'))).toBe('bob');
    expect(groupOf('nomatch.wav', parseGroupBy('_([a-z]+)_'))).toBeUndefined();
  });
});

describe('assignSplits', () => {
  it('puts every group in exactly one split, the same for a seed, different for another seed', () => {
    const all = groups(50, (i) => 500 + ((i * 37) % 11) * 300);
    const a = assignSplits(all, SPLITS_80_10_10, 7);
    expect([...a.keys()].sort()).toEqual(all.map((g) => g.group));
    expect(assignSplits([...all].reverse(), SPLITS_80_10_10, 7)).toEqual(a);
    const b = assignSplits(all, SPLITS_80_10_10, 8);
    expect([...b.entries()].filter(([g, s]) => a.get(g) !== s).length).toBeGreaterThan(0);
  });

  it('balances by duration within one group of each target', () => {
    const all = groups(200, (i) => 1000 + ((i * 7919) % 13) * 250);
    const total = all.reduce((s, g) => s + g.ms, 0);
    const largest = Math.max(...all.map((g) => g.ms));
    const got = shares(assignSplits(all, SPLITS_80_10_10, 1), all);
    expect(Math.abs((got['train'] ?? 0) - 0.8 * total)).toBeLessThanOrEqual(largest);
    expect(Math.abs((got['dev'] ?? 0) - 0.1 * total)).toBeLessThanOrEqual(largest);
    expect(Math.abs((got['test'] ?? 0) - 0.1 * total)).toBeLessThanOrEqual(largest);
  });

  it('leaves no split empty when there are as many groups as splits', () => {
    const all = groups(3);
    const a = assignSplits(all, SPLITS_80_10_10, 0);
    expect([...a.values()].sort()).toEqual(['dev', 'test', 'train']);
    // Two groups cannot fill three splits: the largest shares get them.
    expect(new Set(assignSplits(groups(2), SPLITS_80_10_10, 0).values())).toEqual(new Set(['train', 'dev']));
    expect(new Set(assignSplits(groups(1), SPLITS_80_10_10, 0).values())).toEqual(new Set(['train']));
  });

  it('never uses a split of share 0 and puts everything in train by default', () => {
    const all = groups(5);
    expect(new Set(assignSplits(all, parseSplitSpec('train=90,dev=0,test=10'), 3).values())).toEqual(new Set(['train', 'test']));
    expect(new Set(assignSplits(all, parseSplitSpec('train=100'), 3).values())).toEqual(new Set(['train']));
  });
});

describe('split names', () => {
  it('reads validation and val as dev, the name the hf export writes as validation/', () => {
    expect(parseSplitSpec('train=80,validation=10,test=10')).toEqual(SPLITS_80_10_10);
    expect(parseSplitSpec('train=90,VAL=10')).toEqual([{ name: 'train', percent: 90 }, { name: 'dev', percent: 10 }]);
  });
});

describe('export option refusals', () => {
  const run = '/data/run';
  it.each([
    ['train=80,dev=10', 'the proportions train=80,dev=10 sum to 90, not 100'],
    ['train=80,dev=10,test=20', 'sum to 110, not 100'],
    ['train=80,valid=20', 'unknown split name "valid"; the split names are train, dev, test'],
    ['train=80,train=20', '"train" is given twice'],
    ['train=80,dev=10,validation=10', '"dev" is given twice (validation is dev)'],
    ['train=eighty', '"train=eighty" is not <name>=<percent>'],
  ])('--split %s', (split, message) => {
    expect(refusal(() => resolveExportOptions({ runDir: run, format: 'hf', split }))).toContain(message);
  });

  it('refuses unknown formats, listing the known ones', () => {
    expect(refusal(() => resolveExportOptions({ runDir: run, format: 'tfrecord' as 'hf' })))
      .toBe('--format: unknown format "tfrecord"; the formats are hf, nemo, ljspeech, kaldi, lhotse, webdataset.');
  });

  it('refuses a group-by regex that does not compile or has no capture group', () => {
    expect(refusal(() => parseGroupBy('([a-z'))).toMatch(/^--group-by: "\(\[a-z" is not a valid regular expression/);
    expect(refusal(() => parseGroupBy('^[a-z]+/'))).toContain('has no capture group');
    expect(refusal(() => parseGroupBy('(?:x)'))).toContain('has no capture group');
  });

  it('refuses --to inside the clips folder or over the run itself', () => {
    expect(refusal(() => resolveExportOptions({ runDir: run, format: 'hf', to: '/data/run/clips/x' }))).toContain('inside the run\'s clips folder');
    expect(refusal(() => resolveExportOptions({ runDir: run, format: 'hf', to: '/data/run/clips' }))).toContain('inside the run\'s clips folder');
    expect(refusal(() => resolveExportOptions({ runDir: run, format: 'hf', to: '/data' }))).toContain('would replace the run output');
    expect(resolveExportOptions({ runDir: run, format: 'hf' }).to).toBe('/data/run/exports/hf');
  });
});

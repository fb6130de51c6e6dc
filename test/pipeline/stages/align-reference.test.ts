import { describe, expect, it } from 'vitest';
import { ESTIMATE_MIN_MS, acousticMismatch, alignReference } from '../../../src/pipeline/stages/align-reference.js';
import { referenceFromText } from '../../../src/reference/index.js';

const heard = (words: readonly [string, number, number][]) => {
  let at = 0;
  const markers = words.map(([text, startMs, endMs]) => {
    const marker = { text, textStart: at, textLength: text.length, startMs, endMs };
    at += text.length + 1;
    return marker;
  });
  return { transcript: words.map(([w]) => w).join(' '), markers, collapsed: false, warnings: [] };
};

describe('words that could not be placed', () => {
  it(`are cut at estimates of at least ${ESTIMATE_MIN_MS} ms each, the rest of the free audio shared by length`, async () => {
    // 200 ms free between "one" and "two" for "a" (1 letter) and "extraordinarily" (15): a share by length alone gives "a" 13 ms.
    const aligned = await alignReference('x.wav', referenceFromText('ref', 'one a extraordinarily two'), heard([['one', 0, 300], ['two', 500, 800]]),
      { audioDurationMs: 1000, align: 'text', wavPath: '' });
    expect(aligned.record.words.map((w) => [w.text, w.startMs, w.endMs, w.placement])).toEqual([
      ['one', 0, 300, 'matched'], ['a', 300, 383, 'unaligned'], ['extraordinarily', 383, 500, 'unaligned'], ['two', 500, 800, 'matched'],
    ]);
  });

  it('share the free audio by length alone when that gives each its minimum, and get none when it cannot', async () => {
    const wide = await alignReference('x.wav', referenceFromText('ref', 'one ab abcdef two'), heard([['one', 0, 300], ['two', 700, 800]]),
      { audioDurationMs: 1000, align: 'text', wavPath: '' });
    expect(wide.record.words.map((w) => [w.text, w.startMs, w.endMs])).toEqual([['one', 0, 300], ['ab', 300, 400], ['abcdef', 400, 700], ['two', 700, 800]]);
    const narrow = await alignReference('x.wav', referenceFromText('ref', 'one ab abcdef two'), heard([['one', 0, 300], ['two', 459, 800]]),
      { audioDurationMs: 1000, align: 'text', wavPath: '' });
    expect(narrow.record.words.map((w) => [w.text, w.startMs, w.endMs])).toEqual([['one', 0, 300], ['ab', null, null], ['abcdef', null, null], ['two', 459, 800]]);
  });
});

describe('acousticMismatch (not dictated: is the text this recording\'s?)', () => {
  it('refuses a text under half found, or scoring below -38 a frame with under 45 % of its words fitting well', () => {
    // A short wrong text found whole in a long reading (LibriVox 0930 with "In eighteen thirteen": -54, 100 %, a third fitting well).
    expect(acousticMismatch({ scorePerFrame: -54, placedShare: 1, wellFitShare: 0.33 })).toBe(true);
    expect(acousticMismatch({ scorePerFrame: -42.8, placedShare: 0.5, wellFitShare: 0.13 })).toBe(true);
    expect(acousticMismatch({ scorePerFrame: -12, placedShare: 0.49, wellFitShare: 0.49 })).toBe(true);
    expect(acousticMismatch({ scorePerFrame: null, placedShare: 0.4, wellFitShare: 0.4 })).toBe(true);
  });

  it('keeps a text mostly right (a heading never said, words substituted, one replaced by noise) and one that fits poorly but mostly well word by word', () => {
    // Real accented digits with such faults: -31.3 a frame, 88 % found, 58 % fitting well (refused before, under 90 % found).
    expect(acousticMismatch({ scorePerFrame: -31.3, placedShare: 0.88, wellFitShare: 0.58 })).toBe(false);
    expect(acousticMismatch({ scorePerFrame: -45, placedShare: 0.9, wellFitShare: 0.45 })).toBe(false);
    expect(acousticMismatch({ scorePerFrame: -38, placedShare: 1, wellFitShare: 0.1 })).toBe(false);
    expect(acousticMismatch({ scorePerFrame: null, placedShare: 0.5, wellFitShare: 0 })).toBe(false);
  });
});

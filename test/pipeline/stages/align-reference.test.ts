import { describe, expect, it } from 'vitest';
import { ESTIMATE_MIN_MS, acousticMismatch, alignReference, type AcousticAligner } from '../../../src/pipeline/stages/align-reference.js';
import { isDictclipError } from '../../../src/errors.js';
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

describe('acousticMismatch (acoustic alignment: is the text this recording\'s?)', () => {
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

describe('a dictated recording aligned acoustically', () => {
  const reference = referenceFromText('ref', 'one two three four');
  const fit = (placedShare: number) => ({ scorePerFrame: -12, placedShare, wellFitShare: placedShare });
  /** An aligner placing `spans` (null: not found), with the fit of its share of words placed; it keeps what it was asked. */
  const aligner = (spans: ({ startMs: number; endMs: number } | null)[]) => {
    const calls: Parameters<AcousticAligner>[0][] = [];
    const acoustic: AcousticAligner = (options) => {
      calls.push(options);
      return Promise.resolve({ words: spans, fit: fit(spans.filter((s) => s !== null).length / spans.length) });
    };
    return { calls, acoustic };
  };
  const options = (acoustic: AcousticAligner) => ({ audioDurationMs: 2000, align: 'acoustic' as const, acoustic, wavPath: 'x.wav' });

  it('keeps a right text the recognizer misheard whole, at the aligner\'s times, the dictation only saying what was heard', async () => {
    const { calls, acoustic } = aligner([{ startMs: 0, endMs: 400 }, { startMs: 500, endMs: 900 }, { startMs: 1000, endMs: 1400 }, null]);
    // Heard: nothing of the text ("won" is one token the text lacks), at times 200 ms off.
    const misheard = heard([['won', 200, 600], ['too', 700, 1100], ['tree', 1200, 1600], ['for', 1600, 1900]]);
    const aligned = await alignReference('x.wav', reference, misheard, options(acoustic));
    // The aligner got the words and the audio only: no recognized time.
    expect(calls.map((c) => Object.keys(c).sort())).toEqual([['wavPath', 'words']]);
    expect(aligned.record.align).toBe('acoustic');
    expect(aligned.record.agreement).toMatchObject({ words: 4, matched: 0, unaligned: 1 });
    // "four", not found by the aligner, is cut at an estimate (the free audio after "three"), not at the recognizer's 1600–1900.
    expect(aligned.record.words.map((w) => [w.text, w.startMs, w.endMs, w.placement, w.heard])).toEqual([
      ['one', 0, 400, 'acoustic', 'substituted'], ['two', 500, 900, 'acoustic', 'substituted'],
      ['three', 1000, 1400, 'acoustic', 'substituted'], ['four', 1400, 2000, 'unaligned', 'substituted'],
    ]);
  });

  it('refuses a wrong text the recognizer heard word for word, from the fit alone', async () => {
    const { acoustic } = aligner([{ startMs: 0, endMs: 400 }, null, null, null]);
    const error = await alignReference('x.wav', reference, heard([['one', 0, 400], ['two', 500, 900], ['three', 1000, 1400], ['four', 1500, 1900]]),
      options(acoustic)).catch((e: unknown) => e);
    expect(isDictclipError(error, 'E_REFERENCE_MISMATCH')).toBe(true);
  });
});

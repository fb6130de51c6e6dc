/** Where words sit in time on the review page (src/review/page/timeline.ts). */
import { describe, expect, it } from 'vitest';
import { wordAt, wordNear } from '../../src/review/page/timeline.js';
import type { WordView } from '../../src/review/view.js';

const word = (text: string, startMs: number | null, endMs: number | null): WordView => ({ text, startMs, endMs, status: '', changed: false, textStart: 0, edited: false, verified: false, confidence: null, doubtful: false });
// Text order is time order; "uh" was typed in and has no time.
const WORDS = [word('please', 300, 700), word('uh', null, null), word('call', 900, 1400), word('stella', 1700, 2200), word('today', 2400, 2800)];

describe('wordAt', () => {
  it('finds the word playing at a time, edges included', () => {
    expect([300, 500, 700, 900, 1400, 2000, 2800].map((ms) => wordAt(WORDS, ms))).toEqual([0, 0, 0, 2, 2, 3, 4]);
  });

  it('finds none before the first word, in a gap, or after the last', () => {
    expect([0, 299, 701, 1500, 2300, 2801].map((ms) => wordAt(WORDS, ms))).toEqual([-1, -1, -1, -1, -1, -1]);
  });

  it('finds none in a recording without timed words', () => {
    expect(wordAt([], 100)).toBe(-1);
    expect(wordAt([word('uh', null, null)], 100)).toBe(-1);
  });
});

describe('wordNear', () => {
  it('gives the first timed word ending at or after a time (a click on the waveform)', () => {
    expect([0, 701, 1500, 2800, 2801].map((ms) => wordNear(WORDS, ms))).toEqual([0, 2, 3, 4, -1]);
  });
});

/** A recording's timed words as a marker run gives them: 'Please call Stella, today.' with its punctuation timed at the word ends. */
import type { Baseline } from '../../src/review/words.js';

export const TEXT = 'Please call Stella, today.';
export const BASE: Baseline = {
  text: TEXT,
  spans: [
    { textStart: 0, textLength: 6, startMs: 300, endMs: 700 }, { textStart: 7, textLength: 4, startMs: 900, endMs: 1400 },
    { textStart: 12, textLength: 6, startMs: 1700, endMs: 2200 }, { textStart: 18, textLength: 1, startMs: 2200, endMs: 2200 },
    { textStart: 20, textLength: 5, startMs: 2400, endMs: 2800 }, { textStart: 25, textLength: 1, startMs: 2800, endMs: 2800 },
  ],
};

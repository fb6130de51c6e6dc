/** Which words the review puts first: unaligned, low confidence, in a flagged clip; checked words never. */
import { describe, expect, it } from 'vitest';
import { doubtOf, summarize } from '../../src/review/doubt.js';
import type { EditedWord } from '../../src/review/edits.js';

const word = (startMs: number | null, endMs: number | null, extra: Partial<EditedWord> = {}): EditedWord => ({
  text: 'w',
  textStart: 0,
  textLength: 1,
  startMs,
  endMs,
  status: 'matched',
  changed: false,
  confidence: null,
  edited: false,
  verified: false,
  ...extra,
});

describe('doubt', () => {
  it('puts in doubt unaligned words, confidence under 0.5, and words in clips flagged unaligned or low-confidence', () => {
    const words = [
      word(0, 100, { confidence: 0.9 }),
      word(100, 200, { confidence: 0.49 }),
      word(200, 300, { status: 'unaligned' }),
      word(300, 400),
      word(400, 500, { confidence: 0.5 }),
      word(500, 600),
      word(null, null),
      word(600, 700, { confidence: 0.1, verified: true }),
    ];
    const clips = [
      { startMs: 280, endMs: 420, flags: 'short-word low-confidence' },
      { startMs: 480, endMs: 620, flags: 'loud-edge' },
      { startMs: 590, endMs: 720, flags: 'unaligned' },
    ];
    const doubtful = doubtOf(words, clips);
    expect(doubtful).toEqual([false, true, true, true, false, false, false, false]);
    expect(summarize(words, doubtful)).toEqual({ words: 8, verified: 1, doubtful: 3, lowest: 0.49 });
  });

  it('without confidence or flags nothing is in doubt', () => {
    const words = [word(0, 100), word(100, 200)];
    expect(doubtOf(words, [])).toEqual([false, false]);
    expect(summarize(words, [false, false])).toEqual({ words: 2, verified: 0, doubtful: 0, lowest: null });
  });
});

describe('doubt under the run\'s own threshold', () => {
  it('counts a confidence under the threshold given, not the default', () => {
    const words = [word(0, 100, { confidence: 0.55 }), word(100, 200, { confidence: 0.45 }), word(200, 300, { confidence: 0.65 })];
    expect(doubtOf(words, [])).toEqual([false, true, false]);
    expect(doubtOf(words, [], 0.6)).toEqual([true, true, false]);
  });
});

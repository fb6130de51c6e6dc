/** Doubt first on the review page (src/review/page/order.ts): the order, the lines it writes, the next word in doubt. */
import { describe, expect, it } from 'vitest';
import { doubtText, nextDoubtful, orderEntries, previousDoubtful, progressText, summaryOf } from '../../src/review/page/order.js';
import type { RecordingListEntry, WordView } from '../../src/review/view.js';

const entry = (source: string, extra: Partial<RecordingListEntry> = {}): RecordingListEntry => ({
  source,
  clips: 1,
  flagged: 0,
  disagreements: 0,
  corrected: false,
  playable: true,
  words: 10,
  verified: 0,
  doubtful: 0,
  lowest: null,
  ...extra,
});
const word = (doubtful: boolean, verified = false, confidence: number | null = null): WordView => ({
  text: 'w', startMs: 0, endMs: 1, status: '', changed: false, textStart: 0, edited: false, verified, confidence, doubtful,
});

describe('orderEntries', () => {
  it('puts words in doubt first (largest share, then lowest confidence), then flagged, then the rest, else the run order', () => {
    const list = [
      entry('clean'),
      entry('flagged', { flagged: 1 }),
      entry('a-third', { doubtful: 3, lowest: 0.3 }),
      entry('half', { doubtful: 5, lowest: 0.4 }),
      entry('a-third-lower', { doubtful: 3, lowest: 0.1 }),
      entry('off', { disagreements: 2 }),
      entry('clean-2'),
    ];
    expect(orderEntries(list).map((e) => e.source)).toEqual(['half', 'a-third-lower', 'a-third', 'flagged', 'off', 'clean', 'clean-2']);
  });
});

describe('the lines', () => {
  it('writes the progress over all recordings and each recording\'s doubt', () => {
    expect(progressText([entry('a', { words: 2000, verified: 300 }), entry('b', { words: 400, verified: 12 })])).toBe(
      '312 of 2,400 words verified',
    );
    expect(progressText([entry('a', { words: 1, verified: 0 })])).toBe('0 of 1 word verified');
    expect(doubtText(entry('a', { words: 12, doubtful: 3, verified: 5 }))).toBe('3 of 12 words in doubt (25 %) · 5 verified');
    expect(doubtText(entry('a', { words: 4, verified: 4 }))).toBe('no word in doubt · all verified');
    expect(doubtText(entry('a', { words: 0 }))).toBe('');
  });

  it('sums up the words of a saved recording', () => {
    expect(summaryOf([word(true, false, 0.2), word(false, true, 0.1), word(false, false, 0.7), word(true)])).toEqual({
      words: 4,
      verified: 1,
      doubtful: 2,
      lowest: 0.2,
    });
  });
});

describe('next and previous word in doubt', () => {
  const words = [word(false), word(true), word(false), word(true)];
  it('finds them after and before a word, -1 past the ends', () => {
    expect([nextDoubtful(words, -1), nextDoubtful(words, 1), nextDoubtful(words, 3)]).toEqual([1, 3, -1]);
    expect([previousDoubtful(words, 4), previousDoubtful(words, 3), previousDoubtful(words, 1)]).toEqual([3, 1, -1]);
  });
});

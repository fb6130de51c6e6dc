import { describe, expect, it } from 'vitest';
import { ESTIMATE_MIN_MS, alignReference } from '../../../src/pipeline/stages/align-reference.js';
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

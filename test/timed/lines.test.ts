import { describe, expect, it } from 'vitest';
import { hasShortLines, subtitleCues, textLines, timedTranscript, toSubRip, toTextGrid } from '../../src/timed/index.js';
import { LIMITS, result } from './result.js';

/** Two lines of a sonnet, read without a pause: one phrase (no sentence end between them). */
const POEM = 'So long as men can breathe or eyes can see,\nSo long lives this, and this gives life to thee.\n';
const WORDS = [
  ['So', 0, 200], ['long', 200, 500], ['as', 500, 600], ['men', 600, 900], ['can', 900, 1100], ['breathe', 1100, 1600], ['or', 1600, 1700],
  ['eyes', 1700, 2000], ['can', 2000, 2200], ['see', 2200, 2600], [',', 2600, 2600], ['So', 2700, 2900], ['long', 2900, 3200], ['lives', 3200, 3500],
  ['this', 3500, 3800], [',', 3800, 3800], ['and', 3900, 4100], ['this', 4100, 4400], ['gives', 4400, 4700], ['life', 4700, 5000], ['to', 5000, 5100],
  ['thee', 5100, 5500], ['.', 5500, 5500],
] as const;
const reference = (text: string) => timedTranscript({ source: 'poem.wav', durationMs: 6000, limits: LIMITS, reference: { unaligned: [], unplaced: [] }, result: result(text, WORDS) });

describe('the lines of the text', () => {
  it('are cue boundaries of a reference with short lines (auto), each line timed by its own words', () => {
    const timed = reference(POEM);
    expect(timed.phrases.map((p) => p.text)).toEqual(['So long as men can breathe or eyes can see,\nSo long lives this, and this gives life to thee.']);
    expect(toSubRip(subtitleCues(timed, { level: 'phrase' }))).toBe(
      '1\n00:00:00,000 --> 00:00:02,600\nSo long as men can breathe or eyes can see,\n\n' +
      '2\n00:00:02,700 --> 00:00:05,500\nSo long lives this, and this gives life to thee.\n\n');
    expect(subtitleCues(timed, { level: 'phrase', lineBreaks: 'ignore' }).map((c) => [c.startMs, c.endMs])).toEqual([[0, 5500]]);
    // Highlight cues follow the same boundaries: none spans the line break.
    const highlight = subtitleCues(timed, { level: 'highlight' });
    expect(highlight.filter((c) => c.text.includes('see,') && c.text.includes('thee.'))).toEqual([]);
  });

  it('are not cue boundaries of a dictated transcript or of long lines unless asked (keep)', () => {
    const dictated = timedTranscript({ source: 'poem.wav', durationMs: 6000, limits: LIMITS, result: result(POEM, WORDS) });
    expect(subtitleCues(dictated, { level: 'phrase' })).toHaveLength(1);
    expect(subtitleCues(dictated, { level: 'phrase', lineBreaks: 'keep' })).toHaveLength(2);
    const long = `${'word '.repeat(13)}x\n${'word '.repeat(13)}y`;
    expect([hasShortLines(POEM), hasShortLines(long), hasShortLines('one line only')]).toEqual([true, false, false]);
  });

  it('give the TextGrid a lines tier', () => {
    const timed = reference(POEM);
    expect(textLines(timed).map((l) => [l.text, l.startMs, l.endMs, l.firstWord, l.lastWord])).toEqual([
      ['So long as men can breathe or eyes can see,', 0, 2600, 0, 9], ['So long lives this, and this gives life to thee.', 2700, 5500, 10, 19],
    ]);
    const grid = toTextGrid(timed);
    const lines = grid.slice(grid.indexOf('name = "lines"'));
    expect(lines).toContain('intervals: size = 4');
    expect(lines).toContain('            xmin = 0\n            xmax = 2.6\n            text = "So long as men can breathe or eyes can see,"');
    expect(lines).toContain('            xmin = 2.7\n            xmax = 5.5\n            text = "So long lives this, and this gives life to thee."');
  });
});

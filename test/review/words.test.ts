/** The review's word model: tokens, timed words, the corrected text laid over them, edits. */
import { describe, expect, it } from 'vitest';
import { editText, MAX_WORD_LENGTH, reviewWords, timedWords, wordSpans, type Baseline } from '../../src/review/words.js';
import { BASE, TEXT } from './baseline.js';

const brief = (words: ReturnType<typeof reviewWords>): unknown[] => words.map((w) => [w.text, w.startMs, w.endMs, w.changed]);

describe('wordSpans', () => {
  it('splits on spaces, strips edge punctuation and skips punctuation-only runs', () => {
    const text = '(Well, it\'s 3:30 — "done".)';
    expect(wordSpans(text).map((t) => text.slice(t.start, t.end))).toEqual(['Well', 'it\'s', '3:30', 'done']);
  });
});

describe('timedWords', () => {
  it('gives each word the time of its marker and shares a marker over several words by characters', () => {
    expect(brief(timedWords(BASE))).toEqual([['Please', 300, 700, false], ['call', 900, 1400, false], ['Stella', 1700, 2200, false], ['today', 2400, 2800, false]]);
    const collapsed = timedWords({ text: 'ab cd', spans: [{ textStart: 0, textLength: 5, startMs: 0, endMs: 1000 }] });
    expect(brief(collapsed)).toEqual([['ab', 0, 400, false], ['cd', 600, 1000, false]]);
    expect(brief(timedWords({ text: 'no time', spans: [] }))).toEqual([['no', null, null, false], ['time', null, null, false]]);
  });
});

describe('reviewWords', () => {
  it('keeps the audio of unchanged words; a replacement takes the time of what it replaced', () => {
    expect(brief(reviewWords(BASE, 'Please call Stanley, today.'))).toEqual([
      ['Please', 300, 700, false], ['call', 900, 1400, false], ['Stanley', 1700, 2200, true], ['today', 2400, 2800, false]]);
    expect(brief(reviewWords(BASE, 'Please ring up Stella, today.'))).toEqual([
      ['Please', 300, 700, false], ['ring', 900, 1233, true], ['up', 1233, 1400, true], ['Stella', 1700, 2200, false], ['today', 2400, 2800, false]]);
  });

  it('drops removed words, gives an inserted one the gap it sits in, and matches case-insensitively', () => {
    expect(brief(reviewWords(BASE, 'please Stella, today.'))).toEqual([['please', 300, 700, false], ['Stella', 1700, 2200, false], ['today', 2400, 2800, false]]);
    expect(brief(reviewWords(BASE, 'Please call Stella, oh today.'))).toEqual([
      ['Please', 300, 700, false], ['call', 900, 1400, false], ['Stella', 1700, 2200, false], ['oh', 2200, 2400, true], ['today', 2400, 2800, false]]);
  });

  it('carries the alignment status of the word a typed word stands on', () => {
    const aligned: Baseline = { text: 'one two', spans: [{ textStart: 0, textLength: 3, startMs: 0, endMs: 100, status: 'matched' }, { textStart: 4, textLength: 3, startMs: null, endMs: null, status: 'unaligned' }] };
    expect(reviewWords(aligned, 'one too').map((w) => [w.text, w.status, w.startMs])).toEqual([['one', 'matched', 0], ['too', 'unaligned', null]]);
  });
});

describe('editText', () => {
  const words = reviewWords(BASE, TEXT);
  it('replaces a word keeping the punctuation around it; several typed words insert several', () => {
    expect(editText(TEXT, words, 2, 'Stanley')).toBe('Please call Stanley, today.');
    expect(editText(TEXT, words, 1, '  ring \n up ')).toBe('Please ring up Stella, today.');
  });

  it('removes a word with the space before it (after it, for the first word); no such word gives undefined', () => {
    expect(editText(TEXT, words, 3, '')).toBe('Please call Stella,.');
    expect(editText(TEXT, words, 2, ' ')).toBe('Please call, today.');
    expect(editText(TEXT, words, 0, '')).toBe('call Stella, today.');
    expect(editText(TEXT, words, 4, 'x')).toBeUndefined();
  });
});

describe('reviewWords over several typed words', () => {
  it('keeps each respelt word on the audio of the word it stands on (first two letters), when a run of changes has more words', () => {
    const words = reviewWords(BASE, 'Please cal Stanley to morrow.');
    expect(words.map((w) => [w.text, w.startMs, w.endMs, w.changed])).toEqual([
      ['Please', 300, 700, false], ['cal', 900, 1400, true], ['Stanley', 1700, 2200, true], ['to', 2400, 2800, true], ['morrow', null, null, true],
    ]);
  });
});

describe('giant words', () => {
  it('a run past MAX_WORD_LENGTH is no word; one of exactly that length is', () => {
    const longest = 'x'.repeat(MAX_WORD_LENGTH);
    const text = `(${longest}) y${longest} ok`;
    expect(wordSpans(text)).toEqual([
      { start: 1, end: 1 + MAX_WORD_LENGTH },
      { start: 2 * MAX_WORD_LENGTH + 5, end: 2 * MAX_WORD_LENGTH + 7 },
    ]);
    expect(wordSpans('𝐀bc!')).toEqual([{ start: 0, end: 4 }]);
  });

  it('takes time linear in the text: a 200,000-character a!!!…!a word and a 200,000-space gap in well under 2 s (the edge regexes took 200 s)', () => {
    const giant = `a${'!'.repeat(200_000)}a`;
    const text = `Please ${giant} call${' '.repeat(200_000)}Stella today.`;
    const baseline: Baseline = {
      text,
      spans: [
        { textStart: 0, textLength: 6, startMs: 300, endMs: 700 },
        { textStart: text.indexOf('call'), textLength: 4, startMs: 900, endMs: 1400 },
      ],
    };
    const started = performance.now();
    const words = reviewWords(baseline, text);
    const edited = editText(text, words, 2, '');
    const ms = performance.now() - started;
    expect(brief(words)).toEqual([
      ['Please', 300, 700, false],
      ['call', 900, 1400, false],
      ['Stella', null, null, false],
      ['today', null, null, false],
    ]);
    expect(edited).toBe(`Please ${giant} call today.`);
    expect(ms).toBeLessThan(2000);
  });
});

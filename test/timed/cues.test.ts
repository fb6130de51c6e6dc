/** Word highlighting (`highlight` level) and line wrapping (`maxLineWidth`, `maxLines`) of subtitle cues, byte for byte. */
import { describe, expect, it } from 'vitest';
import { subtitleCues, timedTranscript, toSubRip, toWebVtt } from '../../src/timed/index.js';
import type { CueOptions, TimedInput } from '../../src/timed/index.js';
import { LIMITS, result } from './result.js';

const timed = (transcript: string, tokens: readonly (readonly [string, number, number])[], reference?: TimedInput['reference']) =>
  timedTranscript({ source: 'a.wav', durationMs: 5000, limits: LIMITS, result: result(transcript, tokens), reference });

/** Two phrases: a pause inside the first, `<Jerry>` overlapped by `ran`, a zero-length `Go` in the second. */
const TOM = timed('Tom & <Jerry> ran. Go now', [
  ['Tom', 1000, 1300], ['&', 1300, 1300], ['<Jerry>', 1350, 1800], ['ran', 1700, 2000], ['.', 2000, 2000], ['Go', 2500, 2500], ['now', 2600, 2900],
]);

/** Nine words 300 ms apart, 250 ms each: one phrase from 0 to 2650 ms. */
const FOX = timed('The quick brown fox jumps over the lazy dog.',
  [...'The quick brown fox jumps over the lazy dog'.split(' ').map((w, i) => [w, i * 300, i * 300 + 250] as const), ['.', 2650, 2650]]);

const texts = (options: CueOptions): string[] => subtitleCues(FOX, options).map((c) => c.text);

describe('highlight level', () => {
  it('gives each spoken word of a phrase a cue with the phrase and that word underlined, the phrase plain in pauses (WebVTT escapes around the tags)', () => {
    expect(toWebVtt(subtitleCues(TOM, { level: 'highlight' }))).toBe('WEBVTT\n\n' +
      '00:00:01.000 --> 00:00:01.300\n<u>Tom</u> &amp; &lt;Jerry&gt; ran.\n\n' +
      '00:00:01.300 --> 00:00:01.350\nTom &amp; &lt;Jerry&gt; ran.\n\n' +
      '00:00:01.350 --> 00:00:01.700\nTom &amp; <u>&lt;Jerry&gt;</u> ran.\n\n' +
      '00:00:01.700 --> 00:00:02.000\nTom &amp; &lt;Jerry&gt; <u>ran</u>.\n\n' +
      '00:00:02.500 --> 00:00:02.600\nGo now\n\n' +
      '00:00:02.600 --> 00:00:02.900\nGo <u>now</u>\n');
    expect(toSubRip(subtitleCues(TOM, { level: 'highlight' }))).toBe(
      '1\n00:00:01,000 --> 00:00:01,300\n<u>Tom</u> & <Jerry> ran.\n\n' +
      '2\n00:00:01,300 --> 00:00:01,350\nTom & <Jerry> ran.\n\n' +
      '3\n00:00:01,350 --> 00:00:01,700\nTom & <u><Jerry></u> ran.\n\n' +
      '4\n00:00:01,700 --> 00:00:02,000\nTom & <Jerry> <u>ran</u>.\n\n' +
      '5\n00:00:02,500 --> 00:00:02,600\nGo now\n\n' +
      '6\n00:00:02,600 --> 00:00:02,900\nGo <u>now</u>\n\n');
  });

  it('covers each phrase cue exactly, without overlap: a word ending after a later one leaves the phrase plain to its end', () => {
    expect(subtitleCues(timed('a b', [['a', 0, 1000], ['b', 200, 500]]), { level: 'highlight' })).toEqual([
      { startMs: 0, endMs: 200, text: 'a b', underline: { start: 0, end: 1 } },
      { startMs: 200, endMs: 500, text: 'a b', underline: { start: 2, end: 3 } },
      { startMs: 500, endMs: 1000, text: 'a b' },
    ]);
  });
});

describe('line wrapping', () => {
  it('fills lines up to maxLineWidth characters at spaces; a word longer than that gets its own line', () => {
    expect(texts({ level: 'phrase', maxLineWidth: 16 })).toEqual(['The quick brown\nfox jumps over\nthe lazy dog.']);
    expect(texts({ level: 'phrase', maxLineWidth: 14 })).toEqual(['The quick\nbrown fox\njumps over the\nlazy dog.']); // 14 exactly fits
    expect(texts({ level: 'phrase', maxLineWidth: 4 })).toEqual(['The\nquick\nbrown\nfox\njumps\nover\nthe\nlazy\ndog.']);
    expect(texts({ level: 'phrase', maxLines: 1 })).toEqual(['The quick brown fox jumps over the lazy dog.']); // no width: one line
    expect(subtitleCues(timed('Yes -- no', [['Yes', 0, 300], ['--', 300, 300], ['no', 400, 700]]), { level: 'phrase', maxLineWidth: 3 })[0]!.text).toBe('Yes --\nno');
    const script = timed('𝒜𝒜 ab', [['𝒜𝒜', 0, 300], ['ab', 300, 600]]); // 𝒜: one character, two UTF-16 code units
    expect([5, 4].map((maxLineWidth) => subtitleCues(script, { level: 'phrase', maxLineWidth })[0]!.text)).toEqual(['𝒜𝒜 ab', '𝒜𝒜\nab']);
  });

  it('with maxLines splits a phrase into cues of that many lines, each from its first word\'s start to its last word\'s end', () => {
    const cues = subtitleCues(FOX, { level: 'phrase', maxLineWidth: 16, maxLines: 2 });
    expect(toWebVtt(cues)).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:01.750\nThe quick brown\nfox jumps over\n\n00:00:01.800 --> 00:00:02.650\nthe lazy dog.\n');
    expect(toSubRip(subtitleCues(FOX, { level: 'phrase', maxLineWidth: 16 }))).toBe('1\n00:00:00,000 --> 00:00:02,650\nThe quick brown\nfox jumps over\nthe lazy dog.\n\n');
  });

  it('highlights inside wrapped and split cues', () => {
    const words = timed('one two three four', [['one', 0, 200], ['two', 200, 400], ['three', 500, 800], ['four', 800, 1000]]);
    expect(toSubRip(subtitleCues(words, { level: 'highlight', maxLineWidth: 9, maxLines: 2 }))).toBe(
      '1\n00:00:00,000 --> 00:00:00,200\n<u>one</u> two\nthree\n\n' +
      '2\n00:00:00,200 --> 00:00:00,400\none <u>two</u>\nthree\n\n' +
      '3\n00:00:00,400 --> 00:00:00,500\none two\nthree\n\n' +
      '4\n00:00:00,500 --> 00:00:00,800\none two\n<u>three</u>\n\n' +
      '5\n00:00:00,800 --> 00:00:01,000\n<u>four</u>\n\n');
  });

  it('keeps a split piece without any placed word with the piece before (the first with the one after)', () => {
    const tokens = [['one', 0, 300], ['two', 300, 600], ['three', 600, 900], ['four', 900, 1200]] as const;
    const options = { level: 'phrase', maxLineWidth: 3, maxLines: 1 } as const;
    expect(subtitleCues(timed('one two three four', tokens, { unaligned: [8], unplaced: [8] }), options)).toEqual([
      { startMs: 0, endMs: 300, text: 'one' }, { startMs: 300, endMs: 600, text: 'two\nthree' }, { startMs: 900, endMs: 1200, text: 'four' },
    ]);
    expect(subtitleCues(timed('one two three four', tokens, { unaligned: [0], unplaced: [0] }), options).map((c) => [c.startMs, c.text])).toEqual([
      [300, 'one\ntwo'], [600, 'three'], [900, 'four'],
    ]);
  });

  it('leaves no `-->` in a cue, not even from a longer arrow', () => {
    expect(subtitleCues(timed('a ---> b', [['a', 0, 300], ['--->', 300, 300], ['b', 400, 700]]), { level: 'phrase' })[0]!.text).toBe('a -> b');
  });
});

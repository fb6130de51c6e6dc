import { describe, expect, it } from 'vitest';
import { subtitleCues, tierIntervals, timedTranscript, toSubRip, toTextGrid, toWebVtt } from '../../src/timed/index.js';
import type { TimedTranscript } from '../../src/timed/index.js';
import { LIMITS, result } from './result.js';

describe('timedTranscript', () => {
  it('gives every word its times, offsets and flags, and phrases their words and text up to the closing punctuation', () => {
    const timed = timedTranscript({
      source: 'a.wav', durationMs: 3000, limits: LIMITS,
      result: result('Yes, "sir". Go <now>', [['Yes', 100, 400], [',', 400, 400], ['"sir"', 450, 470], ['.', 470, 470], ['Go', 1500, 1800], ['<now>', 1850, 2100]]),
    });
    expect(timed.words).toEqual([
      { text: 'Yes', startMs: 100, endMs: 400, textStart: 0, textLength: 3, flags: '' },
      { text: '"sir"', startMs: 450, endMs: 470, textStart: 5, textLength: 5, flags: 'short-word' },
      { text: 'Go', startMs: 1500, endMs: 1800, textStart: 12, textLength: 2, flags: '' },
      { text: '<now>', startMs: 1850, endMs: 2100, textStart: 15, textLength: 5, flags: '' },
    ]);
    expect(timed.phrases).toEqual([
      { text: 'Yes, "sir".', startMs: 100, endMs: 470, textStart: 0, textLength: 11, firstWord: 0, lastWord: 1 },
      { text: 'Go <now>', startMs: 1500, endMs: 2100, textStart: 12, textLength: 8, firstWord: 2, lastWord: 3 },
    ]);
    expect([timed.wordsFrom, timed.durationMs, timed.transcript]).toEqual(['dictation', 3000, 'Yes, "sir". Go <now>']);
  });

  it('marks reference words: unaligned ones flagged, unplaced ones without times', () => {
    const timed = timedTranscript({
      source: 'a.wav', durationMs: 2000, limits: LIMITS, reference: { unaligned: [4, 8], unplaced: [8] },
      result: result('one two six', [['one', 0, 300], ['two', 300, 900], ['six', 900, 900]]),
    });
    expect(timed.wordsFrom).toBe('reference');
    expect(timed.words.map((w) => [w.text, w.startMs, w.endMs, w.flags])).toEqual([['one', 0, 300, ''], ['two', 300, 900, 'unaligned'], ['six', null, null, 'unaligned']]);
  });
});

const TIMED: TimedTranscript = timedTranscript({
  source: 'a.wav', durationMs: 4000, limits: LIMITS,
  result: result('a --> b & "c" d', [['a', 500, 900], ['-->', 900, 900], ['b', 850, 1250], ['&', 1250, 1250], ['"c"', 1300, 1300], ['d', 2500, 3999]]),
});

describe('subtitle cues', () => {
  it('word level: one cue per word with audio, in order; phrase level: one per phrase on one line', () => {
    expect(subtitleCues(TIMED, { level: 'word' })).toEqual([
      { startMs: 500, endMs: 900, text: 'a' }, { startMs: 850, endMs: 1250, text: 'b' }, { startMs: 2500, endMs: 3999, text: 'd' },
    ]);
    expect(subtitleCues(TIMED, { level: 'phrase' })).toEqual([{ startMs: 500, endMs: 1300, text: 'a -> b & "c"' }, { startMs: 2500, endMs: 3999, text: 'd' }]);
  });

  it('writes WebVTT (dot, escaped text) and SubRip (numbered, comma) byte for byte', () => {
    const cues = [{ startMs: 1250, endMs: 3_723_004, text: 'x < y & z' }];
    expect(toWebVtt(cues)).toBe('WEBVTT\n\n00:00:01.250 --> 01:02:03.004\nx &lt; y &amp; z\n');
    expect(toSubRip([...cues, { startMs: 0, endMs: 1, text: 'w' }])).toBe('1\n00:00:01,250 --> 01:02:03,004\nx < y & z\n\n2\n00:00:00,000 --> 00:00:00,001\nw\n\n');
    expect(toWebVtt([])).toBe('WEBVTT\n');
  });
});

/** The tiers of a long-format TextGrid, read back: per tier its xmin, xmax and intervals. */
function readTiers(text: string): { name: string; xmin: number; xmax: number; intervals: [number, number, string][] }[] {
  const tiers: { name: string; xmin: number; xmax: number; intervals: [number, number, string][] }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === 'class = "IntervalTier"') {
      tiers.push({ name: /"(.*)"/.exec(lines[i + 1]!)![1]!, xmin: Number(lines[i + 2]!.split('= ')[1]), xmax: Number(lines[i + 3]!.split('= ')[1]), intervals: [] });
    }
    if (/^intervals \[\d+\]:$/.test(line)) {
      tiers.at(-1)!.intervals.push([Number(lines[i + 1]!.split('= ')[1]), Number(lines[i + 2]!.split('= ')[1]), /^\s*text = "(.*)"$/.exec(lines[i + 3]!)![1]!]);
    }
  }
  return tiers;
}

describe('TextGrid', () => {
  it('covers the recording with contiguous intervals per tier: overlaps start at the previous end, gaps empty, quotes doubled', () => {
    const text = toTextGrid(TIMED);
    expect(text.startsWith('File type = "ooTextFile"\nObject class = "TextGrid"\n\nxmin = 0\nxmax = 4\ntiers? <exists>\nsize = 3\nitem []:\n')).toBe(true);
    const tiers = readTiers(text);
    expect(tiers.map((t) => t.name)).toEqual(['words', 'phrases', 'lines']);
    for (const tier of tiers) {
      expect([tier.xmin, tier.xmax, tier.intervals[0]![0], tier.intervals.at(-1)![1]]).toEqual([0, 4, 0, 4]);
      tier.intervals.forEach(([xmin, xmax], i) => {
        expect(xmax).toBeGreaterThan(xmin);
        if (i > 0) expect(xmin).toBe(tier.intervals[i - 1]![1]);
      });
    }
    expect(tiers[0]!.intervals).toEqual([[0, 0.5, ''], [0.5, 0.9, 'a'], [0.9, 1.25, 'b'], [1.25, 2.5, ''], [2.5, 3.999, 'd'], [3.999, 4, '']]);
    expect(tiers[1]!.intervals).toEqual([[0, 0.5, ''], [0.5, 1.3, 'a --> b & ""c""'], [1.3, 2.5, ''], [2.5, 3.999, 'd'], [3.999, 4, '']]);
    expect(tiers[2]!.intervals).toEqual([[0, 0.5, ''], [0.5, 3.999, 'a --> b & ""c"" d'], [3.999, 4, '']]);
  });

  it('gives a recording without words one empty interval', () => {
    expect(tierIntervals([], 1500)).toEqual([{ startMs: 0, endMs: 1500, text: '' }]);
    expect(tierIntervals([{ startMs: null, endMs: null, text: 'x' }, { startMs: 1400, endMs: 1700, text: 'y' }], 1500)).toEqual([
      { startMs: 0, endMs: 1400, text: '' }, { startMs: 1400, endMs: 1500, text: 'y' },
    ]);
  });
});

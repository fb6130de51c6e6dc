import { describe, expect, it } from 'vitest';
import { planClips } from '../../src/markers/plan.js';
import { addFlag, CLIP_FLAG_MEANINGS, CLIP_FLAGS, formatFlags, LONG_WORD_MS, parseFlags, rateOutliers, SHORT_WORD_MS, timingFlags } from '../../src/markers/timing.js';
import { EDGE_SPEECH_MS, FRAME_MS, QUIET_OVER_FLOOR_DB } from '../../src/align/confidence/index.js';
import { charsPerSecond, keepClip } from '../../src/markers/filter.js';
import { validateMarkers } from '../../src/markers/validate.js';
import type { ClipPlanOptions } from '../../src/markers/plan.js';
import type { DictationResult } from '../../src/markers/model.js';
import { markersFor } from './helpers.js';

const base: ClipPlanOptions = {
  mode: 'word', keepPunctuation: false, padBeforeMs: 0, padAfterMs: 0, maxGapMs: 700, maxPhraseMs: 15_000, audioDurationMs: 30_000,
};
const resultOf = (transcript: string, tokens: [string, number, number][]): DictationResult =>
  validateMarkers(markersFor(transcript, tokens), { transcripts: [transcript], audioDurationMs: 30_000 });

/** Six four-letter words of 400 ms (10 chars/s), then the words given. */
function recording(extra: [string, number, number][]): DictationResult {
  const words: [string, number, number][] = ['able', 'bake', 'cane', 'dart', 'east', 'fawn'].map((w, i) => [w, i * 500, i * 500 + 400]);
  const all = [...words, ...extra];
  return resultOf(`${all.map(([w]) => w).join(' ')}.`, all);
}

describe('timingFlags', () => {
  it('flags nothing on a clean recording', () => {
    const result = recording([]);
    expect(timingFlags(result, planClips(result, base))).toEqual(['', '', '', '', '', '']);
  });

  it('flags a 29 ms word short (30 ms is not) and a 3001 ms word long (3000 ms is not)', () => {
    const result = recording([['go', 3000, 3029], ['to', 3100, 3130], ['slowly', 4000, 7001], ['there', 8000, 11_000]]);
    const flags = timingFlags(result, planClips(result, base));
    // "go" 29 ms → 69 chars/s and "slowly" 6 chars/3 s → 2 chars/s are also far from 10 chars/s.
    expect(flags.slice(6)).toEqual(['short-word rate-outlier', 'rate-outlier', 'long-word rate-outlier', 'rate-outlier']);
  });

  it('flags a speaking-rate outlier by the modified z-score with a floor on the spread', () => {
    // 10 chars/s everywhere; "east" at 4 chars/0.18 s = 22.2 chars/s: ln(2.22)/ln(1.25) = 3.58 > 3.5.
    const fast = resultOf('able bake cane dart east fawn', [['able', 0, 400], ['bake', 500, 900], ['cane', 1000, 1400], ['dart', 1500, 1900], ['east', 2000, 2180], ['fawn', 2500, 2900]]);
    expect([...rateOutliers(fast.markers)]).toEqual([4]);
    // 4 chars/0.19 s = 21.05 chars/s: ln(2.105)/ln(1.25) = 3.34, not an outlier.
    const near = resultOf('able bake cane dart east fawn', [['able', 0, 400], ['bake', 500, 900], ['cane', 1000, 1400], ['dart', 1500, 1900], ['east', 2000, 2190], ['fawn', 2500, 2900]]);
    expect([...rateOutliers(near.markers)]).toEqual([]);
  });

  it('needs five words for a rate check', () => {
    const four = resultOf('able bake cane x', [['able', 0, 400], ['bake', 500, 900], ['cane', 1000, 1400], ['x', 1500, 1510]]);
    expect([...rateOutliers(four.markers)]).toEqual([]);
    expect(timingFlags(four, planClips(four, base))).toEqual(['', '', '', 'short-word']);
  });

  it('gives a phrase the flags of any of its words, once each, in the fixed order', () => {
    const result = recording([['go', 3000, 3020], ['to', 3030, 3050]]);
    const phrases = planClips(result, { ...base, mode: 'phrase' });
    expect(phrases.map((c) => c.text)).toEqual(['able bake cane dart east fawn go to']);
    expect(timingFlags(result, phrases)).toEqual(['short-word rate-outlier']);
  });

  it('flags clips of collapsed markers as utterance only', () => {
    const result = validateMarkers(markersFor('[memo] call me.', [['[memo] call me.', 0, 10]]), { transcripts: ['[memo] call me.'], audioDurationMs: 1000 });
    expect(result.collapsed).toBe(true);
    expect(timingFlags(result, planClips(result, base))).toEqual(['utterance']);
  });
});

describe('flags values', () => {
  it('keeps the fixed token order and drops unknown tokens and repeats', () => {
    expect(formatFlags(['low-confidence', 'cut-edge', 'short-word', 'utterance', 'short-word', 'bogus', 'unaligned'])).toBe('utterance short-word cut-edge unaligned low-confidence');
    expect(addFlag('', 'cut-edge')).toBe('cut-edge');
    expect(addFlag('utterance rate-outlier', 'long-word')).toBe('utterance long-word rate-outlier');
    expect(parseFlags('')).toEqual([]);
    expect(parseFlags('short-word rate-outlier')).toEqual(['short-word', 'rate-outlier']);
  });
});

describe('clip filters', () => {
  it('counts letters and digits per second and keeps inclusive bounds', () => {
    expect(charsPerSecond("it's 42!", 500)).toBe(10);
    expect(charsPerSecond('x', 0)).toBe(0);
    const clip = { text: 'hello', durationMs: 500 }; // 10 chars/s
    expect(keepClip(clip, {})).toBe(true);
    expect(keepClip(clip, { minDurationMs: 500, maxDurationMs: 500, minCharsPerSecond: 10, maxCharsPerSecond: 10 })).toBe(true);
    expect(keepClip(clip, { minDurationMs: 501 })).toBe(false);
    expect(keepClip(clip, { maxDurationMs: 499 })).toBe(false);
    expect(keepClip(clip, { minCharsPerSecond: 11 })).toBe(false);
    expect(keepClip(clip, { maxCharsPerSecond: 9 })).toBe(false);
  });
});

describe('CLIP_FLAG_MEANINGS', () => {
  it('says what every flag token means, with the thresholds the checks use', () => {
    expect(Object.keys(CLIP_FLAG_MEANINGS)).toEqual([...CLIP_FLAGS]);
    expect(CLIP_FLAG_MEANINGS['short-word']).toContain(`under ${SHORT_WORD_MS} ms`);
    expect(CLIP_FLAG_MEANINGS['long-word']).toContain(`over ${LONG_WORD_MS / 1000} s`);
    // cut-edge is measured in src/align/confidence (which markers may not import): its figures stay in step by this test.
    expect(CLIP_FLAG_MEANINGS['cut-edge']).toContain(`${EDGE_SPEECH_MS} ms or more past the edge`);
    expect(CLIP_FLAG_MEANINGS['cut-edge']).toContain(`over ${QUIET_OVER_FLOOR_DB} dB above the recording's noise floor, in ${FRAME_MS} ms frames`);
  });
});

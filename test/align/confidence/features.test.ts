import { describe, expect, it } from 'vitest';
import { featureContext, PHONE_MS } from '../../../src/align/confidence/feature-context.js';
import { wordFeatures } from '../../../src/align/confidence/features.js';
import { recordingLevels } from '../../../src/align/confidence/levels.js';
import type { ScoredWord } from '../../../src/align/confidence/scored-word.js';
import { features, levelsOf, word } from './scored-words.js';

describe('confidence features', () => {
  const levels = levelsOf('..........' + '#'.repeat(30) + '..........' + '+'.repeat(10) + '..........');

  it('measures quiet share, level against the speech, and length against the phones', () => {
    const ctx = featureContext([], levels);
    expect(ctx.phoneMs).toBe(PHONE_MS);
    // 300 ms of speech for 4 phones (300 ms expected): no length deviation.
    expect(wordFeatures(word('lends', 100, 400), ctx)).toEqual(features());
    // Noise only: every frame quiet, 49.5 dB under the speech (spread 49.5 dB): level −1.
    const noise = wordFeatures(word('lend', 400, 500), ctx);
    expect([noise.quiet, noise.level, noise.short]).toEqual([1, -1, Math.log(225 / 100)]);
    // Half soft speech, half noise, 20 dB under on average.
    const soft = wordFeatures(word('lend', 550, 650, { heard: 'unheard', source: 'estimated' }), ctx);
    expect([soft.quiet, soft.unheard, soft.estimated]).toEqual([0.5, 1, 1]);
    const speechDb = 20 * Math.log10(3000);
    expect(soft.level).toBeCloseTo((10 * Math.log10((300 ** 2 + 10 ** 2) / 2) - speechDb) / (speechDb - 20), 9);
  });

  it('gives goodness of pronunciation and the score against the recording when the aligner measured the word', () => {
    // PocketSphinx ascr units: 20 frames, 15 a frame below the phone loop.
    const evidence = { frames: 20, alignedScore: -400, loopScore: -100, phones: 4 };
    const words = [word('lend', 100, 300, { evidence }), word('bend', 100, 300, { evidence: { ...evidence, alignedScore: -200 } })];
    const ctx = featureContext(words, levels);
    expect(ctx.scorePerFrame).toBe(-15);
    expect([wordFeatures(words[0]!, ctx).gop, wordFeatures(words[0]!, ctx).score]).toEqual([-1.5, -0.5]);
    expect(wordFeatures({ ...words[0]!, evidence: { ...evidence, loopScore: null } }, ctx).gop).toBeNull();
    expect(wordFeatures(words[0]!, ctx).posterior).toBeNull();
  });

  it('phoneLate: at a start touching the previous word, the sound up to a later phone-pass start, past 60 ms (tenths of a second, at most 3)', () => {
    /** The features of `lend` at [startMs, 450) after a word ending at `previousEnd`. */
    const after = (previousEnd: number, startMs: number, evidence?: ScoredWord['evidence']) =>
      wordFeatures(word('lend', startMs, 450, { evidence }), featureContext([word('bend', 0, previousEnd)], levels)).phoneLate;
    const evidence = { frames: 35, alignedScore: -400, loopScore: -100, phones: 4, phoneStartMs: 250 };
    // 100 to 250 ms: 15 loud frames, 150 ms − 60 ms.
    expect(after(100, 100, evidence)).toBe(0.9);
    // From 50 ms the first five frames are quiet: still 100 ms of sound, 40 counted.
    expect(after(50, 50, { ...evidence, phoneStartMs: 200 })).toBe(0.4);
    // A pause of 50 ms before the start: not a junction, not read.
    expect(after(50, 100, evidence)).toBe(0);
    // 60 ms of sound is free; a phone-pass start at or before the start, or none, is agreement.
    expect(after(100, 100, { ...evidence, phoneStartMs: 160 })).toBe(0);
    expect(after(100, 100, { ...evidence, phoneStartMs: 90 })).toBe(0);
    expect(after(100, 100, { frames: 35, alignedScore: -400, loopScore: -100, phones: 4 })).toBe(0);
    // The first word (nothing before it: touching the recording's start), 400 ms of sound past it: at most 3.
    const first = wordFeatures(word('lend', 0, 650, { evidence: { ...evidence, phoneStartMs: 600 } }), featureContext([], levels));
    expect(first.phoneLate).toBe(3);
    expect(after(100, 100)).toBeNull();
  });

  it('startOut: how far refinement moved the start earlier than the search put it, past 30 ms (tenths of a second, at most 3)', () => {
    const evidence = { frames: 20, alignedScore: -400, loopScore: -100, phones: 4, searchStartMs: 250, searchEndMs: 450 };
    const ctx = featureContext([], levels);
    // The search began at 250 ms; refinement moved the start out to 100 ms: 150 ms, 120 past the first 30.
    expect(wordFeatures(word('lend', 100, 450, { evidence }), ctx).startOut).toBe(1.2);
    // Moved out by 30 ms or less, moved in (trimmed), or not moved: 0.
    expect(wordFeatures(word('lend', 220, 450, { evidence }), ctx).startOut).toBe(0);
    expect(wordFeatures(word('lend', 300, 450, { evidence }), ctx).startOut).toBe(0);
    expect(wordFeatures(word('lend', 250, 450, { evidence }), ctx).startOut).toBe(0);
    // 450 ms out (420 past the first 30) is counted as 300.
    expect(wordFeatures(word('lend', 0, 450, { evidence: { ...evidence, searchStartMs: 450 } }), ctx).startOut).toBe(3);
    // Evidence that does not say where the search put the word, or none: unknown.
    expect(wordFeatures(word('lend', 100, 450, { evidence: { frames: 20, alignedScore: -400, loopScore: -100, phones: 4 } }), ctx).startOut).toBeNull();
    expect(wordFeatures(word('lend', 100, 450), ctx).startOut).toBeNull();
  });

  it('island: 1 when the aligner moved the word onto sound no word had been given, 0 when it did not, unknown without evidence', () => {
    const evidence = { frames: 20, alignedScore: -400, loopScore: -100, phones: 4, searchStartMs: 250, searchEndMs: 450 };
    const ctx = featureContext([], levels);
    expect(wordFeatures(word('lend', 250, 450, { evidence: { ...evidence, island: true } }), ctx).island).toBe(1);
    expect(wordFeatures(word('lend', 250, 450, { evidence }), ctx).island).toBe(0);
    expect(wordFeatures(word('lend', 250, 450), ctx).island).toBeNull();
  });

  it('a recognized word: the decimal log of the service\'s own confidence in it (at least −3), unknown when the service gave none', () => {
    const ctx = featureContext([], levels);
    expect(wordFeatures(word('lend', 100, 300, { source: 'recognized', posterior: 0.135 }), ctx)).toMatchObject({ posterior: Math.log10(0.135), gop: null });
    expect(wordFeatures(word('lend', 100, 300, { source: 'recognized', posterior: 0 }), ctx).posterior).toBe(-3);
    expect(wordFeatures(word('lend', 100, 300, { source: 'recognized' }), ctx).posterior).toBeNull();
  });
});

describe('noise feature', () => {
  /** `#` voice-like frames (RMS 3000, 10 of 159 sample pairs change sign), `~` noise (RMS 3000, 80 of 159), `.` quiet. */
  function levelsWithCrossings(frames: string): ReturnType<typeof recordingLevels> {
    const energies = Float64Array.from(frames, (c) => (c === '.' ? 10 : 3000) ** 2 * 160);
    return recordingLevels(energies, 160, Uint32Array.from(frames, (c) => (c === '~' ? 80 : c === '#' ? 10 : 40)));
  }

  it('is how far ten times the mean zero-crossing rate of the word\'s frames that are not quiet goes past 3', () => {
    const levels = levelsWithCrossings('.....' + '#'.repeat(20) + '.....' + '~'.repeat(20) + '.....' + '~~~~~~~~~~##########' + '.....');
    const ctx = featureContext([], levels);
    // The quiet frames around a word do not count: only its 20 voiced frames, 10 crossings of 159 (0.63): 0.
    expect(wordFeatures(word('voice', 20, 270), ctx).noise).toBe(0);
    // 80 crossings of 159 a frame: 5.03, 2.03 past 3.
    expect(wordFeatures(word('swept', 270, 520), ctx).noise).toBeCloseTo(800 / 159 - 3, 9);
    // 8 noise frames, 10 voiced: 2.59, under 3.
    expect(wordFeatures(word('half', 520, 770), ctx).noise).toBe(0);
    // All quiet: the mean over all its frames (40 crossings of 159: 2.52, under 3).
    expect(wordFeatures(word('pause', 0, 50), ctx).noise).toBe(0);
    expect(wordFeatures(word('hiss', 500, 600), ctx).noise).toBeCloseTo(800 / 159 - 3, 9);
  });
});

import { describe, expect, it } from 'vitest';
import { featureContext, phoneCount, PHONE_MS, wordFeatures } from '../../../src/align/confidence/features.js';
import type { ConfidenceModel, FeatureName, ScoredWord } from '../../../src/align/confidence/features.js';
import { recordingLevels } from '../../../src/align/confidence/levels.js';
import { applyModel, scoreWords } from '../../../src/align/confidence/model.js';
import { judgeClips } from '../../../src/align/confidence/clips.js';
import { CONFIDENCE_MODELS, FITTED_THRESHOLD } from '../../../src/align/confidence/coefficients.js';
import { keySpec } from '../../../src/config/keys.js';

/** 10 ms frames: `#` speech (RMS 3000, 69.5 dB), `+` soft speech (RMS 300, 49.5 dB), `.` noise (RMS 10, 20 dB). */
function levelsOf(frames: string): ReturnType<typeof recordingLevels> {
  return recordingLevels(Float64Array.from(frames, (c) => (c === '#' ? 3000 : c === '+' ? 300 : 10) ** 2 * 160));
}

const word = (text: string, startMs: number, endMs: number, more: Partial<ScoredWord> = {}): ScoredWord => ({
  text,
  startMs,
  endMs,
  source: 'acoustic',
  ...more,
});

/** Every feature of a word that shows nothing (no sound missing, no evidence), with `more` replacing some. */
function features(more: Partial<Record<FeatureName, number | null>> = {}): Record<FeatureName, number | null> {
  return {
    quiet: 0, level: 0, long: 0, short: 0, spill: 0, hollow: 0, unheard: 0, substituted: 0, estimated: 0,
    gop: null, score: null, outside: 0, noise: 0, posterior: null, startOut: null, unclaimed: 0, cut: 0, echo: 0, island: null,
    phoneLate: null,
    ...more,
  };
}

describe('confidence features', () => {
  const levels = levelsOf('..........' + '#'.repeat(30) + '..........' + '+'.repeat(10) + '..........');

  it('estimates phones from letters (digits as three) unless the aligner counted them', () => {
    expect([phoneCount({ text: 'station' }), phoneCount({ text: '42' }), phoneCount({ text: 'a' })]).toEqual([6, 6, 1]);
    expect(phoneCount({ text: 'station', evidence: { frames: 40, alignedScore: -1, loopScore: null, phones: 7 } })).toBe(7);
  });

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

describe('edge features', () => {
  // Speech 100–400 ms, then noise, speech again 500–600 ms.
  const levels = levelsOf('..........' + '#'.repeat(30) + '..........' + '#'.repeat(10) + '..........');

  it('spill: sound going on past an edge before the neighbour; hollow: quiet inside an edge (tenths of a second)', () => {
    const words = [word('first', 100, 250), word('next', 500, 600)];
    const ctx = featureContext(words, levels);
    // The word ends at 250 ms; its sound goes on to 400 ms and falls quiet before the next word.
    expect(wordFeatures(words[0]!, ctx)).toMatchObject({ spill: 1.5, hollow: 0 });
    // Ending at 450 ms, its last 50 ms are quiet.
    expect(wordFeatures(word('first', 100, 450), featureContext([word('first', 100, 450), words[1]!], levels))).toMatchObject({
      spill: 0,
      hollow: 0.5,
    });
    // Sound running on into the neighbour is shared with it, not a spill.
    const touching = [word('first', 100, 250), word('next', 250, 400)];
    expect(wordFeatures(touching[0]!, featureContext(touching, levels))).toMatchObject({ spill: 0, hollow: 0 });
  });

  it('outside: sound past an edge up to a neighbour at least 150 ms away, whether or not it reaches it (tenths of a second)', () => {
    const words = [word('first', 100, 250), word('next', 500, 600)];
    expect(wordFeatures(words[0]!, featureContext(words, levels))).toMatchObject({ spill: 1.5, outside: 1.5 });
    // An end 170 ms before the next word whose sound runs on into the next word's start: no spill, but 170 ms outside.
    const loud = levelsOf('..........' + '#'.repeat(50) + '..........');
    const bridged = [word('first', 100, 280), word('next', 450, 600)];
    expect(wordFeatures(bridged[0]!, featureContext(bridged, loud))).toMatchObject({ spill: 0, outside: 1.7 });
    // The next word sees the same 170 ms of sound no word was given before its start.
    expect(wordFeatures(bridged[1]!, featureContext(bridged, loud))).toMatchObject({ spill: 0, outside: 1.7 });
    // 140 ms apart: the sound between them is the passage from one word to the next, not counted.
    const close = [word('first', 100, 280), word('next', 420, 600)];
    expect(wordFeatures(close[0]!, featureContext(close, loud))).toMatchObject({ spill: 0, outside: 0 });
    expect(wordFeatures(close[1]!, featureContext(close, loud))).toMatchObject({ spill: 0, outside: 0 });
  });
});

describe('unclaimed feature', () => {
  // 10 ms frames: `#` speech (69.5 dB), `+` 6 dB under it (63.5 dB), `-` 12 dB under it (57.5 dB), `.` noise (20 dB).
  const rms = { '#': 3000, '+': 1500, '-': 750, '.': 10 } as const;
  const levelsOf2 = (frames: string) => recordingLevels(Float64Array.from(frames, (c) => rms[c as keyof typeof rms] ** 2 * 160));

  it('is the speech-loud sound in a pause of 150 ms or more beside the word, past its first 150 ms, wherever it lies (tenths of a second)', () => {
    // 0–300 ms a word; 300–800 ms a pause holding 250 ms of speech-loud sound (6 dB under) apart from both edges; 800–1100 ms a word.
    const levels = levelsOf2('#'.repeat(30) + '..' + '+'.repeat(25) + '.'.repeat(23) + '#'.repeat(30) + '....');
    const words = [word('first', 0, 300), word('next', 800, 1100)];
    const ctx = featureContext(words, levels);
    // 250 ms loud, 100 ms past the first 150 ms: 1 (both words see the same pause); `outside` sees none of it (quiet at both edges).
    expect(wordFeatures(words[0]!, ctx)).toMatchObject({ unclaimed: 1, outside: 0 });
    expect(wordFeatures(words[1]!, ctx)).toMatchObject({ unclaimed: 1, outside: 0 });
    // Sound 12 dB under the speech (breath, a room) does not count.
    const faint = levelsOf2('#'.repeat(30) + '..' + '-'.repeat(25) + '.'.repeat(23) + '#'.repeat(30) + '....');
    expect(wordFeatures(words[0]!, featureContext(words, faint)).unclaimed).toBe(0);
    // A word's worth or less (150 ms) does not count.
    const short = levelsOf2('#'.repeat(30) + '..' + '+'.repeat(15) + '.'.repeat(33) + '#'.repeat(30) + '....');
    expect(wordFeatures(words[0]!, featureContext(words, short)).unclaimed).toBe(0);
    // The same sound given to a word between them: no pause of 150 ms is left beside either.
    const claimed = [word('first', 0, 300), word('middle', 320, 570), word('next', 800, 1100)];
    expect(wordFeatures(claimed[0]!, featureContext(claimed, levels)).unclaimed).toBe(0);
    // A neighbour overlapping the word by a fraction of a millisecond leaves no pause on that side.
    const overlapping = [word('first', 0, 300.5), word('next', 300, 1100)];
    expect(wordFeatures(overlapping[1]!, featureContext(overlapping, levels)).unclaimed).toBe(0);
  });
});

describe('cut feature', () => {
  it('is 1 when the word\'s own span cuts into speech as the cut-edge flag judges it (neighbours: the words starting just before and after), else 0', () => {
    // 10 ms frames: 0–100 quiet, 100–400 speech, 400–600 quiet, 600–800 speech, 800–900 quiet.
    const levels = levelsOf('.'.repeat(10) + '#'.repeat(30) + '.'.repeat(20) + '#'.repeat(20) + '.'.repeat(10));
    const whole = [word('first', 100, 400), word('next', 600, 800)];
    // Ending 100 ms before its own sound does (the sound then falls quiet before the next word): cut.
    const short = [word('first', 100, 300), word('next', 600, 800)];
    // Holding 60 ms of the next word's sound: cut; 40 ms (under 50): not.
    const into = [word('first', 100, 660), word('next', 600, 800)];
    const barely = [word('first', 100, 640), word('next', 600, 800)];
    const cut = (words: ScoredWord[], i: number) => wordFeatures(words[i]!, featureContext(words, levels)).cut;
    expect([cut(whole, 0), cut(whole, 1), cut(short, 0), cut(short, 1), cut(into, 0), cut(barely, 0)]).toEqual([0, 0, 1, 0, 1, 0]);
    // The flag on the same words' clips says the same.
    const clips = short.map((w, i) => ({ ...w, textStart: i, textLength: 1 }));
    const judged = short.map((w, i) => ({ ...w, textStart: i, confidence: 1 }));
    expect(judgeClips(clips, judged, levels, 0.5).map((j) => j.cutEdge)).toEqual([true, false]);
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

describe('steady noise beside a word', () => {
  // 10 ms frames: 20 quiet, 30 of white noise (RMS 3000, 80 of 159 sample pairs change sign), a word of 20 frames whose level swells
  // from RMS 6000 to 12000 and back (10 of 159), 20 quiet.
  const swell = Array.from({ length: 20 }, (_, k) => 6000 + 6000 * Math.sin((Math.PI * k) / 19));
  const rms = [...Array<number>(20).fill(10), ...Array<number>(30).fill(3000), ...swell, ...Array<number>(20).fill(10)];
  const energies = Float64Array.from(rms, (r) => r * r * 160);
  const crossings = Uint32Array.from(rms, (_, f) => (f >= 20 && f < 50 ? 80 : 10));
  const seven = word('seven', 500, 700);

  it('is neither sound outside its edge nor unclaimed speech when the crossings are read', () => {
    const levels = recordingLevels(energies, 160, crossings);
    const steadyFrames = [...levels.steady!].flatMap((s, f) => (s === 1 ? [f] : []));
    expect(steadyFrames).toEqual(Array.from({ length: 30 }, (_, k) => 20 + k));
    const f = wordFeatures(seven, featureContext([seven], levels));
    expect([f.outside, f.unclaimed, f.hollow]).toEqual([0, 0, 0]);
    // A start put 100 ms early in the noise: quiet inside its edge.
    expect(wordFeatures(word('seven', 400, 700), featureContext([word('seven', 400, 700)], levels)).hollow).toBe(1);
  });

  it('is sound like any other without them', () => {
    const levels = recordingLevels(energies, 160);
    expect(levels.steady!.every((s) => s === 0)).toBe(true);
    const f = wordFeatures(seven, featureContext([seven], levels));
    // 300 ms of sound before the word (outside: tenths of a second), 300 ms within 10 dB of the speech level past the first 150 ms.
    expect([f.outside, f.unclaimed, f.hollow]).toEqual([3, 1.5, 0]);
  });
});

describe('confidence model', () => {
  const models: ConfidenceModel[] = [
    { name: 'with-gop', features: ['gop'], weights: [1, 2] },
    { name: 'basic', features: ['quiet'], weights: [2, -4] },
  ];

  it('applies the first model whose features are known, rounded to three decimals', () => {
    expect(applyModel(features({ quiet: 0.5, gop: -1 }), models)).toBe(0.269); // σ(1 − 2)
    expect(applyModel(features({ quiet: 0.5 }), models)).toBe(0.5); // σ(2 − 2)
  });

  it('scores every word of a recording in order, each in 0–1', () => {
    const levels = levelsOf('..........' + '#'.repeat(20) + '..........');
    expect(scoreWords([word('a', 100, 300), word('b', 300, 400)], levels, models)).toEqual([0.881, 0.119]);
  });

  it('a word whose times are an estimate (never found) gets 0, whatever its features', () => {
    const levels = levelsOf('..........' + '#'.repeat(20) + '..........');
    expect(scoreWords([word('a', 100, 300), word('a', 100, 300, { source: 'estimated' })], levels, models)).toEqual([0.881, 0]);
  });

  it('the key table\'s default threshold is the fitted one', () => {
    expect(keySpec('confidenceThreshold').default).toBe(FITTED_THRESHOLD);
  });

  it('fitted models: a placed word whose sound is white noise (zero-crossing rate 0.5) is under the threshold, the same word voiced is not', () => {
    const placed = features({ gop: -1, score: 0, noise: 5 - 3, startOut: 0, island: 0, phoneLate: 0 });
    expect(applyModel(placed)).toBeLessThan(FITTED_THRESHOLD);
    expect(applyModel({ ...placed, noise: 0 })).toBeGreaterThanOrEqual(FITTED_THRESHOLD);
  });

  // One piece of evidence alone puts a placed word (otherwise well scored) under the threshold; without it the word is not.
  it.each([
    ['whose start refinement moved 300 ms earlier than the search put it', 'startOut', 3, {}],
    ['whose first syllable is heard again right after its onset (echo 1)', 'echo', 1, {}],
    ['moved onto an island, with its own place left as 300 ms of speech no word was given (unclaimed 3)', 'island', 1, { unclaimed: 3 }],
    ['the phone pass starts 360 ms of sound later (phoneLate 3)', 'phoneLate', 3, {}],
  ] as const)('fitted models: a placed word %s is under the threshold; without it, it is not', (_, feature, value, more) => {
    const placed = features({ gop: -1, score: 0, startOut: 0, island: 0, phoneLate: 0, ...more });
    expect(CONFIDENCE_MODELS[0]!.features).toContain(feature);
    expect(applyModel({ ...placed, [feature]: value })).toBeLessThan(FITTED_THRESHOLD);
    expect(applyModel(placed)).toBeGreaterThanOrEqual(FITTED_THRESHOLD);
  });

  it('fitted models: each has one weight per feature and an intercept, the last needs no evidence', () => {
    for (const model of CONFIDENCE_MODELS) expect(model.weights).toHaveLength(model.features.length + 1);
    expect(CONFIDENCE_MODELS.at(-1)!.features.some((f) => f === 'gop' || f === 'score' || f === 'posterior')).toBe(false);
  });

  it('a recognized word with the service\'s confidence is scored by the model that reads it, the lower the less trusted', () => {
    const model = CONFIDENCE_MODELS.find((m) => m.features.includes('posterior'));
    expect(model?.name).toBe('recognized');
    const levels = levelsOf('..........' + '#'.repeat(20) + '..........');
    const recognized = (posterior: number) => word('lend', 100, 300, { source: 'recognized', posterior });
    const [sure, unsure] = [scoreWords([recognized(1)], levels)[0]!, scoreWords([recognized(0.05)], levels)[0]!];
    expect(sure).toBeGreaterThan(unsure);
    // Without the service's confidence the basic model scores the same word.
    expect(scoreWords([word('lend', 100, 300, { source: 'recognized' })], levels)).toEqual(
      scoreWords([word('lend', 100, 300, { source: 'recognized' })], levels, CONFIDENCE_MODELS.slice(-1)),
    );
  });
});

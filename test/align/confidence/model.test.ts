import { describe, expect, it } from 'vitest';
import type { ConfidenceModel, FeatureName } from '../../../src/align/confidence/features.js';
import {
  applyModel, cappedConfidence, MISFIT_ALONE_UNDER, MISFIT_CAP, MISFIT_RUN_OVER, REPEAT_LENGTH_OVER, REPEATS_CAP, repeatsDoubt, RIVAL_CAP,
  NOISE_CAP_FROM, NOISE_ISLAND_CAP, scoreWords, SYLLABLES_CAP,
} from '../../../src/align/confidence/model.js';
import { recordingLevels } from '../../../src/align/confidence/levels.js';
import { BAND_COUNT } from '../../../src/audio/bands.js';
import { CONFIDENCE_MODELS, FITTED_THRESHOLD } from '../../../src/align/confidence/coefficients.js';
import { keySpec } from '../../../src/config/keys.js';
import { features, levelsOf, word } from './scored-words.js';

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

  it('a word whose rival won in the phone pass gets at most 0.3; one whose rival lost, its model\'s confidence', () => {
    expect(RIVAL_CAP).toBe(0.3);
    const levels = levelsOf('..........' + '#'.repeat(20) + '..........');
    const evidence = { frames: 20, alignedScore: -2000, loopScore: -1800, phones: 3 };
    const placed = (rival: boolean) => word('three', 100, 300, { evidence: rival ? { ...evidence, rival: true } : evidence });
    // σ(1 + 2 × gop), gop = (−2000 + 1800) / 20 / 10 = −1: σ(−1) = 0.269 (under the cap) and, with the loop's score −2100, σ(4) = 0.982.
    expect(scoreWords([placed(false), placed(true)], levels, models)).toEqual([0.269, 0.269]);
    const better = { ...evidence, loopScore: -2300 };
    expect(scoreWords([word('three', 100, 300, { evidence: better }), word('three', 100, 300, { evidence: { ...better, rival: true } })], levels, models))
      .toEqual([0.982, 0.3]);
  });

  it('a placed word far off the length of its other clips gets at most 0.3; one the recognizer timed, its model\'s', () => {
    expect(REPEATS_CAP).toBe(0.3);
    // Four clips of "a" in speech: three of 80 ms and one of 400 ms, five times their median (repeatLength 3).
    const levels = levelsOf(('#'.repeat(8) + '.'.repeat(12)).repeat(3) + '#'.repeat(40) + '.'.repeat(10));
    const evidence = { frames: 8, alignedScore: -800, loopScore: -800, phones: 1 };
    const at = [[0, 80], [200, 280], [400, 480], [600, 1000]] as const;
    const basic: ConfidenceModel[] = [{ name: 'basic', features: ['quiet'], weights: [2, -4] }];
    expect(scoreWords(at.map(([a, b]) => word('a', a, b, { evidence })), levels, basic)).toEqual([0.881, 0.881, 0.881, 0.3]);
    expect(scoreWords(at.map(([a, b]) => word('a', a, b, { source: 'recognized' })), levels, basic)).toEqual([0.881, 0.881, 0.881, 0.881]);
  });

  it('the repeats doubt a word past 2.5 of `repeatUnlike` or 1.5 of `repeatLength`, not at them', () => {
    expect([
      repeatsDoubt(features({ repeatUnlike: 2.5, repeatLength: REPEAT_LENGTH_OVER })),
      repeatsDoubt(features({ repeatUnlike: 2.51 })),
      repeatsDoubt(features({ repeatLength: 1.51 })),
    ]).toEqual([false, true, true]);
  });

  it('a placed word whose run fits far worse than the recording\'s well-fitting words gets at most 0.3, past 3 and not at it', () => {
    expect([MISFIT_CAP, MISFIT_RUN_OVER]).toEqual([0.3, 3]);
    const capped = (p: number, misfitRun: number) => cappedConfidence(p, features({ misfitRun }));
    expect([capped(0.9, 3), capped(0.9, 3.01), capped(0.2, 4)]).toEqual([0.9, 0.3, 0.2]);
    const beside = (misfitBeside: number) => cappedConfidence(0.9, features({ misfitBeside }));
    expect([beside(3), beside(3.5)]).toEqual([0.9, 0.3]);
    // A word alone fitting its frames more than 55 a frame under the recording's median word (`score` under −5.5).
    expect(MISFIT_ALONE_UNDER).toBe(5.5);
    const alone = (score: number | null) => cappedConfidence(0.9, features({ score }));
    expect([alone(-5.5), alone(-5.51), alone(null), alone(3)]).toEqual([0.9, 0.3, 0.9, 0.9]);
    // Through scoreWords: ten words of speech scoring −20 a frame, then four at −60 (their runs measure 4; misfit-run.test.ts).
    const levels = levelsOf('#'.repeat(140) + '.'.repeat(10));
    const words = Array.from({ length: 14 }, (_, i) =>
      word(`w${i}`, 100 * i, 100 * i + 100, { evidence: { frames: 10, alignedScore: i < 10 ? -200 : -600, loopScore: null, phones: 2 } }));
    const basic: ConfidenceModel[] = [{ name: 'basic', features: ['quiet'], weights: [2, -4] }];
    expect(scoreWords(words, levels, basic)).toEqual([...Array<number>(10).fill(0.881), 0.3, 0.3, 0.3, 0.3]);
  });

  it('a placed word whose clip holds a syllable more than its vowels, or a sound apart, gets at most 0.3; without the vowel count, its model\'s', () => {
    expect(SYLLABLES_CAP).toBe(0.3);
    const capped = (p: number, syllables: number) => cappedConfidence(p, features({ syllables }));
    expect([capped(0.9, 0), capped(0.9, 1), capped(0.2, 2)]).toEqual([0.9, 0.3, 0.2]);
    expect([cappedConfidence(0.9, features({ apart: 0 })), cappedConfidence(0.9, features({ apart: 1 }))]).toEqual([0.9, 0.3]);
    // Loud frames from 100 to 420 ms over a quiet floor; the lowest bands hold two vowels (70 dB) parted by 20 dB,
    // from 100 to 200 ms and 300 to 400 ms.
    const voicing = Array.from({ length: 50 }, (_, f) => ((f >= 10 && f < 20) || (f >= 30 && f < 40) ? 64 : 44));
    const bands = new Float32Array(50 * BAND_COUNT);
    voicing.forEach((d, f) => { for (let b = 0; b < 4; b++) bands[f * BAND_COUNT + b] = d; });
    const energies = Float64Array.from({ length: 50 }, (_, f) => (f >= 10 && f < 42 ? 3000 : 10) ** 2 * 160);
    const levels = recordingLevels(energies, 160, undefined, bands);
    const evidence = { frames: 30, alignedScore: -3000, loopScore: -3000, phones: 3 };
    const basic: ConfidenceModel[] = [{ name: 'basic', features: ['quiet'], weights: [2, -4] }];
    const clips = [
      word('one', 100, 420, { evidence: { ...evidence, vowels: 1 } }), // both vowels in a word of one
      word('seven', 100, 420, { evidence: { ...evidence, vowels: 2 } }),
      word('two', 100, 220, { evidence: { ...evidence, vowels: 1 } }), // the first vowel alone
      word('one', 100, 420, { evidence }), // an alignment written before vowels were kept
    ];
    expect(scoreWords(clips, levels, basic)).toEqual([0.3, 0.881, 0.881, 0.881]);
  });

  it('the key table\'s default threshold is the fitted one', () => {
    expect(keySpec('confidenceThreshold').default).toBe(FITTED_THRESHOLD);
  });

  it('a word whose sound is white noise (zero-crossing rate 0.5) or moved onto an island is capped at 0.3; voiced, or at a rate of 0.44, it is not', () => {
    const placed = features({ gop: -1, score: 0, noise: 0, startOut: 0, island: 0, phoneLate: 0 });
    const scored = (more: Partial<Record<FeatureName, number>>): number => {
      const values = { ...placed, ...more };
      return cappedConfidence(applyModel(values), values);
    };
    expect(scored({})).toBeGreaterThanOrEqual(FITTED_THRESHOLD);
    expect(scored({ noise: 10 * 0.5 - 3 })).toBe(NOISE_ISLAND_CAP);
    expect(NOISE_CAP_FROM).toBe(10 * 0.45 - 3);
    expect(scored({ noise: NOISE_CAP_FROM })).toBe(NOISE_ISLAND_CAP);
    expect(scored({ noise: 10 * 0.44 - 3 })).toBeGreaterThan(NOISE_ISLAND_CAP);
    expect(scored({ island: 1, unclaimed: 3 })).toBe(NOISE_ISLAND_CAP);
    expect(scored({ unclaimed: 3 })).toBeGreaterThanOrEqual(FITTED_THRESHOLD);
  });

  it('fitted models: a placed word that opens or closes on 50 ms of its take\'s noise scores lower, and doing both is under the threshold', () => {
    const placed = features({ gop: -1, score: 0, startOut: 0, island: 0, phoneLate: 0 });
    expect(CONFIDENCE_MODELS[0]!.features).toEqual(expect.arrayContaining(['noiseAtStart', 'noiseAtEnd']));
    expect(applyModel({ ...placed, noiseAtStart: 1 })).toBeLessThan(applyModel(placed) - 0.05);
    expect(applyModel({ ...placed, noiseAtEnd: 1 })).toBeLessThan(applyModel(placed) - 0.05);
    expect(applyModel({ ...placed, noiseAtStart: 1, noiseAtEnd: 1 })).toBeLessThan(FITTED_THRESHOLD);
  });

  it('fitted models: a placed word whose first syllable is heard again right after its onset (echo 1) scores lower than without', () => {
    const placed = features({ gop: -1, score: 0, startOut: 0, island: 0, phoneLate: 0 });
    expect(CONFIDENCE_MODELS[0]!.features).toContain('echo');
    expect(applyModel({ ...placed, echo: 1 })).toBeLessThan(applyModel(placed) - 0.05);
  });

  // One piece of evidence alone puts a placed word (otherwise well scored) under the threshold; without it the word is not.
  it.each([
    ['whose start refinement moved 300 ms earlier than the search put it', 'startOut', 3, {}],
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

/**
 * The confidence of a word clip: the probability that it holds the word its label says with both
 * edges within 50 ms of the truth, from a logistic regression over the word's features
 * (src/align/confidence/features.ts), fitted offline on speech with known word boundaries and
 * planted faults (scripts/fit-confidence.mjs). Pure.
 */
import { CONFIDENCE_MODELS } from './coefficients.js';
import { featureContext } from './feature-context.js';
import { wordFeatures, type ConfidenceModel, type FeatureName } from './features.js';
import type { RecordingLevels } from './levels.js';
import type { ScoredWord } from './scored-word.js';

/** Confidences are written with three decimals. */
export function roundConfidence(p: number): number {
  return Math.round(p * 1000) / 1000;
}

/** The first of `models` whose features are all known for the word, and its probability. */
export function applyModel(
  values: Readonly<Record<FeatureName, number | null>>,
  models: readonly ConfidenceModel[] = CONFIDENCE_MODELS,
): number {
  for (const model of models) {
    const xs = model.features.map((f) => values[f]);
    if (xs.some((x) => x === null)) continue;
    const z = xs.reduce<number>((sum, x, i) => sum + (x ?? 0) * (model.weights[i + 1] ?? 0), model.weights[0] ?? 0);
    return roundConfidence(1 / (1 + Math.exp(-z)));
  }
  return 0;
}

/**
 * The most confidence a word gets when the phone pass found another word of the text fitting its
 * frames better than the word itself (feature `rival`, src/align/acoustic/rivals.ts): under any
 * threshold a user would keep clips by. Measured on the confidence benchmark with a reference
 * (`node bench/run.mjs --only confidence`): rivals won on 3 of its 98 wrong clips (2 of them
 * substituted digits no other feature flagged) and on 2 of its 440 right ones.
 */
export const RIVAL_CAP = 0.3;

/**
 * The confidence of each word of a recording (same order), three decimals in 0–1. A word whose
 * times are an estimate (`estimated`: a reference word no engine found, given a share of the free
 * audio around it) gets 0: nothing measured says its clip holds it, so `--min-confidence` never
 * keeps it, whatever its features look like. A word whose rival won gets at most {@link RIVAL_CAP}.
 */
export function scoreWords(
  words: readonly ScoredWord[],
  levels: RecordingLevels,
  models: readonly ConfidenceModel[] = CONFIDENCE_MODELS,
): number[] {
  const ctx = featureContext(words, levels);
  return words.map((word) => {
    if (word.source === 'estimated') return 0;
    const values = wordFeatures(word, ctx);
    const p = applyModel(values, models);
    return values.rival === 1 ? Math.min(RIVAL_CAP, p) : p;
  });
}

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
 * The most confidence a word the aligner placed gets when the recording's other clips of the same
 * word say its clip is another word's or far off its length (src/align/confidence/repeats.ts, which
 * measures placed words only): `repeatUnlike` over
 * {@link REPEAT_UNLIKE_OVER} (the clip over 1.8 times as far from its own word's nearest clip as
 * from another word's) or `repeatLength` over {@link REPEAT_LENGTH_OVER} (over 2.4 times or under
 * 0.42 times its word's median length). A cap rather than weights of the fitted model: refitted
 * with the two (`node scripts/fit-confidence.mjs` with them added to the acoustic model's features,
 * the benchmark's changed voices in the fit: no command of the repository runs that variant), the
 * model gave `noise` no weight, so a word of white noise alone passed, and chose a threshold of 0.54
 * under which an unsaid digit and a stutter of the planted faults passed too; these strong cases
 * are nearly all wrong. Measured with the committed weights at the default threshold on the
 * confidence benchmark's reference runs and its never-fitted changed voices (1,168 clips, 267
 * wrong), against no cap: 7 more wrong clips flagged for 5 more right ones (planted faults 71 → 73
 * of 77, two substituted digits; the never-fitted voices 55 → 60 of 89 wrong, 27 → 29 of 281
 * right); capping at `repeatLength` over 1.0 alone flagged 7 more wrong and 6 more right ones, at
 * `repeatUnlike` over 1.0 alone 9 and 11 (each scored as `node bench/run.mjs --only confidence`
 * scores clips, on builds with the cap moved: no command of the repository runs those variants).
 */
export const REPEATS_CAP = 0.3;
/** See {@link REPEATS_CAP}. */
export const REPEAT_UNLIKE_OVER = 2.5;
/** See {@link REPEATS_CAP}. */
export const REPEAT_LENGTH_OVER = 1.5;

/** Whether a word's repeats cap its confidence ({@link REPEATS_CAP}). */
export function repeatsDoubt(values: Readonly<Record<FeatureName, number | null>>): boolean {
  return (values.repeatUnlike ?? 0) > REPEAT_UNLIKE_OVER || (values.repeatLength ?? 0) > REPEAT_LENGTH_OVER;
}

/**
 * The most confidence a placed word gets when it and the run of words around it fit the audio far
 * worse than the recording's well-fitting words: `misfitRun` (misfit-run.ts) over
 * {@link MISFIT_RUN_OVER}, the text likely out of step with the audio there (a line missing from
 * it): on the confidence benchmark's read speech with a stretch of its text missing, two wrong clips
 * that nothing else flagged, and one right clip of its other recordings (see misfit-run.ts). So does
 * a word beside a word of the text that could not be placed whose own fit is that far under
 * (`misfitBeside`, misfit-run.ts).
 */
export const MISFIT_CAP = 0.3;
/** See {@link MISFIT_CAP}. */
export const MISFIT_RUN_OVER = 3;
/**
 * A placed word whose own `score` lies this far under 0 (its aligned score a frame more than 55
 * under the recording's median word's) gets at most {@link MISFIT_CAP} too, run or no run: far
 * past the poor fit of a fast function word or a badly fitting voice. The read speech of the
 * confidence benchmark had two such words, both wrong and nothing else flagging them: "garden"
 * written for "had" (−6.4) and "be" put on a missing "to" (−6.1); a substituted "seven" of a
 * synthetic voice measured −5.5. No right clip of the benchmark, of the voices never fitted on or
 * of the demo measured under −5.35 (`node bench/run.mjs --only confidence`, its features.json, and
 * the never-fitted voices' rows by a harness outside the repository).
 */
export const MISFIT_ALONE_UNDER = 5.5;

/**
 * The most confidence a placed word gets when its clip holds a syllable nucleus more than its
 * pronunciation has vowels (`syllables` at least 1, nuclei.ts), or, for a word of one vowel, a
 * stretch of voicing apart from it (`apart`): another syllable's audio is in it.
 */
export const SYLLABLES_CAP = 0.3;

/**
 * The most confidence a word gets when its sound crosses zero as white noise does (`noise`
 * at least {@link NOISE_CAP_FROM}: a zero-crossing rate of 0.45 or more over its frames that are not
 * quiet, features.ts), or when the aligner moved it onto a stretch of sound no word had been given
 * (`island` 1, features.ts). Caps rather than weights: refitted on 2026-12-08 (`node
 * scripts/fit-confidence.mjs`) the model weighed `noise` too little for a word of white noise alone
 * to fall under the threshold (0.83), and gave `island` no weight, as no word of the benchmark's
 * reference runs is moved onto an island any more (of the 4 such moves an earlier benchmark saw, 3
 * put the word on the wrong stretch). In the benchmark's labelled words every one with `noise` over
 * 0 is wrong (28 with a reference, 45 more without or text-aligned); of the demo's 134 words one is
 * at 1.5 or more (a "was", already flagged).
 */
export const NOISE_ISLAND_CAP = 0.3;
/** See {@link NOISE_ISLAND_CAP}. */
export const NOISE_CAP_FROM = 1.5;

/**
 * A word's confidence `p` from the fitted model, capped where one strong piece of evidence says
 * its clip is wrong: at most {@link RIVAL_CAP} when its rival won, {@link REPEATS_CAP} when its
 * repeats doubt it, {@link SYLLABLES_CAP} when it holds a syllable too many, {@link NOISE_ISLAND_CAP}
 * when its sound is noise or it was moved onto an island, {@link MISFIT_CAP} when its run misfits
 * (or it misfits beside an unplaced word, or far on its own).
 */
export function cappedConfidence(p: number, values: Readonly<Record<FeatureName, number | null>>): number {
  let capped = values.rival === 1 ? Math.min(RIVAL_CAP, p) : p;
  if (repeatsDoubt(values)) capped = Math.min(REPEATS_CAP, capped);
  if ((values.syllables ?? 0) >= 1 || values.apart === 1) capped = Math.min(SYLLABLES_CAP, capped);
  if ((values.noise ?? 0) >= NOISE_CAP_FROM || values.island === 1) capped = Math.min(NOISE_ISLAND_CAP, capped);
  const misfit = Math.max(values.misfitRun ?? 0, values.misfitBeside ?? 0);
  const alone = (values.score ?? 0) < -MISFIT_ALONE_UNDER;
  return misfit > MISFIT_RUN_OVER || alone ? Math.min(MISFIT_CAP, capped) : capped;
}

/**
 * The confidence of each word of a recording (same order), three decimals in 0–1. A word whose
 * times are an estimate (`estimated`: a reference word no engine found, given a share of the free
 * audio around it) gets 0: nothing measured says its clip holds it, so `--min-confidence` never
 * keeps it, whatever its features look like. The others get the fitted model's, capped
 * ({@link cappedConfidence}).
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
    return cappedConfidence(applyModel(values, models), values);
  });
}

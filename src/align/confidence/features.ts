/**
 * What the confidence model reads of one word clip (pure): how much of it is quiet, how loud it is
 * against the recording's speech, how long it lasts against what its phones predict, how the text
 * alignment placed it, and, when the aligner measured it, how well its pronunciation fits the audio
 * (goodness of pronunciation: the forced alignment's acoustic score against a free phone loop's over
 * the same frames), or how sure the service itself was of a word it recognized (its posterior),
 * and whether its sound is noise rather than voice (zero crossings); and at its edges, how much
 * sound goes on outside it before a neighbouring word and how much quiet it holds inside (an edge
 * placed early or late), and whether its first syllable is heard again right after its onset
 * (edge-features.ts); and whether it sounds like, and lasts as long as, the recording's other clips
 * of the same word (repeats.ts), and whether the words around it fit as poorly as it does
 * (misfit-run.ts); and whether it opens or closes on 50 ms of its take's noise (take-noise.ts).
 * Each is measured against the recording's own levels, pace and scores (feature-context.ts) and
 * kept within bounds, so that no one feature outweighs the rest.
 */
import { clamp } from './clamp.js';
import { edgeFeatures } from './edge-features.js';
import { misfitOf, repeatsOf, type FeatureContext } from './feature-context.js';
import { frameRange } from './levels.js';
import { clipVoicing, extraSyllables, soundApart } from './nuclei.js';
import { noiseAtEdges } from './take-noise.js';
import { phoneCount, SCORE_SCALE, type ScoredWord, type WordEvidence } from './scored-word.js';

/** The features, in the order of the model's weights (the first weight is the intercept). */
export const FEATURES = [
  'quiet',
  'level',
  'long',
  'short',
  'spill',
  'hollow',
  'unheard',
  'substituted',
  'estimated',
  'gop',
  'score',
  'outside',
  'noise',
  'posterior',
  'startOut',
  'unclaimed',
  'cut',
  'echo',
  'island',
  'phoneLate',
  'rival',
  'repeatUnlike',
  'repeatLength',
  'misfitRun',
  'misfitBeside',
  'syllables',
  'apart',
  'noiseAtStart',
  'noiseAtEnd',
] as const;
export type FeatureName = (typeof FEATURES)[number];

/** One fitted model: its features and weights (the intercept first, then one per feature). */
export interface ConfidenceModel {
  readonly name: string;
  readonly features: readonly FeatureName[];
  readonly weights: readonly number[];
}


/** The service's confidence is read as its decimal logarithm, at least this far down (0.001: −3). */
export const POSTERIOR_FLOOR = 0.001;

/**
 * `noise` is how far the mean zero-crossing rate of the word's frames that are not quiet (all its
 * frames when every one is quiet), times {@link NOISE_SCALE}, goes past {@link NOISE_FROM}: white
 * noise is about 5, voiced speech 0.5 to 1.5, and words rich in fricatives stayed under 3 in the
 * confidence benchmark (`swept`, `fished`, `stood`: 2.4 to 2.9), so a spoken word gives 0.
 */
export const NOISE_SCALE = 10;
/** See {@link NOISE_SCALE}. */
export const NOISE_FROM = 3;

/**
 * A start moved out by up to this much, ms, is not counted in `startOut`: refinement routinely
 * moves a start out by a few frames over a weak first consonant the search gave to the pause.
 */
export const START_OUT_FREE_MS = 30;

/**
 * `startOut`: how far edge refinement moved the word's start earlier than the search put it, past
 * {@link START_OUT_FREE_MS}, in tenths of a second: `max(0, searchStartMs − startMs − 30) / 100`
 * (at most 3); null when the evidence does not say where the search put it. Refinement moves a
 * start outwards over loud frames (up to 200 ms after a placed word: src/align/acoustic/extend-loud.ts);
 * the further it went, the likelier it took in sound that is not the word's: a neighbour's tail, a
 * repeated syllable, a breath, a take's noise. In the confidence benchmark a start was moved out
 * more than 30 ms for 13 of the 40 wrong words the aligner placed (80 ms or more for 10) against 9
 * of the 235 right ones (80 ms or more for 2), and for 1 of the demo's 125 words read with their
 * texts. Counting every move (no 30 ms) caught one more wrong word but flagged more right words of
 * the real speaker with the noisiest takes.
 */
function startOut(ev: WordEvidence | undefined, startMs: number): number | null {
  if (ev?.searchStartMs === undefined) return null;
  return clamp((ev.searchStartMs - startMs - START_OUT_FREE_MS) / 100, 0, 3);
}

/**
 * `island`: 1 when the aligner moved the word onto a stretch of sound no word had been given
 * (src/align/acoustic/islands.ts), else 0. The text then had one word for two stretches of speech
 * (a word it lacks, or a repeated syllable, beside the word's own audio), and the move only follows
 * which of the two fits the word's phones better a frame: on voices the model fits poorly that is
 * a guess. Measured: in the confidence benchmark 3 of the 4 such moves put the word on the wrong
 * stretch (among them a real digit on the audio of a digit the text lacks, 658 ms early, and a
 * synthetic "to" on its repeated first syllable).
 *
 * `syllables`: how many more syllable nuclei the clip holds than its pronunciation has vowels;
 * `apart`: 1 when the clip of a word of one vowel holds a stretch of voicing apart from it
 * (nuclei.ts); both null without the aligner's evidence or the recording's bands. No model weighs
 * them: they cap the confidence (model.ts {@link SYLLABLES_CAP}).
 *
 * `rival`: 1 when the phone pass took another word of the text instead of this one (evidence
 * `rival`, src/align/acoustic/rivals.ts), else 0; no model weighs it: it caps the confidence
 * (model.ts {@link RIVAL_CAP}).
 *
 * The feature values of one word (see {@link FEATURES}); `gop`, `score`, `startOut`, `island` and `rival`
 * are null without evidence, `posterior` (log10 of the service's confidence, −3 to 0) without the service's.
 */
export function wordFeatures(word: ScoredWord, ctx: FeatureContext): Record<FeatureName, number | null> {
  const { levels } = ctx;
  const [first, end] = frameRange(levels, word.startMs, word.endMs);
  let quiet = 0;
  let energy = 0;
  let crossings = 0;
  let allCrossings = 0;
  for (let f = first; f < end; f++) {
    quiet += levels.quiet[f]!;
    energy += 10 ** (levels.db[f]! / 10);
    allCrossings += levels.zcr[f]!;
    if (levels.quiet[f] === 0) crossings += levels.zcr[f]!;
  }
  const frames = end - first;
  const crossingRate = quiet < frames ? crossings / (frames - quiet) : allCrossings / Math.max(1, frames);
  const wordDb = frames === 0 || energy === 0 ? levels.floorDb : 10 * Math.log10(energy / frames);
  const spread = Math.max(6, levels.speechDb - levels.floorDb);
  const ratio = Math.log(Math.max(1, word.endMs - word.startMs) / (phoneCount(word) * ctx.phoneMs));
  const ev = word.evidence;
  const withFrames = ev !== undefined && ev.frames > 0;
  const repeats = repeatsOf(ctx, word);
  const misfits = misfitOf(ctx, word);
  return {
    quiet: frames === 0 ? 1 : quiet / frames,
    level: clamp((wordDb - levels.speechDb) / spread, -2, 1),
    long: clamp(ratio, 0, 3),
    short: clamp(-ratio, 0, 3),
    ...edgeFeatures(word, ctx),
    unheard: word.heard === 'unheard' ? 1 : 0,
    substituted: word.heard === 'substituted' || word.source === 'substituted' ? 1 : 0,
    estimated: word.source === 'estimated' ? 1 : 0,
    gop: withFrames && ev.loopScore !== null ? clamp((ev.alignedScore - ev.loopScore) / ev.frames / SCORE_SCALE, -20, 5) : null,
    score: withFrames ? clamp((ev.alignedScore / ev.frames - ctx.scorePerFrame) / SCORE_SCALE, -20, 20) : null,
    noise: frames === 0 ? 0 : Math.max(0, NOISE_SCALE * crossingRate - NOISE_FROM),
    posterior: word.posterior === undefined ? null : Math.log10(Math.max(POSTERIOR_FLOOR, word.posterior)),
    startOut: startOut(ev, word.startMs),
    island: ev === undefined ? null : ev.island === true ? 1 : 0,
    rival: ev === undefined ? null : ev.rival === true ? 1 : 0,
    repeatUnlike: repeats.unlike,
    repeatLength: repeats.length,
    misfitRun: misfits.run,
    misfitBeside: misfits.beside,
    ...syllableFeatures(word, ctx),
    ...noiseAtEdges(levels.underTakeNoise, word.startMs, word.endMs),
  };
}

/** `syllables` and `apart` of a word (see {@link wordFeatures}). */
function syllableFeatures(word: ScoredWord, ctx: FeatureContext): Record<'syllables' | 'apart', number | null> {
  const vowels = word.evidence?.vowels;
  const clip = vowels === undefined ? null : clipVoicing(ctx.levels, word.startMs, word.endMs);
  if (vowels === undefined || clip === null) return { syllables: null, apart: null };
  return { syllables: extraSyllables(clip, vowels), apart: vowels <= 1 && soundApart(clip, ctx.levels.zcr) ? 1 : 0 };
}

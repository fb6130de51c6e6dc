/**
 * What the confidence model reads of one word clip (pure): how much of it is quiet, how loud it is
 * against the recording's speech, how long it lasts against what its phones predict, how the text
 * alignment placed it, and, when the aligner measured it, how well its pronunciation fits the audio
 * (goodness of pronunciation: the forced alignment's acoustic score against a free phone loop's over
 * the same frames).
 */
import { frameRange, type RecordingLevels } from './levels.js';

/** Per-word acoustic evidence of the aligner (contract C1, src/align/acoustic/types.ts WordEvidence). */
export interface WordEvidence {
  readonly frames: number;
  readonly alignedScore: number;
  readonly loopScore: number | null;
  readonly phones: number;
}

/**
 * How a word got its times: `recognized` (the recognizer's own word, no reference), or with a
 * reference `matched` / `substituted` (a recognized word's times), `acoustic` (the aligner's) or
 * `estimated` (never found: shared out of the free audio around it).
 */
export type WordSource = 'recognized' | 'matched' | 'substituted' | 'acoustic' | 'estimated';

/** One word clip as the confidence model sees it. */
export interface ScoredWord {
  readonly text: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly source: WordSource;
  /** With a reference: what the recognizer made of the word. */
  readonly heard?: 'matched' | 'substituted' | 'unheard' | undefined;
  readonly evidence?: WordEvidence | undefined;
}

/** The features, in the order of the model's weights (the first weight is the intercept). */
export const FEATURES = ['quiet', 'level', 'long', 'short', 'unheard', 'substituted', 'estimated', 'gop', 'score'] as const;
export type FeatureName = (typeof FEATURES)[number];
/** The features of the model used when the aligner gave no evidence for the word. */
export const BASIC_FEATURES: readonly FeatureName[] = ['quiet', 'level', 'long', 'short', 'unheard', 'substituted', 'estimated'];

/** One fitted model: its features and weights (the intercept first, then one per feature). */
export interface ConfidenceModel {
  readonly name: string;
  readonly features: readonly FeatureName[];
  readonly weights: readonly number[];
}

/** Typical length of one phone, ms, when the recording has too few words to measure its own. */
export const PHONE_MS = 75;
/** Fewer words than this: the phone length is {@link PHONE_MS}, not the recording's median. */
const MIN_WORDS_FOR_RATE = 8;
/** Acoustic log scores are divided by this per frame (PocketSphinx's scores are large integers). */
export const SCORE_SCALE = 1000;

/** Phones of a word: the aligner's, else estimated from its letters (digits read as about three phones). */
export function phoneCount(word: Pick<ScoredWord, 'text' | 'evidence'>): number {
  if (word.evidence !== undefined && word.evidence.phones > 0) return word.evidence.phones;
  const letters = word.text.match(/\p{L}/gu)?.length ?? 0;
  const digits = word.text.match(/\p{N}/gu)?.length ?? 0;
  return Math.max(1, Math.round(0.8 * letters + 3 * digits));
}

/** What the features of a word are measured against: the recording's levels and its words' typical rates and scores. */
export interface FeatureContext {
  readonly levels: RecordingLevels;
  /** Typical ms per phone in the recording. */
  readonly phoneMs: number;
  /** Median acoustic score per frame of the recording's words with evidence (0 when none). */
  readonly scorePerFrame: number;
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The context of a recording's words (rates and scores from the words not estimated). */
export function featureContext(words: readonly ScoredWord[], levels: RecordingLevels): FeatureContext {
  const timed = words.filter((w) => w.source !== 'estimated' && w.endMs > w.startMs);
  const rates = timed.map((w) => (w.endMs - w.startMs) / phoneCount(w));
  const phoneMs = rates.length >= MIN_WORDS_FOR_RATE ? Math.min(200, Math.max(40, median(rates)!)) : PHONE_MS;
  const scores = timed.flatMap((w) => (w.evidence !== undefined && w.evidence.frames > 0 ? [w.evidence.alignedScore / w.evidence.frames] : []));
  return { levels, phoneMs, scorePerFrame: median(scores) ?? 0 };
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** The feature values of one word (see {@link FEATURES}); `gop` and `score` are null without evidence. */
export function wordFeatures(word: ScoredWord, ctx: FeatureContext): Record<FeatureName, number | null> {
  const { levels } = ctx;
  const [first, end] = frameRange(levels, word.startMs, word.endMs);
  let quiet = 0;
  let energy = 0;
  for (let f = first; f < end; f++) {
    quiet += levels.quiet[f]!;
    energy += 10 ** (levels.db[f]! / 10);
  }
  const frames = end - first;
  const wordDb = frames === 0 || energy === 0 ? levels.floorDb : 10 * Math.log10(energy / frames);
  const spread = Math.max(6, levels.speechDb - levels.floorDb);
  const ratio = Math.log(Math.max(1, word.endMs - word.startMs) / (phoneCount(word) * ctx.phoneMs));
  const ev = word.evidence;
  const withFrames = ev !== undefined && ev.frames > 0;
  return {
    quiet: frames === 0 ? 1 : quiet / frames,
    level: clamp((wordDb - levels.speechDb) / spread, -2, 1),
    long: clamp(ratio, 0, 3),
    short: clamp(-ratio, 0, 3),
    unheard: word.heard === 'unheard' ? 1 : 0,
    substituted: word.heard === 'substituted' || word.source === 'substituted' ? 1 : 0,
    estimated: word.source === 'estimated' ? 1 : 0,
    gop: withFrames && ev.loopScore !== null ? clamp((ev.alignedScore - ev.loopScore) / ev.frames / SCORE_SCALE, -20, 5) : null,
    score: withFrames ? clamp((ev.alignedScore / ev.frames - ctx.scorePerFrame) / SCORE_SCALE, -20, 20) : null,
  };
}

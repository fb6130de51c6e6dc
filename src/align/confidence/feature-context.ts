/**
 * What the features of a recording's words are measured against: its levels, its typical length of
 * a phone (the median of its words' ms per phone, kept within 40–200 ms; {@link PHONE_MS} with
 * fewer than {@link MIN_WORDS_FOR_RATE} words), its words' median acoustic score per frame, and
 * every word's span (where a word's neighbours are found), and what the recording's other clips of
 * each word say of it (repeats.ts), and how far each placed word and its run fit under the
 * recording's well-fitting words (misfit-run.ts). Rates and scores come from the words whose times were measured
 * (not `estimated`); the spans from all of them. Pure.
 */
import type { RecordingLevels } from './levels.js';
import { misfitRuns, type Misfits } from './misfit-run.js';
import { NO_REPEATS, repeatMeasures, type RepeatMeasures } from './repeats.js';
import { phoneCount, type ScoredWord } from './scored-word.js';

import { median } from '../acoustic/evidence.js';

/** Typical length of one phone, ms, when the recording has too few words to measure its own. */
export const PHONE_MS = 75;
/** Fewer words than this: the phone length is {@link PHONE_MS}, not the recording's median. */
const MIN_WORDS_FOR_RATE = 8;

/** What the features of a word are measured against: the recording's levels and its words' typical rates and scores. */
export interface FeatureContext {
  readonly levels: RecordingLevels;
  /** Typical ms per phone in the recording. */
  readonly phoneMs: number;
  /** Median acoustic score per frame of the recording's words with evidence (0 when none). */
  readonly scorePerFrame: number;
  /** Every word's span, ascending by start (its neighbours are found here). */
  readonly spans: readonly (readonly [startMs: number, endMs: number])[];
  /** Per word (the very objects the context was made of) what its repeats say; {@link NO_REPEATS} for any other. */
  readonly repeats: ReadonlyMap<ScoredWord, RepeatMeasures>;
  /** Per placed word (the very objects the context was made of) its `misfitRun` and `misfitBeside` (misfit-run.ts). */
  readonly misfits: ReadonlyMap<ScoredWord, Misfits>;
}

/** What the repeats say of `word` in `ctx` (none for a word the context was not made of). */
export function repeatsOf(ctx: FeatureContext, word: ScoredWord): RepeatMeasures {
  return ctx.repeats.get(word) ?? NO_REPEATS;
}

/** The `misfitRun` and `misfitBeside` of `word` in `ctx` (0 for a word the aligner did not place or the context was not made of). */
export function misfitOf(ctx: FeatureContext, word: ScoredWord): Misfits {
  return ctx.misfits.get(word) ?? NO_MISFITS;
}

const NO_MISFITS: Misfits = { run: 0, beside: 0 };

/** The context of a recording's words (rates and scores from the words not estimated; neighbours from all of them). */
export function featureContext(words: readonly ScoredWord[], levels: RecordingLevels): FeatureContext {
  const timed = words.filter((w) => w.source !== 'estimated' && w.endMs > w.startMs);
  const rates = timed.map((w) => (w.endMs - w.startMs) / phoneCount(w));
  const phoneMs = rates.length >= MIN_WORDS_FOR_RATE ? Math.min(200, Math.max(40, median(rates)!)) : PHONE_MS;
  const scores = timed.flatMap((w) =>
    w.evidence !== undefined && w.evidence.frames > 0 ? [w.evidence.alignedScore / w.evidence.frames] : [],
  );
  const spans = words.filter((w) => w.endMs > w.startMs).map((w) => [w.startMs, w.endMs] as const).sort((a, b) => a[0] - b[0]);
  return { levels, phoneMs, scorePerFrame: median(scores) ?? 0, spans, repeats: repeatMeasures(words, levels), misfits: misfitRuns(words) };
}

/**
 * Timing checks of planned clips (pure): each clip gets a `flags` value for the manifest, empty
 * when clean, else space-separated tokens in the fixed order of {@link CLIP_FLAGS}.
 *
 * - `utterance`: the clip was cut from collapsed markers (one marker over a whole transcript).
 * - `short-word`: a word of the clip lasts less than {@link SHORT_WORD_MS} (marker end − start).
 * - `long-word`: a word of the clip lasts more than {@link LONG_WORD_MS}.
 * - `rate-outlier`: a word of the clip is spoken at a rate far from the recording's own. For each
 *   word w with c(w) letters and digits and duration d(w) > 0 s, x(w) = ln(c(w) / d(w)) (characters
 *   per second, on a log scale so "twice as fast" and "twice as slow" weigh the same). With
 *   m = median(x) and MAD = median(|x − m|) over the recording's words, w is an outlier when
 *   |x(w) − m| / max(1.4826 × MAD, ln 1.25) > 3.5 (the modified z-score rule of Iglewicz and
 *   Hoaglin; the floor keeps a recording of near-identical words from flagging small
 *   differences). Needs at least {@link RATE_MIN_WORDS} words; fewer give no rate flag.
 * - `cut-edge` is measured on the audio after planning (src/align/confidence/edges.ts); {@link addFlag} merges it.
 * - `unaligned`: the clip holds a reference word that could not be placed (run with a reference
 *   transcript; src/pipeline/stages/align-reference.ts): cut at its best estimate, or inside a phrase.
 * - `low-confidence`: the clip's confidence (its lowest word's, src/align/confidence) is below the
 *   run's `confidenceThreshold`.
 * - `verified`: every word of the clip was checked by a person in dictclip review
 *   (src/pipeline/stages/word-edits.ts). Not a doubt: {@link doubtFlags} leaves it out.
 *
 * Punctuation markers are never words here. Collapsed results get `utterance` only: their one
 * marker is not a word, so word length and rate say nothing.
 */
import { isPunctuation } from './model.js';
import type { DictationResult, WordMarker } from './model.js';
import type { PlannedClip } from './plan.js';
import { firstAtLeast } from './search.js';

/** Every flag token, in the order a `flags` value lists them. */
export const CLIP_FLAGS = ['utterance', 'short-word', 'long-word', 'rate-outlier', 'cut-edge', 'unaligned', 'low-confidence', 'verified'] as const;
export type ClipFlag = (typeof CLIP_FLAGS)[number];

/** Flags that say something good of a clip, not a doubt: not counted as flagged, kept by `--exclude-flagged`. */
export const NOTE_FLAGS: ReadonlySet<string> = new Set<ClipFlag>(['verified']);

/** The tokens of a `flags` value that are doubts (every token but the {@link NOTE_FLAGS}), as a `flags` value. */
export function doubtFlags(flags: string): string {
  return flags.split(' ').filter((token) => token !== '' && !NOTE_FLAGS.has(token)).join(' ');
}

/** A word shorter than this (ms) is implausible. */
export const SHORT_WORD_MS = 30;
/** A word longer than this (ms) is implausible. */
export const LONG_WORD_MS = 3000;
/** Modified z-score above which a word's rate is an outlier. */
export const RATE_Z_LIMIT = 3.5;

/**
 * What each flag token means and how it is measured, for people (the QA report's legend).
 * `cut-edge`'s figures are src/align/confidence's EDGE_SPEECH_MS and QUIET_OVER_FLOOR_DB (a test
 * keeps them in step).
 */
export const CLIP_FLAG_MEANINGS: Readonly<Record<ClipFlag, string>> = {
  utterance:
    'Cut from collapsed markers: the service timed the whole transcript as one marker, so the clip is the whole utterance, not one word or phrase.',
  'short-word': `A word of the clip lasts under ${SHORT_WORD_MS} ms: too short to be real, its marker is likely wrong.`,
  'long-word': `A word of the clip lasts over ${LONG_WORD_MS / 1000} s: too long to be real, its marker likely spans a pause or other words.`,
  'rate-outlier': `A word of the clip is spoken far faster or slower than the recording's own rate (letters and digits per second; modified z-score of the log rate above ${RATE_Z_LIMIT}).`,
  'cut-edge':
    "An edge of the clip cuts into speech: sound goes on for 50 ms or more past the edge before any neighbouring word starts (the word is cut short), or the clip holds 50 ms or more of a neighbouring word's audible speech (audible: over 9 dB above the recording's noise floor, in 10 ms frames, and over a speaker's own noise bed where takes spliced over a quieter floor carry one; steady noise, a level that holds still for 150 ms and crosses zero as noise does, is not speech, nor is faint sound, at most 16 dB over the floor, that holds within 4 dB for 100 ms).",
  unaligned: 'A word of the reference transcript in the clip could not be placed in the audio: the clip is cut at an estimate.',
  'low-confidence':
    "The clip's confidence is below the run's threshold (--confidence-threshold): it likely does not hold its label with both edges within 50 ms (a word on another word's audio, a word never spoken, noise, a stutter).",
  verified: 'Every word of the clip was checked by a person in dictclip review (not a doubt: such clips count as clean).',
};
/** Floor of the rate spread (log scale): ln 1.25. */
export const RATE_MIN_SPREAD = Math.log(1.25);
/** Fewer words than this in a recording: no rate check. */
export const RATE_MIN_WORDS = 5;

/** Letters and digits of a text (what "characters" means in rates). */
export function countChars(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

/** A `flags` value from any set of tokens: known tokens only, fixed order, no repeats. */
export function formatFlags(flags: Iterable<string>): string {
  const set = new Set(flags);
  return CLIP_FLAGS.filter((flag) => set.has(flag)).join(' ');
}

/** Add one token to a `flags` value, keeping the fixed order (for checks made after planning). */
export function addFlag(flags: string, flag: ClipFlag): string {
  return formatFlags([...flags.split(' '), flag]);
}

/** The tokens of a `flags` value (empty string → none). */
export function parseFlags(flags: string): string[] {
  return flags.split(' ').filter((token) => token !== '');
}

function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function logRate(marker: WordMarker): number | undefined {
  const chars = countChars(marker.text);
  const seconds = (marker.endMs - marker.startMs) / 1000;
  return chars > 0 && seconds > 0 ? Math.log(chars / seconds) : undefined;
}

/** Indexes (into `markers`) of the words whose speaking rate is an outlier in the recording. */
export function rateOutliers(markers: readonly WordMarker[]): Set<number> {
  const rates: { index: number; x: number }[] = [];
  for (const [index, marker] of markers.entries()) {
    if (isPunctuation(marker.text)) continue;
    const x = logRate(marker);
    if (x !== undefined) rates.push({ index, x });
  }
  const outliers = new Set<number>();
  if (rates.length < RATE_MIN_WORDS) return outliers;
  const m = median(rates.map((r) => r.x).sort((a, b) => a - b));
  const mad = median(rates.map((r) => Math.abs(r.x - m)).sort((a, b) => a - b));
  const spread = Math.max(1.4826 * mad, RATE_MIN_SPREAD);
  for (const r of rates) if (Math.abs(r.x - m) / spread > RATE_Z_LIMIT) outliers.add(r.index);
  return outliers;
}

/**
 * The `flags` value of each planned clip of `result` (same order as `clips`). A clip's words are
 * the non-punctuation markers whose text lies inside the clip's text span.
 */
export function timingFlags(result: DictationResult, clips: readonly PlannedClip[]): string[] {
  const { markers } = result;
  const perWord = wordFlags(result);
  return clips.map((clip) => {
    if (result.collapsed || clip.kind === 'utterance') return 'utterance';
    const flags: string[] = [];
    const end = clip.textStart + clip.textLength;
    for (let i = firstAtLeast(markers, clip.textStart, (m) => m.textStart); i < markers.length && markers[i]!.textStart < end; i++)
      flags.push(...parseFlags(perWord[i]!));
    return formatFlags(flags);
  });
}

/**
 * The timing flags of each marker of `result` on its own (`short-word`, `long-word`,
 * `rate-outlier`, or `utterance` for a collapsed result), in the order of {@link CLIP_FLAGS};
 * punctuation markers get none.
 */
export function wordFlags(result: DictationResult): string[] {
  const { markers } = result;
  const outliers = result.collapsed ? new Set<number>() : rateOutliers(markers);
  return markers.map((marker, i) => {
    if (isPunctuation(marker.text)) return '';
    if (result.collapsed) return 'utterance';
    const ms = marker.endMs - marker.startMs;
    const flags: ClipFlag[] = [];
    if (ms < SHORT_WORD_MS) flags.push('short-word');
    if (ms > LONG_WORD_MS) flags.push('long-word');
    if (outliers.has(i)) flags.push('rate-outlier');
    return formatFlags(flags);
  });
}

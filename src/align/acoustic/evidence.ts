/**
 * Per word what the searches saw (its frames, its aligned score, the phone loop's score over the
 * same frames, its phones), and which placements are not plausible: a word squeezed into fewer
 * frames than its phones need, or one whose audio the phone loop explains far better than the
 * word does (a word forced onto another word's audio, noise or silence), or one both short and
 * poorly scored; and, against the recording's own pace, a word given far fewer frames a phone than
 * the recording's placed words get (median). Pure.
 */
import type { HypSegment } from './hypseg.js';
import type { WordEvidence } from './types.js';

/**
 * The rules, measured on nine recordings of real accented voices (225 spoken digits) with 27 words
 * that were never spoken put in their texts, and on the five LibriVox readings (71 words of fast
 * read speech): spoken digits had 3 to 12 frames a phone (median 12) and scored -16 a frame
 * against the phone loop (median; 5 % below -56); the never-spoken words that got a span were
 * squeezed (3 to 6 frames a phone) and scored -24 to -96. These rules leave 5 of the 19 such spans
 * and reject 3 of the 224 spoken digits and none of the 71 read words (a stricter short-and-poor
 * rule, 5.5 frames and -30, left 1 span but lost 7 read words: function words are short).
 */
/** Fewer 10 ms frames per phone than this: squeezed in, not spoken (each phone of the model takes 3 frames at least). */
export const MIN_FRAMES_PER_PHONE = 3.5;
/**
 * Aligned minus phone-loop score per frame below this: the phone loop explains the frames far better than the word (PocketSphinx log
 * units).
 */
export const POOR_SCORE_PER_FRAME = -80;
/** Short (fewer frames per phone than this) and scoring below {@link SHORT_POOR_SCORE_PER_FRAME}: not spoken either. */
export const SHORT_FRAMES_PER_PHONE = 4.5;
export const SHORT_POOR_SCORE_PER_FRAME = -40;

/** The phone loop's score over frames [from, to) of its piece: each phone segment counted by its share inside. */
export function loopScoreOver(segments: readonly HypSegment[], from: number, to: number): number {
  let score = 0;
  for (const s of segments) {
    const length = s.endFrame - s.startFrame;
    const inside = Math.min(to, s.endFrame) - Math.max(from, s.startFrame);
    if (length > 0 && inside > 0) score += (s.acousticScore * inside) / length;
  }
  return score;
}

/** Aligned minus loop score per frame; null without a loop score. */
export function scorePerFrame(evidence: WordEvidence): number | null {
  return evidence.loopScore === null || evidence.frames === 0 ? null : (evidence.alignedScore - evidence.loopScore) / evidence.frames;
}

/** Whether a word placed with `evidence` is plausible (see the module comment). */
export function plausible(evidence: WordEvidence): boolean {
  if (evidence.frames < MIN_FRAMES_PER_PHONE * evidence.phones) return false;
  const perFrame = scorePerFrame(evidence);
  if (perFrame === null) return true;
  return (
    perFrame >= POOR_SCORE_PER_FRAME &&
    (perFrame >= SHORT_POOR_SCORE_PER_FRAME || evidence.frames >= SHORT_FRAMES_PER_PHONE * evidence.phones)
  );
}

/**
 * A placed word with fewer frames a phone than this share of the recording's median was squeezed in,
 * not spoken. Measured with three never-spoken words put into each of 14 texts (nine recordings of
 * real spoken digits, five synthetic voices): 6 of the 42 got a span past the rules above, and
 * those were given 0.30 to 0.94 of their recording's median (three under 0.45); of the 605 spoken
 * words, 2 real digits fall under 0.45 (1 %), and no word of the read speech (LibriVox, LJ Speech,
 * LibriSpeech: function words at 0.51 of the median at the least).
 */
export const MIN_SHARE_OF_MEDIAN_PACE = 0.45;
/** Placed words needed before the recording's median pace is trusted. */
export const MIN_WORDS_FOR_PACE = 5;

/** The median of `values`, or null when there are none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median frames a phone of placed words (the recording's pace), or null with fewer than {@link MIN_WORDS_FOR_PACE}. */
export function medianFramesPerPhone(placed: readonly WordEvidence[]): number | null {
  const paces = placed.filter((e) => e.phones > 0).map((e) => e.frames / e.phones);
  return paces.length < MIN_WORDS_FOR_PACE ? null : median(paces);
}

/** Whether a placed word is far faster than its recording's pace (see {@link MIN_SHARE_OF_MEDIAN_PACE}); never with no pace. */
export function squeezedForPace(evidence: WordEvidence, pace: number | null): boolean {
  return pace !== null && evidence.phones > 0 && evidence.frames / evidence.phones < MIN_SHARE_OF_MEDIAN_PACE * pace;
}

/**
 * A placed word with fewer frames a phone than this share of the recording's pace is squeezed for
 * {@link squeezedBesideMissing}. Measured with the never-spoken words put into the 14 texts above:
 * the two that still got a span (0.46 and 0.51 of the pace, on the audio of a digit next to them that
 * the search then left unplaced) are left out, and no spoken word is lost (real 223 of 225,
 * synthetic 376 of 380, and the 593 spoken words placed in the texts with never-spoken words, as
 * before); any share from 0.55 to 0.8 gives the same.
 */
export const SQUEEZED_SHARE_OF_PACE = 0.6;

/**
 * Whether a placed word is squeezed (under {@link SQUEEZED_SHARE_OF_PACE} of the recording's pace)
 * while a neighbouring word of the text that found no place, of `missingPhones` phones, would fit
 * its frames nearer the pace than it does: the two competed for the same audio, and the search gave
 * it to the one it had to squeeze. Never with no pace.
 */
export function squeezedBesideMissing(evidence: WordEvidence, missingPhones: number, pace: number | null): boolean {
  if (pace === null || evidence.phones === 0 || missingPhones === 0) return false;
  const share = evidence.frames / evidence.phones / pace;
  const missingShare = evidence.frames / missingPhones / pace;
  return share < SQUEEZED_SHARE_OF_PACE && Math.abs(Math.log(missingShare)) < Math.abs(Math.log(share));
}

/**
 * A placed word scoring at least this a frame against the phone loop fits its audio well (the
 * mismatch decision counts such words). Right texts' words score -16 a frame (median), wrong
 * texts' -45 to -64.
 */
export const WELL_FIT_SCORE_PER_FRAME = -35;

/**
 * A placed word whose loudest 5 ms frame is more than this many dB under the recording's placed
 * words' (median) and that scores under {@link FAINT_POOR_SCORE_PER_FRAME} was put on noise or a
 * neighbour's fading edge, not spoken. Measured: of the three never-spoken words left by the rules
 * above, one (14 dB under, -33 a frame); no spoken word of the real and synthetic voices or of the
 * read speech is both (the faintest read words, "them" and "and" 11 to 12 dB under, score -8 to -10).
 */
export const FAINT_UNDER_TYPICAL_DB = 12;
export const FAINT_POOR_SCORE_PER_FRAME = -25;

/** Whether a placed word whose loudest frame is `relativeDb` over the typical word's (negative: fainter) is faint and poor (see above). */
export function faintAndPoor(relativeDb: number, evidence: WordEvidence): boolean {
  const perFrame = scorePerFrame(evidence);
  return relativeDb < -FAINT_UNDER_TYPICAL_DB && perFrame !== null && perFrame < FAINT_POOR_SCORE_PER_FRAME;
}

/**
 * Per word what the searches saw (its frames, its aligned score, the phone loop's score over the
 * same frames, its phones), and which placements are not plausible: a word squeezed into fewer
 * frames than its phones need, or one whose audio the phone loop explains far better than the
 * word does (a word forced onto another word's audio, noise or silence), or one both short and
 * poorly scored. Pure.
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

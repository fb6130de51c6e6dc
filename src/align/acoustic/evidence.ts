/**
 * Per word what the searches saw (its frames, its aligned score, the phone loop's score over the
 * same frames, its phones), and which placements are not plausible: a word squeezed into fewer
 * frames than its phones need, or one whose audio the phone loop explains far better than the
 * word does (a word forced onto another word's audio, noise or silence). Pure.
 */
import type { HypSegment } from './hypseg.js';
import type { WordEvidence } from './types.js';

/** Fewest 10 ms frames per phone of a plausibly placed word (each phone of the model takes 3 frames at least; words really spoken had 4.5 or more on the real voices, words never spoken squeezed between them as few as 3). */
export const MIN_FRAMES_PER_PHONE = 4;
/**
 * Aligned score minus phone-loop score, per frame, below which a placed word is rejected (the
 * phone loop explains its frames far better than the word does). Scores are PocketSphinx log
 * units (base 1.0001, scaled); measured on words spoken and words never spoken (see BENCHMARKS.md).
 */
export const POOR_SCORE_PER_FRAME = -70;

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
  return perFrame === null || perFrame >= POOR_SCORE_PER_FRAME;
}

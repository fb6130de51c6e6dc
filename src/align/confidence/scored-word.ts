/**
 * One word clip as the confidence model sees it (its label, its times, how it got them, what the
 * aligner or the service measured of it), and how many phones it holds: the aligner's count, else
 * an estimate from its letters, `max(1, round(0.8·letters + 3·digits))` (a digit read as about
 * three phones). Pure.
 */
import type { WordEvidence } from '../acoustic/types.js';

export type { WordEvidence };

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
  /**
   * The service's own confidence in the word, 0..1 (src/markers WordMarker.confidence: the embedded
   * recognizer's posterior, or a remote service's `Confidence` of the dictation); undefined when it gave none.
   */
  readonly posterior?: number | undefined;
  /** With a reference: a word of the text next to this one could not be placed (`unaligned`). */
  readonly besideUnplaced?: boolean | undefined;
}

/**
 * Acoustic log scores per frame are divided by this (PocketSphinx's ascr units: a good word's aligned score is some 10–25 a frame below the
 * phone loop's).
 */
export const SCORE_SCALE = 10;

/** Phones of a word: the aligner's, else estimated from its letters (digits read as about three phones). */
export function phoneCount(word: Pick<ScoredWord, 'text' | 'evidence'>): number {
  if (word.evidence !== undefined && word.evidence.phones > 0) return word.evidence.phones;
  const letters = word.text.match(/\p{L}/gu)?.length ?? 0;
  const digits = word.text.match(/\p{N}/gu)?.length ?? 0;
  return Math.max(1, Math.round(0.8 * letters + 3 * digits));
}

/**
 * Which words most likely need a person, pure: a word is in doubt when the alignment could not
 * place it (`unaligned`), when its confidence is under {@link DOUBT_BELOW}, or when it lies in a
 * clip the run flagged `unaligned` or `low-confidence`; a word a person checked (verified) is not.
 * Runs without confidence (older outputs) have only the flags to go by. No Node import here: the
 * page bundles this module (order.ts counts a recording's words with {@link summarize}).
 */
import type { DoubtSummary } from './view.js';

/** A word as the doubt reads it: the server's (edits.ts `EditedWord`) and the page's (view.ts `WordView`) alike. */
export interface DoubtWord {
  status: string;
  startMs: number | null;
  endMs: number | null;
  confidence: number | null;
  verified: boolean;
}

/** The clip flags that put the words of a clip in doubt. */
export const DOUBT_FLAGS: readonly string[] = ['unaligned', 'low-confidence'];
/** A word whose confidence (0–1) is under this is in doubt, unless the run says another threshold (run.json `confidenceThreshold`). */
export const DOUBT_BELOW = 0.5;

/** A clip as the doubt reads it: its span and its flags (space-separated). */
export interface DoubtClip {
  startMs: number;
  endMs: number;
  flags: string;
}

const flagged = (flags: string): boolean => flags !== '' && flags.split(' ').some((f) => DOUBT_FLAGS.includes(f));

/**
 * Per word of `words`: is it in doubt (confidence under `below`, the run's threshold)? `clips` in
 * any order; a timed word belongs to the flagged clip its middle falls in.
 */
export function doubtOf(words: readonly DoubtWord[], clips: readonly DoubtClip[], below = DOUBT_BELOW): boolean[] {
  const spans = clips.filter((c) => flagged(c.flags)).map((c) => [c.startMs, c.endMs] as const).sort((a, b) => a[0] - b[0]);
  return words.map((w) => {
    if (w.verified) return false;
    if (w.status === 'unaligned' || (w.confidence !== null && w.confidence < below)) return true;
    if (w.startMs === null || w.endMs === null) return false;
    const middle = (w.startMs + w.endMs) / 2;
    return spans.some(([start, end]) => start <= middle && middle <= end);
  });
}

/** What a recording's words come to (view.ts {@link DoubtSummary}); the server's list and the page after a save both count here. */
export function summarize(words: readonly Pick<DoubtWord, 'verified' | 'confidence'>[], doubtful: readonly boolean[]): DoubtSummary {
  let lowest: number | null = null;
  for (const w of words) if (!w.verified && w.confidence !== null && (lowest === null || w.confidence < lowest)) lowest = w.confidence;
  return { words: words.length, verified: words.filter((w) => w.verified).length, doubtful: doubtful.filter(Boolean).length, lowest };
}

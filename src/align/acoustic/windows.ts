/**
 * Long audio aligned window by window (no time from elsewhere, such as a recognizer's, is trusted
 * to cut it: one at a misheard time would move words onto their neighbours' audio): each search
 * gets a window of the audio and the words that can be in it (from the last word it is sure of,
 * as many as the text's pace allows, half as many again and some spare; the search may skip any
 * prefix or suffix of them). Only the words it placed well before the window's end are kept; the
 * next window starts where the last kept word ends, with the word after it. A window in which
 * nothing could be kept (noise, music, speech the text lacks) keeps nothing: the audio moves on
 * by half a window and its words are offered again, with more words each time, so a failing
 * stretch never pushes its words onto its neighbours' audio.
 */
import type { AcousticSpan } from './types.js';

/** A stretch of the recording and the words (indexes, ascending) that may be spoken in it: one search. */
export interface Piece {
  readonly startMs: number;
  readonly endMs: number;
  readonly words: readonly number[];
}

/** Words placed in a window ending less than this before its end are left to the next window, as a share of the window. */
export const WINDOW_TAIL_SHARE = 0.2;
/** Words offered beyond what the text's pace predicts: this many times as many, plus {@link SPARE_WORDS}. */
export const PACE_MARGIN = 1.5;
export const SPARE_WORDS = 10;

/** Search one piece: its placed (plausible) words' spans, by word index. */
export type WindowSearch = (piece: Piece) => Promise<ReadonlyMap<number, AcousticSpan>>;

/**
 * The spans of `words` (indexes, ascending) in audio of `durationMs`, searched in windows of
 * `windowMs` (the last window takes every word left).
 */
export async function alignInWindows(
  words: readonly number[],
  durationMs: number,
  windowMs: number,
  search: WindowSearch,
): Promise<Map<number, AcousticSpan>> {
  const placed = new Map<number, AcousticSpan>();
  const pace = words.length / Math.max(durationMs, 1); // words per ms
  let next = 0; // position in `words` of the first word not yet sure
  let fromMs = 0; // where the audio not yet sure begins
  let sureEndMs = 0; // end of the last kept word
  while (next < words.length && fromMs < durationMs) {
    const endMs = Math.min(durationMs, fromMs + windowMs);
    const last = endMs >= durationMs;
    const count = last ? words.length - next : Math.ceil(pace * (endMs - sureEndMs) * PACE_MARGIN) + SPARE_WORDS;
    const offered = words.slice(next, next + count);
    const found = await search({ startMs: fromMs, endMs, words: offered });
    const keepBefore = last ? Number.POSITIVE_INFINITY : endMs - WINDOW_TAIL_SHARE * windowMs;
    let kept = -1;
    offered.forEach((word, k) => {
      const span = found.get(word);
      if (span !== undefined && span.endMs <= keepBefore) kept = k;
    });
    if (last) {
      for (const [word, span] of found) placed.set(word, span);
      break;
    }
    if (kept < 0) {
      fromMs += windowMs / 2;
      continue;
    }
    for (const word of offered.slice(0, kept + 1)) {
      const span = found.get(word);
      if (span !== undefined) placed.set(word, span);
    }
    sureEndMs = found.get(offered[kept]!)!.endMs;
    fromMs = sureEndMs;
    next += kept + 1;
  }
  return placed;
}

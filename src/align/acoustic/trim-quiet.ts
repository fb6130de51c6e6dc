/**
 * Word edges moved inwards over quiet frames (part of the edge refinement, refine.ts). The grammar
 * search often lets a word begin in the pause before it (a stop consonant's closure looks like
 * silence) or end in the pause after it: such an edge is moved inwards over quiet frames, starting
 * at most {@link LOOK_IN_MS} inside it (the neighbour's last sound spills over), never by more than
 * {@link MAX_TRIM_MS} and never past the word's middle. Starts and ends are judged apart: a word's
 * onset is abrupt, and the faint sound before it (breath, a take's own hiss) is no part of it, so a
 * start is trimmed over frames up to {@link QUIET_START_DB} over the floor; an end fades, so it is
 * trimmed only over frames up to {@link QUIET_END_DB}. A word whose every frame is quiet by the
 * end's mask was forced onto a pause: it was not found. Pure.
 */
import { ENERGY_FRAME_MS, spanFrames } from './frame-levels.js';
import type { AcousticSpan } from './types.js';

/** Longest inward move of one edge, ms. */
export const MAX_TRIM_MS = 400;
/** How far inside an edge the quiet run it is trimmed over may begin (the neighbour's last sound spills over), ms. */
export const LOOK_IN_MS = 20;
/** A start is trimmed over frames at most this many dB over the noise floor. */
export const QUIET_START_DB = 15;
/** An end is trimmed over frames at most this many dB over the noise floor (a word also counts as all quiet under it). */
export const QUIET_END_DB = 9;

/**
 * `span` with its edges moved inwards over quiet frames (`quietStart` for its start, `quietEnd` for
 * its end; see the module comment); `null` when every frame of it is quiet by `quietEnd` (a word
 * forced onto a pause was not found).
 */
export function trimQuietEdges(span: AcousticSpan, quietStart: Uint8Array, quietEnd: Uint8Array): AcousticSpan | null {
  const [first, last] = spanFrames(span, quietEnd.length);
  if (quietEnd.subarray(first, last + 1).every((q) => q === 1)) return null;
  const middle = Math.floor((first + last) / 2);
  const most = MAX_TRIM_MS / ENERGY_FRAME_MS;
  const look = Array.from({ length: LOOK_IN_MS / ENERGY_FRAME_MS + 1 }, (_, k) => k);
  const lead = look.find((k) => first + k < middle && quietStart[first + k] === 1);
  let start = first;
  if (lead !== undefined) {
    start = first + lead;
    while (start < middle && start - first < most && quietStart[start] === 1) start++;
  }
  const trail = look.find((k) => last - k > Math.max(start, middle) && quietEnd[last - k] === 1);
  let end = last;
  if (trail !== undefined) {
    end = last - trail;
    while (end > Math.max(start, middle) && last - end < most && quietEnd[end] === 1) end--;
  }
  if (start === first && end === last) return span;
  return {
    ...span,
    startMs: start === first ? span.startMs : start * ENERGY_FRAME_MS,
    endMs: end === last ? span.endMs : (end + 1) * ENERGY_FRAME_MS,
  };
}

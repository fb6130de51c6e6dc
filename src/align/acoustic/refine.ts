/**
 * Word edges refined on the audio's energy, both ways. The grammar search often lets a word begin
 * in the pause before it (a stop consonant's closure looks like silence) or end in the pause after
 * it: such an edge is moved inwards over 10 ms frames that are quiet (near the recording's noise
 * floor), starting at most two frames inside it, never by more than {@link MAX_TRIM_MS} and never
 * past the word's middle. It also often cuts a word's faint start or its fading end: an edge with
 * sound just outside it is moved outwards over frames that are not quiet, by at most
 * {@link MAX_EXTEND_MS} and never onto a neighbouring word. Pure.
 */
import type { AcousticSpan } from './types.js';

/** Length of an energy frame, ms. */
export const ENERGY_FRAME_MS = 10;
/** Longest move of one edge, ms. */
export const MAX_TRIM_MS = 400;
/** Longest outward move of one edge, ms. */
export const MAX_EXTEND_MS = 0;
/** A frame this many dB or less above the noise floor is quiet. */
export const QUIET_OVER_FLOOR_DB = 9;
/** Percentile of the frame energies taken as the noise floor (digital silence left out). */
const FLOOR_PERCENTILE = 0.05;
/** A frame whose RMS is at most this is digital silence (or dither): always quiet, never the floor. */
const SILENT_RMS = 2;

/** Per frame whether it is quiet, from sums of squares per 10 ms frame of `frameSamples` samples. */
export function quietFrames(energies: Float64Array, frameSamples: number): Uint8Array {
  const silent = SILENT_RMS * SILENT_RMS * frameSamples;
  const db = Array.from(energies, (e) => (e <= silent ? Number.NEGATIVE_INFINITY : 10 * Math.log10(e)));
  const sorted = db.filter((d) => d !== Number.NEGATIVE_INFINITY).sort((a, b) => a - b);
  const floor = sorted[Math.floor(FLOOR_PERCENTILE * (sorted.length - 1))] ?? 0;
  return Uint8Array.from(db, (d) => (d <= floor + QUIET_OVER_FLOOR_DB ? 1 : 0));
}

/**
 * `span` with its edges moved inwards over quiet frames (see the module comment); `null` when every
 * frame of it is quiet (a word forced onto a pause was not found).
 */
export function trimQuietEdges(span: AcousticSpan, quiet: Uint8Array): AcousticSpan | null {
  const first = Math.floor(span.startMs / ENERGY_FRAME_MS);
  const last = Math.min(quiet.length, Math.ceil(span.endMs / ENERGY_FRAME_MS)) - 1; // inclusive
  if (quiet.subarray(first, last + 1).every((q) => q === 1)) return null;
  const middle = Math.floor((first + last) / 2);
  const most = MAX_TRIM_MS / ENERGY_FRAME_MS;
  // The quiet run may begin a frame or two inside the edge: the neighbour's last sound spills over.
  const lead = [0, 1, 2].find((k) => first + k < middle && quiet[first + k] === 1);
  let start = first;
  if (lead !== undefined) {
    start = first + lead;
    while (start < middle && start - first < most && quiet[start] === 1) start++;
  }
  const trail = [0, 1, 2].find((k) => last - k > Math.max(start, middle) && quiet[last - k] === 1);
  let end = last;
  if (trail !== undefined) {
    end = last - trail;
    while (end > Math.max(start, middle) && last - end < most && quiet[end] === 1) end--;
  }
  if (start === first && end === last) return span;
  return {
    ...span,
    startMs: start === first ? span.startMs : start * ENERGY_FRAME_MS,
    endMs: end === last ? span.endMs : (end + 1) * ENERGY_FRAME_MS,
  };
}

/**
 * Every span trimmed off quiet frames, then extended over sound outside it up to its neighbours (see the module comment); null stays null,
 * and a span all quiet becomes null.
 */
export function refineEdges(spans: readonly (AcousticSpan | null)[], quiet: Uint8Array): (AcousticSpan | null)[] {
  const trimmed = spans.map((span) => (span === null ? null : trimQuietEdges(span, quiet)));
  const most = MAX_EXTEND_MS / ENERGY_FRAME_MS;
  let previousEnd = 0; // frame after the previous word
  return trimmed.map((span, i) => {
    if (span === null) return null;
    let nextStart = quiet.length;
    for (let k = i + 1; k < trimmed.length; k++) {
      const next = trimmed[k];
      if (next !== null && next !== undefined) { nextStart = Math.floor(next.startMs / ENERGY_FRAME_MS); break; }
    }
    const first = Math.floor(span.startMs / ENERGY_FRAME_MS);
    const last = Math.ceil(span.endMs / ENERGY_FRAME_MS); // exclusive
    let start = first;
    while (start - 1 >= previousEnd && first - start < most && quiet[start - 1] === 0) start--;
    let end = last;
    while (end < nextStart && end - last < most && quiet[end] === 0) end++;
    previousEnd = Math.max(previousEnd, end);
    if (start === first && end === last) return span;
    return {
      ...span,
      startMs: start === first ? span.startMs : start * ENERGY_FRAME_MS,
      endMs: end === last ? span.endMs : end * ENERGY_FRAME_MS,
    };
  });
}

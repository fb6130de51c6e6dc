import type { WordMarker } from './model.js';

/** A clip's audio span before padding, with its neighbouring markers in the full marker list. */
export interface Span {
  startMs: number;
  endMs: number;
  /** The nearest marker owning audio before the clip's first token, if any (see src/markers/owned.ts). */
  previous: WordMarker | undefined;
  /** The nearest marker owning audio after the clip's last word, if any (may be its own spoken punctuation). */
  next: WordMarker | undefined;
}

/** Padding settings, all in ms. */
export interface PadOptions {
  padBeforeMs: number;
  padAfterMs: number;
  audioDurationMs: number;
}

/**
 * Pad a span: `start = max(0, start − padBefore, ceil((previous.end + start) / 2))` and
 * `end = min(duration, end + padAfter, floor((end + next.start) / 2))`, so padding stops at the
 * midpoint of the gap to each neighbour and at the audio's edges. Padding never moves a boundary
 * inward: when markers touch or overlap, the boundary stays at the span's own start or end.
 * Neighbours are the nearest markers that own audio, so a zero-length marker (e.g. punctuation the
 * engine did not hear) never stops padding.
 */
export function padSpan(span: Span, options: PadOptions): { startMs: number; endMs: number } {
  const { startMs, endMs, previous, next } = span;
  let lower = Math.max(0, startMs - options.padBeforeMs);
  if (previous !== undefined) lower = Math.max(lower, Math.ceil((previous.endMs + startMs) / 2));
  let upper = Math.min(options.audioDurationMs, endMs + options.padAfterMs);
  if (next !== undefined) upper = Math.min(upper, Math.floor((endMs + next.startMs) / 2));
  return { startMs: Math.min(startMs, lower), endMs: Math.max(endMs, upper) };
}

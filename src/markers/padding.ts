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

/**
 * How padding meets neighbouring words: `clamp` stops it at the midpoint of the gap to each
 * neighbour (clips never share audio); `overlap` pads the full amount into neighbouring words
 * (whole words with a little context; neighbouring clips then share audio).
 */
export type PadMode = 'clamp' | 'overlap';

/** Padding settings, all in ms. */
export interface PadOptions {
  padBeforeMs: number;
  padAfterMs: number;
  audioDurationMs: number;
  /** @default 'clamp' */
  padMode?: PadMode | undefined;
}

/** A padded span, and how many of its edges (0–2) got less padding than asked because a neighbour was in the way. */
export interface PaddedSpan {
  startMs: number;
  endMs: number;
  clampedEdges: number;
}

/**
 * Pad a span: `start = max(0, start − padBefore, ceil((previous.end + start) / 2))` and
 * `end = min(duration, end + padAfter, floor((end + next.start) / 2))`, so padding stops at the
 * midpoint of the gap to each neighbour and at the audio's edges. Padding never moves a boundary
 * inward: when markers touch or overlap, the boundary stays at the span's own start or end.
 * Neighbours are the nearest markers that own audio, so a zero-length marker (e.g. punctuation the
 * engine did not hear) never stops padding. With `padMode: 'overlap'` only the audio's edges stop it.
 */
export function padSpan(span: Span, options: PadOptions): { startMs: number; endMs: number } {
  const { startMs, endMs } = padWithCount(span, options);
  return { startMs, endMs };
}

/** {@link padSpan}, also counting the edges whose padding a neighbour cut short (padding asked, and the midpoint reached). */
export function padWithCount(span: Span, options: PadOptions): PaddedSpan {
  const { startMs, endMs, previous, next } = span;
  const clamp = options.padMode !== 'overlap';
  let clampedEdges = 0;
  let lower = Math.max(0, startMs - options.padBeforeMs);
  if (clamp && previous !== undefined) {
    const midpoint = Math.ceil((previous.endMs + startMs) / 2);
    if (options.padBeforeMs > 0 && midpoint > startMs - options.padBeforeMs) clampedEdges += 1;
    lower = Math.max(lower, midpoint);
  }
  let upper = Math.min(options.audioDurationMs, endMs + options.padAfterMs);
  if (clamp && next !== undefined) {
    const midpoint = Math.floor((endMs + next.startMs) / 2);
    if (options.padAfterMs > 0 && midpoint < endMs + options.padAfterMs) clampedEdges += 1;
    upper = Math.min(upper, midpoint);
  }
  return { startMs: Math.min(startMs, lower), endMs: Math.max(endMs, upper), clampedEdges };
}

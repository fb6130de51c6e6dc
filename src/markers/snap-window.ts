/**
 * Where a clip's edges may move when snapped to a quiet point (the audio itself is read by
 * src/audio/snap.ts). Two kinds of edge:
 * - an edge facing a gap: within `snapMs` of the padded edge, never into the clip's own words,
 *   never past the midpoint of the gap (so never into the neighbour), never outside the audio;
 * - a shared boundary, where the clip's word touches or overlaps its neighbour (connected speech,
 *   with padding clamped): the boundary `b = floor((left.end + right.start) / 2)` may move within
 *   `snapMs` either way, never past the middle of either word. Both clips of the pair get the same
 *   edge and window, so they snap to the same quietest point: their edges move together (the
 *   energy there is measured over ±10 ms, so both clips' 10 ms edges fall in the quiet).
 * With `padMode: 'overlap'` neighbours bound nothing: each edge moves within `snapMs`, never into
 * its own words.
 */
import type { WordMarker } from './model.js';
import type { PadMode, Span } from './padding.js';

/** Snap windows of a clip's edges, integer ms: `startMinMs ≤ startMs ≤ startMaxMs`, `endMinMs ≤ endMs ≤ endMaxMs`. */
export interface SnapWindow {
  startMinMs: number;
  startMaxMs: number;
  endMinMs: number;
  endMaxMs: number;
  /** Present (true) when the start is a boundary shared with the previous word. */
  startShared?: true;
  /** Present (true) when the end is a boundary shared with the next word. */
  endShared?: true;
}

/** A span with its own first and last markers owning audio. */
export interface EdgeSpan extends Span {
  head: WordMarker;
  tail: WordMarker;
}

/** The edges to snap (the padded ones, or a shared boundary) and the windows they may move within. */
export function snapPlan(
  span: EdgeSpan,
  padded: { startMs: number; endMs: number },
  options: { snapMs: number; audioDurationMs: number; padMode?: PadMode | undefined },
): { startMs: number; endMs: number; snap: SnapWindow } {
  const { snapMs } = options;
  const clamp = options.padMode !== 'overlap';
  const { previous, next } = span;
  let start: Edge;
  if (clamp && previous !== undefined && previous.endMs >= span.head.startMs) {
    start = sharedBoundary(previous, span.head, snapMs);
  } else {
    let min = Math.max(0, padded.startMs - snapMs);
    if (clamp && previous !== undefined) min = Math.max(min, Math.ceil((previous.endMs + span.startMs) / 2));
    start = {
      at: padded.startMs,
      min: Math.min(min, padded.startMs),
      max: Math.max(padded.startMs, Math.min(padded.startMs + snapMs, span.startMs)),
    };
  }
  let end: Edge;
  if (clamp && next !== undefined && span.tail.endMs >= next.startMs) {
    end = sharedBoundary(span.tail, next, snapMs);
  } else {
    let max = Math.min(options.audioDurationMs, padded.endMs + snapMs);
    if (clamp && next !== undefined) max = Math.min(max, Math.floor((span.endMs + next.startMs) / 2));
    end = { at: padded.endMs, min: Math.min(padded.endMs, Math.max(padded.endMs - snapMs, span.endMs)), max: Math.max(max, padded.endMs) };
  }
  return {
    startMs: start.at,
    endMs: end.at,
    snap: {
      startMinMs: start.min, startMaxMs: start.max, endMinMs: end.min, endMaxMs: end.max,
      ...(start.shared === true ? { startShared: true } : {}), ...(end.shared === true ? { endShared: true } : {}),
    },
  };
}

interface Edge { at: number; min: number; max: number; shared?: true }

/** The boundary between touching or overlapping markers and its window (within snapMs, never past either word's middle). */
function sharedBoundary(left: WordMarker, right: WordMarker, snapMs: number): Edge {
  const at = Math.floor((left.endMs + right.startMs) / 2);
  const min = Math.max(0, at - snapMs, Math.ceil((left.startMs + left.endMs) / 2));
  const max = Math.min(at + snapMs, Math.floor((right.startMs + right.endMs) / 2));
  return { at, min: Math.min(min, at), max: Math.max(max, at), shared: true };
}

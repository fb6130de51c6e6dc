import { DictclipError } from '../errors.js';
import type { WordMarker } from './model.js';

/**
 * Build the `E_MARKERS_INVALID` error of this module. `markerIndex` (when known) goes into the
 * error context so callers can point at the first bad marker.
 */
export function markersInvalid(message: string, markerIndex?: number, cause?: unknown): DictclipError {
  return new DictclipError('E_MARKERS_INVALID', message, {
    ...(markerIndex === undefined ? {} : { markerIndex }),
    ...(cause === undefined ? {} : { cause }),
  });
}

/** `marker 3 "far" (text 11+3, audio 1550–1960 ms)`: names a marker in messages. */
export function describeMarker(index: number, marker: WordMarker): string {
  return `marker ${index} ${JSON.stringify(marker.text)} (text ${marker.textStart}+${marker.textLength}, ` +
    `audio ${marker.startMs}–${marker.endMs} ms)`;
}

/** A short, one-line rendering of an arbitrary value for messages. */
export function show(value: unknown): string {
  if (typeof value === 'number') return String(value);
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/**
 * Clip filters (pure), shared by `dictclip run` (clips not kept are never cut) and
 * `dictclip export` (rows read back from a manifest). Both judge a clip by what the manifest
 * holds: `duration_ms` (the cut, padding included) and `text`.
 */
import { countChars } from './timing.js';

/** Bounds a clip must satisfy; an unset bound does not filter. */
export interface ClipFilters {
  /** Shortest kept clip, ms (inclusive). @default undefined */
  minDurationMs?: number | undefined;
  /** Longest kept clip, ms (inclusive). @default undefined */
  maxDurationMs?: number | undefined;
  /** Lowest kept rate: letters and digits of the text per second of the clip (inclusive). @default undefined */
  minCharsPerSecond?: number | undefined;
  /** Highest kept rate (inclusive). @default undefined */
  maxCharsPerSecond?: number | undefined;
}

/** Letters and digits of `text` per second of `durationMs` (0 for an empty clip). */
export function charsPerSecond(text: string, durationMs: number): number {
  return durationMs > 0 ? countChars(text) / (durationMs / 1000) : 0;
}

/** True when some bound is set. */
export function hasFilters(filters: ClipFilters): boolean {
  return filters.minDurationMs !== undefined || filters.maxDurationMs !== undefined ||
    filters.minCharsPerSecond !== undefined || filters.maxCharsPerSecond !== undefined;
}

/** True when a clip of this text and duration passes every bound that is set. */
export function keepClip(clip: { text: string; durationMs: number }, filters: ClipFilters): boolean {
  const { minDurationMs: minMs, maxDurationMs: maxMs, minCharsPerSecond: minRate, maxCharsPerSecond: maxRate } = filters;
  if (minMs !== undefined && clip.durationMs < minMs) return false;
  if (maxMs !== undefined && clip.durationMs > maxMs) return false;
  if (minRate === undefined && maxRate === undefined) return true;
  const rate = charsPerSecond(clip.text, clip.durationMs);
  return (minRate === undefined || rate >= minRate) && (maxRate === undefined || rate <= maxRate);
}

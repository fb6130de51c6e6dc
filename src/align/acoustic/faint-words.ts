/**
 * Words left out after the edges are refined for being far fainter than the recording's placed
 * words (their median loudest frame) while also scoring poorly (`faintAndPoor`, evidence.ts: the
 * thresholds and how they were measured). Pure.
 */
import { faintAndPoor, median } from './evidence.js';
import { peakDb, type FrameLevels } from './frame-levels.js';
import type { AcousticSpan } from './types.js';

/** `spans` without the words far fainter than the recording's placed words that also score poorly: null for those. */
export function dropFaintAndPoor(spans: readonly (AcousticSpan | null)[], levels: FrameLevels): (AcousticSpan | null)[] {
  const peaks = spans.map((span) => (span === null ? null : peakDb(span, levels)));
  const typical = median(peaks.filter((p): p is number => p !== null));
  return spans.map((span, i) =>
    span === null || span.evidence === undefined || typical === null || !faintAndPoor(peaks[i]! - typical, span.evidence) ? span : null,
  );
}

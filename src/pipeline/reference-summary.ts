import { compareCodePoints } from '../code-point-order.js';
import type { RunSummary } from '../run-output/rows.js';

/** The skipped.csv reason of a reference transcript that names no recording of the input. */
export const UNUSED_REFERENCE = 'reference transcript (--transcripts) without a recording of that name';

/** The summary's reference part: each recording's agreement with its reference, by source (none without references). */
export function referenceSummary(agreements: NonNullable<RunSummary['references']>): Pick<RunSummary, 'references'> {
  if (agreements.length === 0) return {};
  const rounded = agreements.map((entry) => ({ ...entry, wer: Math.round(entry.wer * 10_000) / 10_000 }));
  return { references: rounded.sort((a, b) => compareCodePoints(a.source, b.source)) };
}

/** How summary.json orders and judges its per-recording `confidence` list (one rule for a run and a merge of shards). */
import { compareCodePoints } from '../code-point-order.js';
import type { RecordingConfidence } from './rows.js';

/** Share of a recording's words that are low-confidence or unaligned (0 for a recording without words). */
export function untrustedShare(c: RecordingConfidence): number {
  return c.words === 0 ? 0 : Math.min(1, (c.lowConfidence + c.unaligned) / c.words);
}

/** A recording is called out on the summary line when more than this share of its words is low-confidence or unaligned. */
export const MOSTLY_UNTRUSTED = 0.5;

/** The least trusted first: the largest untrusted share, then the lowest mean confidence, then by source. */
export function byTrust(a: RecordingConfidence & { source: string }, b: RecordingConfidence & { source: string }): number {
  return (
    untrustedShare(b) - untrustedShare(a) || (a.meanConfidence ?? 0) - (b.meanConfidence ?? 0) || compareCodePoints(a.source, b.source)
  );
}

/**
 * summary.json of a merge. Counts and totals are summed over the shards; the clip statistics
 * (clips, total, median, min, max) are recomputed from the merged manifest; `wallTimeMs` is the
 * longest shard's (the shards ran side by side); `failures`, `references` (agreement with
 * reference transcripts) and `withoutReference` are the shards' per-recording lists joined, by
 * source, and `confidence` theirs joined, the least trusted first (as a run orders it); `staleExports` (the shards' own exports) is left
 * out. Objects
 * of numbers (`stageMs`, `earlierStageMs`) are summed per key; a shard without a number or such an
 * object (an older run, an optional field) adds nothing. A string (`inputDir`) is kept when every shard has
 * the same, else shard 0's is kept (shards on different machines mount the input differently).
 * `excluded` (recordings the include/exclude patterns leave out, counted over the whole input by
 * every shard) is counted once.
 * Any other field the shards disagree on is refused: merge cannot know how to combine it.
 */
import { DictclipError } from '../errors.js';
import { compareCodePoints } from '../code-point-order.js';
import { byTrust } from '../run-output/trust.js';
import type { RecordingConfidence } from '../run-output/rows.js';

type Json = Record<string, unknown>;

/** The clip statistics of a run from its clip durations (the pipeline's definitions). */
export function clipStats(durationsMs: readonly number[]): Json {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length === 0 ? 0 : sorted.length % 2 === 1 ? sorted[mid] ?? 0 : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return {
    clips: sorted.length,
    totalClipMs: sorted.reduce((sum, d) => sum + d, 0),
    medianClipMs: median,
    minClipMs: sorted[0] ?? 0,
    maxClipMs: sorted.at(-1) ?? 0,
  };
}

function isNumberRecord(value: unknown): value is Record<string, number> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'number');
}

function combine(key: string, values: readonly unknown[], dirs: readonly string[]): unknown {
  const [first] = values;
  // A shard without the field (an older run, an optional field such as `earlierStageMs`) adds nothing.
  if (key === 'wallTimeMs') return Math.max(...values.map((v) => Number(v ?? 0)));
  if (values.every((v) => v === undefined || typeof v === 'number')) return values.reduce((sum: number, v) => sum + Number(v ?? 0), 0);
  if (values.some(isNumberRecord) && values.every((v) => v === undefined || isNumberRecord(v))) {
    const out: Record<string, number> = {};
    for (const record of values) for (const [k, v] of Object.entries(record ?? {})) out[k] = (out[k] ?? 0) + v;
    return out;
  }
  if (values.every((v) => typeof v === 'string')) return first;
  if (values.every((v) => JSON.stringify(v) === JSON.stringify(first))) return first;
  const at = values.findIndex((v) => JSON.stringify(v) !== JSON.stringify(first));
  throw new DictclipError(
    'E_MERGE',
    `${dirs[at] ?? ''}: summary.json field "${key}" differs from ${dirs[0] ?? ''}'s and merge cannot combine it`,
    { path: dirs[at] ?? '' },
  );
}

/**
 * Combine the shards' summaries into one, in the key order of the first.
 * @param clipDurationsMs duration_ms of every merged manifest row.
 * @param skippedRows the merged skipped.csv's row count when the shards have one (then `skipped` counts those files once).
 */
export function mergeSummaries(
  summaries: readonly { dir: string; summary: Json }[],
  clipDurationsMs: readonly number[],
  skippedRows: number | undefined,
): Json {
  const dirs = summaries.map((s) => s.dir);
  const keys = [...new Set(summaries.flatMap((s) => Object.keys(s.summary)))];
  const stats = clipStats(clipDurationsMs);
  const merged: Json = {};
  for (const key of keys) {
    if (key in stats) merged[key] = stats[key];
    else if (key === 'confidence') {
      // Per recording, how far its words can be trusted: joined, the least trusted first (as a run orders it).
      merged[key] = summaries
        .flatMap((s) => (Array.isArray(s.summary[key]) ? (s.summary[key] as (RecordingConfidence & { source: string })[]) : []))
        .sort(byTrust);
    } else if (key === 'failures' || key === 'references') {
      // Per-recording lists (failures; agreement with reference transcripts): joined, by source.
      const rows = summaries.flatMap((s) => (Array.isArray(s.summary[key]) ? (s.summary[key] as Json[]) : []));
      merged[key] = rows.sort((a, b) => compareCodePoints(String(a['source']), String(b['source'])));
    } else if (key === 'withoutReference') {
      // Recordings without a reference, by source: each shard names its own.
      merged[key] = summaries.flatMap((s) => (Array.isArray(s.summary[key]) ? (s.summary[key] as string[]) : [])).sort(compareCodePoints);
    } else if (key === 'staleExports') {
      continue; // the shards' own exports: the merged output has none
    } else if (key === 'skipped' && skippedRows !== undefined) merged[key] = skippedRows;
    // Every shard scans the whole input folder: the same recordings excluded by the same patterns, counted once.
    else if (key === 'excluded') merged[key] = Math.max(...summaries.map((s) => Number(s.summary[key] ?? 0)));
    else merged[key] = combine(key, summaries.map((s) => s.summary[key]), dirs);
  }
  return merged;
}

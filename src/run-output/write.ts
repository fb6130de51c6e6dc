/**
 * Writing a run output's tables: manifest.csv, failures.csv, skipped.csv and summary.json (csv-stringify,
 * `\n` line ends, whole files written atomically). The pipeline writes through here and a merge
 * of shard outputs rewrites through here, so quoting and line ends are the same everywhere.
 */
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { compareCodePoints } from '../code-point-order.js';
import { doubtFlags } from '../markers/timing.js';
import { writeFileAtomic } from '../files.js';
import { FAILURES_FILE, MANIFEST_FILE, SKIPPED_FILE, SUMMARY_FILE } from './layout.js';
import { MANIFEST_COLUMNS, STAGES } from './rows.js';
import { encodeRow } from './cells.js';
import type { FailureRow, ManifestRow, RunSummary, SkippedRow, Stage } from './rows.js';

/** Columns of failures.csv. */
export const FAILURE_COLUMNS = ['source', 'stage', 'code', 'message'] as const satisfies readonly (keyof FailureRow)[];

/** Sort manifest rows by source (code point order), then start_ms, then file_name. Returns a new array. */
export function sortManifestRows(rows: readonly ManifestRow[]): ManifestRow[] {
  return [...rows].sort((a, b) =>
    compareCodePoints(a.source, b.source) || a.start_ms - b.start_ms || compareCodePoints(a.file_name, b.file_name));
}

/** Rows per csv-stringify call: its per-record garbage stays small and short-lived. */
const CSV_BATCH = 256;

/**
 * Render rows as CSV with a header (csv-stringify; `\n` line ends; fields with a comma or quote
 * are quoted), every string cell spreadsheet-safe and free of control characters (./cells.ts;
 * the readers of ./read.ts decode them). Rendered in batches: one call over 12,000 rows (a 3-hour recording in word
 * clips) grew the heap by 30 MB for 1.5 MB of text.
 */
export function toCsv<T extends object>(rows: readonly T[], columns: readonly (keyof T & string)[]): string {
  const options = { columns: [...columns], record_delimiter: 'unix', quoted_match: /[\r\n]/ } as const;
  const parts = [stringify([], { ...options, header: true })];
  for (let i = 0; i < rows.length; i += CSV_BATCH) parts.push(stringify(rows.slice(i, i + CSV_BATCH).map(encodeRow), options));
  return parts.join('');
}

/** The manifest.csv text of `rows` (sorted, header first). */
export function manifestCsv(rows: readonly ManifestRow[]): string {
  return toCsv(sortManifestRows(rows), MANIFEST_COLUMNS);
}

/** The failures.csv text of `failures` (header `source,stage,code,message`, rows sorted by source). */
export function failuresCsv(failures: readonly FailureRow[]): string {
  const sorted = [...failures].sort((a, b) => compareCodePoints(a.source, b.source));
  return toCsv(sorted, FAILURE_COLUMNS);
}

/** Columns of skipped.csv. */
export const SKIPPED_COLUMNS = ['source', 'reason'] as const satisfies readonly (keyof SkippedRow)[];

/** The skipped.csv text: every input file not processed, with its reason (scan order). */
export function skippedCsv(skipped: readonly { relPath: string; reason: string }[]): string {
  return toCsv(skipped.map((entry) => ({ source: entry.relPath, reason: entry.reason })), SKIPPED_COLUMNS);
}

/**
 * Clip statistics and counts of a run; `dropped` = clips the filters left out; `paddingClamped` = clip edges whose padding a neighbour cut
 * short.
 */
export function computeSummary(
  counts: Omit<
    RunSummary,
    | 'clips'
    | 'totalClipMs'
    | 'medianClipMs'
    | 'minClipMs'
    | 'maxClipMs'
    | 'droppedClips'
    | 'droppedClipMs'
    | 'flaggedClips'
    | 'flaggedClipMs'
    | 'paddingClampedEdges'
  >,
  rows: readonly ManifestRow[],
  dropped: { clips: number; ms: number } = { clips: 0, ms: 0 },
  paddingClamped = 0,
): RunSummary {
  const durations = rows.map((row) => row.duration_ms).sort((a, b) => a - b);
  const total = durations.reduce((sum, d) => sum + d, 0);
  const flagged = rows.filter((row) => doubtFlags(row.flags ?? '') !== ''); // `verified` alone is no doubt
  return {
    ...counts,
    clips: rows.length,
    totalClipMs: total,
    medianClipMs: median(durations),
    minClipMs: durations[0] ?? 0,
    maxClipMs: durations.at(-1) ?? 0,
    droppedClips: dropped.clips,
    droppedClipMs: dropped.ms,
    flaggedClips: flagged.length,
    flaggedClipMs: flagged.reduce((sum, row) => sum + row.duration_ms, 0),
    paddingClampedEdges: paddingClamped,
  };
}

/** Sum stage times (ms, as reported per recording) into whole ms per stage, in stage order. */
export class StageTotals {
  readonly #ms = new Map<Stage, number>();

  add(stage: Stage, ms: number): void {
    this.#ms.set(stage, (this.#ms.get(stage) ?? 0) + ms);
  }

  toJSON(): Partial<Record<Stage, number>> {
    const out: Partial<Record<Stage, number>> = {};
    for (const stage of STAGES) {
      const ms = this.#ms.get(stage);
      if (ms !== undefined) out[stage] = Math.round(ms);
    }
    return out;
  }
}

function median(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? 0) + upper) / 2;
}

/**
 * Write `manifest.csv`, `failures.csv`, `skipped.csv` and `summary.json` into `outDir`, each
 * atomically (whole files, never appended).
 */
export async function writeRunOutputs(
  outDir: string,
  rows: readonly ManifestRow[],
  failures: readonly FailureRow[],
  summary: RunSummary,
  skipped: readonly { relPath: string; reason: string }[] = [],
): Promise<void> {
  await writeFileAtomic(path.resolve(outDir, MANIFEST_FILE), manifestCsv(rows));
  await writeFileAtomic(path.resolve(outDir, FAILURES_FILE), failuresCsv(failures));
  await writeFileAtomic(path.resolve(outDir, SKIPPED_FILE), skippedCsv(skipped));
  await writeSummary(outDir, { ...summary, failures });
}

/** Write `<outDir>/summary.json` atomically (2-space JSON, newline at the end). */
export async function writeSummary(outDir: string, summary: object): Promise<void> {
  await writeFileAtomic(path.resolve(outDir, SUMMARY_FILE), `${JSON.stringify(summary, null, 2)}\n`);
}

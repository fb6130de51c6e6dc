/** A finished run's word clips as the e2e tests compare them: text, times and flags of each manifest row. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';

export interface ClipRow { text: string; start: number; end: number; flags: string }

/** The rows of `outDir`'s manifest.csv, in order. */
export function clipRows(outDir: string): ClipRow[] {
  const rows = parse(readFileSync(path.join(outDir, 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
  return rows.map((r) => ({ text: r['text']!, start: Number(r['start_ms']), end: Number(r['end_ms']), flags: r['flags']! }));
}

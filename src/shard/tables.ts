/**
 * The run-level files of a merge: manifest.csv, failures.csv, skipped.csv and summary.json of
 * the shards combined into what one unsharded run writes. CSV files are read by header name
 * (src/run-output/read.ts readTable) and written by the run output's own CSV writer, so quoting and line ends match.
 */
import { DictclipError } from '../errors.js';
import { compareCodePoints } from '../code-point-order.js';
import type { Table } from '../run-output/read.js';
import { toCsv } from '../run-output/write.js';

/**
 * Concatenate the tables of every shard (a missing one counts as empty) and sort the rows by
 * `source` in code point order, then by `start_ms` and `file_name` when the table has them:
 * the order of an unsharded run. `unique` drops rows repeated across shards (skipped.csv: every
 * shard scans the whole input).
 * @throws DictclipError `E_MERGE` when two shards' headers differ.
 */
export function mergeTables(name: string, tables: readonly { dir: string; table: Table | undefined }[], unique = false): Table | undefined {
  const present = tables.filter((t): t is { dir: string; table: Table } => t.table !== undefined);
  const [first] = present;
  if (first === undefined) return undefined;
  for (const { dir, table } of present) {
    if (table.columns.join(',') !== first.table.columns.join(',')) {
      throw new DictclipError('E_MERGE',
        `${dir}: ${name} has the columns ${table.columns.join(',')} but ${first.dir} has ${first.table.columns.join(',')} (made by different dictclip versions?)`,
        { path: dir });
    }
  }
  let rows = present.flatMap(({ table }) => table.rows);
  if (unique) {
    const seen = new Set<string>();
    rows = rows.filter((row) => {
      const key = JSON.stringify(first.table.columns.map((column) => row[column]));
      return seen.has(key) ? false : (seen.add(key), true);
    });
  }
  const hasStart = first.table.columns.includes('start_ms');
  const hasFile = first.table.columns.includes('file_name');
  rows.sort((a, b) =>
    compareCodePoints(a['source'] ?? '', b['source'] ?? '') ||
    (hasStart ? Number(a['start_ms']) - Number(b['start_ms']) : 0) ||
    (hasFile ? compareCodePoints(a['file_name'] ?? '', b['file_name'] ?? '') : 0));
  return { columns: first.table.columns, rows };
}

/** The CSV text of a table. */
export function tableCsv(table: Table): string {
  return toCsv(table.rows, table.columns);
}

/**
 * Reading a finished run's output (exports, the QA report, supercuts, merges): the checks that a
 * folder is one, the manifest streamed row by row, and the other tables — all with one set of
 * csv-parse options, columns looked up by header name so runs written before a column existed
 * still read. A folder that is not a run output fails as `E_NOT_RUN_OUTPUT`, here only.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { DictclipError } from '../errors.js';
import { MANIFEST_FILE, REQUIRED_FILES, SUMMARY_FILE } from './layout.js';
import type { ManifestRow } from './rows.js';
import { decodeCell } from './cells.js';
import { readRunRecord } from './run-record.js';

/** The manifest columns an export needs; the others are optional. */
export const REQUIRED_COLUMNS = ['file_name', 'text', 'source', 'start_ms', 'end_ms', 'duration_ms'] as const;

/**
 * One manifest row as an export reads it: the run's {@link ManifestRow} columns it uses, with the
 * columns older manifests lack filled in (`kind` '' and `text_start`/`text_length` undefined
 * without their columns, `flags` '' when clean or absent, 16 kHz mono when the format is absent).
 */
export interface ExportRow extends Pick<ManifestRow, 'file_name' | 'text' | 'source' | 'start_ms' | 'end_ms' | 'duration_ms' | 'flags'> {
  /** The clip's confidence; undefined when the manifest has none for it. */
  confidence: number | undefined;
  kind: string;
  text_start: number | undefined;
  text_length: number | undefined;
  sample_rate: number;
  channels: number;
}

/**
 * Samples (per channel) of a row's clip file: clips are cut at sample round(ms × rate / 1000) of
 * each edge, so the count follows from the manifest without opening the file.
 */
export function clipSamples(row: Pick<ExportRow, 'start_ms' | 'end_ms' | 'sample_rate'>): number {
  return Math.round((row.end_ms * row.sample_rate) / 1000) - Math.round((row.start_ms * row.sample_rate) / 1000);
}

/** The csv-parse options of every run-output table: records as arrays, rows of the header's width, empty lines skipped. */
export const CSV_PARSE_OPTIONS = { columns: false, relax_column_count: false, skip_empty_lines: true } as const;

/** The one "not a run output" error: `E_NOT_RUN_OUTPUT`, naming the folder and what is wrong, with the fix. */
export function notRunOutput(runDir: string, what: string, context: { path?: string; cause?: unknown } = {}): DictclipError {
  return new DictclipError('E_NOT_RUN_OUTPUT', `${runDir} is not a dictclip run output: ${what}. Fix: pass the --out folder of a finished \`dictclip run\`.`,
    { path: context.path ?? runDir, ...(context.cause === undefined ? {} : { cause: context.cause }) });
}

/** Whether `file` exists and is a regular file (following links). */
export async function isFile(file: string): Promise<boolean> {
  return stat(file).then((s) => s.isFile(), () => false);
}

/**
 * Check that `runDir` holds a run output (manifest.csv and summary.json) and return the run's
 * input folder as recorded in summary.json (undefined for runs that did not record it).
 * @throws DictclipError `E_NOT_RUN_OUTPUT` naming what is missing.
 */
export async function checkRunOutput(runDir: string): Promise<{ inputDir: string | undefined }> {
  const missing: string[] = [];
  for (const name of REQUIRED_FILES) if (!(await isFile(path.join(runDir, name)))) missing.push(name);
  if (missing.length > 0) {
    const exists = await stat(runDir).then((s) => s.isDirectory(), () => false);
    throw notRunOutput(runDir, exists ? `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing` : 'the folder does not exist');
  }
  const summary = await readSummary(runDir);
  const inputDir = summary['inputDir'];
  return { inputDir: typeof inputDir === 'string' ? inputDir : undefined };
}

/**
 * `<runDir>/summary.json` as an object.
 * @throws DictclipError `E_NOT_RUN_OUTPUT` when it is missing or not a JSON object.
 */
export async function readSummary(runDir: string): Promise<Record<string, unknown>> {
  const file = path.join(runDir, SUMMARY_FILE);
  let summary: unknown;
  try {
    summary = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const missing = (error as { code?: unknown }).code === 'ENOENT';
    throw notRunOutput(runDir, `${SUMMARY_FILE} ${missing ? 'is missing' : 'is not valid JSON'}`, { cause: error });
  }
  if (typeof summary !== 'object' || summary === null || Array.isArray(summary)) throw notRunOutput(runDir, `${SUMMARY_FILE} is not a JSON object`);
  return summary as Record<string, unknown>;
}

/** A CSV file's header and rows (objects by header name, every value a string). */
export interface Table {
  columns: string[];
  rows: Record<string, string>[];
}

/**
 * Read the whole table `<runDir>/<name>` (failures.csv, skipped.csv; the manifest when it must be
 * held whole, as a merge does); undefined when the file does not exist.
 * @throws DictclipError `E_NOT_RUN_OUTPUT` when it cannot be read or is not valid CSV.
 */
export async function readTable(runDir: string, name: string): Promise<Table | undefined> {
  const file = path.join(runDir, name);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw notRunOutput(runDir, `${name} cannot be read`, { path: file, cause: error });
  }
  let records: string[][];
  try {
    records = parseSync(text, CSV_PARSE_OPTIONS) as string[][];
  } catch (error) {
    throw notRunOutput(runDir, `${name} is not valid CSV (${(error as Error).message})`, { path: file, cause: error });
  }
  const [columns = [], ...body] = records;
  return { columns, rows: body.map((values) => Object.fromEntries(columns.map((column, i) => [column, decodeCell(values[i] ?? '')]))) };
}

function toNumber(value: string | undefined, column: string, line: number, file: string): number {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isFinite(n)) {
    throw new DictclipError('E_NOT_RUN_OUTPUT', `${file} line ${line}: ${column} is ${JSON.stringify(value ?? '')}, not a number.`, { path: file });
  }
  return n;
}

function optionalNumber(value: string | undefined): number | undefined {
  const n = Number(value);
  return value === undefined || value === '' || !Number.isFinite(n) ? undefined : n;
}

/**
 * Stream the rows of `<runDir>/manifest.csv` (one record in memory at a time).
 * @throws DictclipError `E_NOT_RUN_OUTPUT` for a manifest without a needed column or with a bad number.
 */
export async function* readManifest(runDir: string): AsyncGenerator<ExportRow> {
  const file = path.join(runDir, MANIFEST_FILE);
  const parser = createReadStream(file).pipe(parse(CSV_PARSE_OPTIONS));
  let index: Map<string, number> | undefined;
  let line = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    line += 1;
    if (index === undefined) {
      index = new Map(record.map((name, i) => [name, i]));
      const absent = REQUIRED_COLUMNS.filter((c) => !index?.has(c));
      if (absent.length > 0) {
        throw new DictclipError('E_NOT_RUN_OUTPUT', `${file} is not a dictclip manifest: the column${absent.length > 1 ? 's' : ''} ${absent.join(', ')} ${absent.length > 1 ? 'are' : 'is'} missing.`, { path: file });
      }
      continue;
    }
    const cols = index;
    const get = (name: string): string | undefined => {
      const i = cols.get(name);
      const cell = i === undefined ? undefined : record[i];
      return cell === undefined ? undefined : decodeCell(cell);
    };
    yield {
      file_name: get('file_name') ?? '',
      text: get('text') ?? '',
      source: get('source') ?? '',
      start_ms: toNumber(get('start_ms'), 'start_ms', line, file),
      end_ms: toNumber(get('end_ms'), 'end_ms', line, file),
      duration_ms: toNumber(get('duration_ms'), 'duration_ms', line, file),
      kind: get('kind') ?? '',
      flags: get('flags') ?? '',
      text_start: optionalNumber(get('text_start')),
      text_length: optionalNumber(get('text_length')),
      sample_rate: optionalNumber(get('sample_rate')) ?? 16000,
      channels: optionalNumber(get('channels')) ?? 1,
      confidence: optionalNumber(get('confidence')),
    };
  }
  if (index === undefined) {
    throw new DictclipError('E_NOT_RUN_OUTPUT', `${file} is empty (no header). Fix: pass the --out folder of a finished \`dictclip run\`.`, { path: file });
  }
}

/**
 * The recordings of a run output: those run.json lists (every recording of the run, clips or not),
 * else the manifest's sources, in first-seen order.
 * @throws DictclipError `E_NOT_RUN_OUTPUT` for a manifest that cannot be read.
 */
export async function runSources(runDir: string): Promise<string[]> {
  const record = await readRunRecord(runDir);
  if (record !== undefined) return record.recordings.filter((source) => typeof source === 'string');
  const sources = new Set<string>();
  for await (const row of readManifest(runDir)) sources.add(row.source);
  return [...sources];
}

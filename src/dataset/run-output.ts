/**
 * Reading a finished run's output for an export: the checks that a folder is one, and the
 * manifest streamed row by row (csv-parse), columns looked up by header name so runs written
 * before a column existed still read.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse';
import { DictclipError } from '../errors.js';
import type { ManifestRow } from '../pipeline/types.js';

/** The manifest columns an export needs; the others are optional. */
export const REQUIRED_COLUMNS = ['file_name', 'text', 'source', 'start_ms', 'end_ms', 'duration_ms'] as const;

/**
 * One manifest row as an export reads it: the run's {@link ManifestRow} columns it uses, with the
 * columns older manifests lack filled in (`kind` '' and `text_start`/`text_length` undefined
 * without their columns, `flags` '' when clean or absent, 16 kHz mono when the format is absent).
 */
export interface ExportRow extends Pick<ManifestRow, 'file_name' | 'text' | 'source' | 'start_ms' | 'end_ms' | 'duration_ms' | 'flags'> {
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

async function isFile(file: string): Promise<boolean> {
  return stat(file).then((s) => s.isFile(), () => false);
}

/**
 * Check that `runDir` holds a run output (manifest.csv and summary.json) and return the run's
 * input folder as recorded in summary.json (undefined for runs that did not record it).
 * @throws DictclipError `E_NOT_RUN_OUTPUT` naming what is missing.
 */
export async function checkRunOutput(runDir: string): Promise<{ inputDir: string | undefined }> {
  const missing: string[] = [];
  for (const name of ['manifest.csv', 'summary.json']) if (!(await isFile(path.join(runDir, name)))) missing.push(name);
  if (missing.length > 0) {
    const exists = await stat(runDir).then((s) => s.isDirectory(), () => false);
    const what = exists ? `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing` : 'the folder does not exist';
    throw new DictclipError('E_NOT_RUN_OUTPUT', `${runDir} is not a dictclip run output: ${what}. Fix: pass the --out folder of a finished \`dictclip run\`.`, { path: runDir });
  }
  let summary: unknown;
  try {
    summary = JSON.parse(await readFile(path.join(runDir, 'summary.json'), 'utf8'));
  } catch (error) {
    throw new DictclipError('E_NOT_RUN_OUTPUT', `${runDir} is not a dictclip run output: summary.json is not valid JSON.`, { path: runDir, cause: error });
  }
  const inputDir = (summary as { inputDir?: unknown } | null)?.inputDir;
  return { inputDir: typeof inputDir === 'string' ? inputDir : undefined };
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
  const file = path.join(runDir, 'manifest.csv');
  const parser = createReadStream(file).pipe(parse({ columns: false, relax_column_count: false, skip_empty_lines: true }));
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
      return i === undefined ? undefined : record[i];
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
    };
  }
  if (index === undefined) {
    throw new DictclipError('E_NOT_RUN_OUTPUT', `${file} is empty (no header). Fix: pass the --out folder of a finished \`dictclip run\`.`, { path: file });
  }
}

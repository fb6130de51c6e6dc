/**
 * Reference texts kept in one table file, read in the shapes people keep them in:
 * - CSV (`.csv`) or TSV (`.tsv`) with a header naming a path column (`path`, `file`, `file_name`,
 *   `audio`, `audio_filepath`, `wav`, `id`, `source`) and a text column (`text`, `transcript`,
 *   `transcription`, `sentence`);
 * - LJSpeech's `metadata.csv`: `id|text|normalized text` without a header (the second column,
 *   the text as written, is the reference);
 * - Kaldi's `text` and LibriSpeech's `*.trans.txt` (any other file): `<id> <words>` per line.
 */
import { parse } from 'csv-parse/sync';

/** One row of a table: the id naming a recording and its reference text. */
export interface TableRow {
  id: string;
  text: string;
}

const PATH_COLUMNS = ['path', 'file', 'file_name', 'filename', 'audio', 'audio_path', 'audio_filepath', 'wav', 'id', 'source'];
const TEXT_COLUMNS = ['text', 'transcript', 'transcription', 'sentence'];

/**
 * The rows of a table file named `name` with content `text`.
 * @throws Error with a message for the user (the caller wraps it) on a shape it cannot read or a repeated id.
 */
export function parseTable(name: string, text: string): TableRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const lower = name.toLowerCase();
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  let rows: TableRow[];
  if (lower.endsWith('.tsv')) rows = headed(name, body, '\t');
  else if (lower.endsWith('.csv') && (lower === 'metadata.csv' || (firstLine.includes('|') && !hasHeader(firstLine, ',')))) rows = pipes(body);
  else if (lower.endsWith('.csv')) rows = headed(name, body, ',');
  else rows = spaced(body);
  const seen = new Set<string>();
  for (const row of rows) {
    if (row.id === '') throw new Error(`${name}: a row has an empty id`);
    if (seen.has(row.id)) throw new Error(`${name}: the id ${row.id} appears twice`);
    seen.add(row.id);
  }
  return rows;
}

function hasHeader(line: string, delimiter: string): boolean {
  const cells = line.split(delimiter).map((cell) => cell.trim().toLowerCase().replace(/^"|"$/g, ''));
  return cells.some((cell) => PATH_COLUMNS.includes(cell)) && cells.some((cell) => TEXT_COLUMNS.includes(cell));
}

function headed(name: string, body: string, delimiter: string): TableRow[] {
  const records = parse(body, { delimiter, relax_column_count: true, skip_empty_lines: true, relax_quotes: delimiter === '\t', quote: delimiter === '\t' ? false : '"' }) as string[][];
  const header = (records[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const idColumn = firstOf(header, PATH_COLUMNS);
  const textColumn = firstOf(header, TEXT_COLUMNS);
  if (idColumn < 0 || textColumn < 0) {
    throw new Error(`${name}: the header must name a path column (${PATH_COLUMNS.join(', ')}) and a text column (${TEXT_COLUMNS.join(', ')}); it has ${header.join(', ')}`);
  }
  return records.slice(1).map((record) => ({ id: (record[idColumn] ?? '').trim(), text: record[textColumn] ?? '' }));
}

function firstOf(header: readonly string[], names: readonly string[]): number {
  for (const name of names) {
    const at = header.indexOf(name);
    if (at >= 0) return at;
  }
  return -1;
}

/** LJSpeech: `id|text|normalized`, no header, no quoting. */
function pipes(body: string): TableRow[] {
  return lines(body).map((line) => {
    const [id = '', text = ''] = line.split('|');
    return { id: id.trim(), text };
  });
}

/** Kaldi / LibriSpeech: the id, one space or tab, the words. */
function spaced(body: string): TableRow[] {
  return lines(body).map((line) => {
    const match = /^\s*(\S+)\s*(.*)$/.exec(line);
    return { id: match?.[1] ?? '', text: match?.[2] ?? '' };
  });
}

function lines(body: string): string[] {
  return body.split(/\r?\n/).filter((line) => line.trim() !== '');
}

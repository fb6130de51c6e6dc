/**
 * The one reader and writer of the JSON side files of a run (markers/, alignments/, the timed
 * transcripts, each recording's state): each file has a schema (valibot) that the reader checks
 * before anyone sees the data and the writer checks before anything is written, so a file of
 * another version or shape fails here with `E_RUN_FILE_INVALID` naming it, never deeper in a reader.
 * The schemas are open objects: a field a later version adds to a file's type passes through as
 * written until its schema names it too.
 */
import { readFile } from 'node:fs/promises';
import * as v from 'valibot';
import { DictclipError } from '../errors.js';
import { writeFileAtomicSync } from '../files.js';
import { checkOwnFile } from './safe-path.js';

/** One kind of side file: what it is called in messages and the schema of its content. */
export interface SideFile<T> {
  /** How a message names it, e.g. `markers file`. */
  readonly what: string;
  readonly schema: v.GenericSchema<unknown, T>;
}

/** A side file whose content is not what its schema says. */
export function invalidRunFile(what: string, file: string, why: string, cause?: unknown): DictclipError {
  return new DictclipError('E_RUN_FILE_INVALID', `the ${what} ${file} is not valid: ${why}`, { path: file, ...(cause === undefined ? {} : { cause }) });
}

/** The first problem valibot found, with where it is (`words.3.startMs: expected number`). */
function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (issue === undefined) return 'bad shape';
  const where = v.getDotPath(issue);
  return `${where === null ? '' : `${where}: `}${issue.message}`;
}

/** `value` as the side file's schema gives it. @throws DictclipError `E_RUN_FILE_INVALID` naming `file`. */
function parseSideFile<T>(kind: SideFile<T>, file: string, value: unknown): T {
  const result = v.safeParse(kind.schema, value);
  if (!result.success) throw invalidRunFile(kind.what, file, firstIssue(result.issues));
  return result.output;
}

/**
 * Read and check one side file; undefined when it does not exist. With `outDir` (the readers of a
 * finished run), a file that is a link or lies outside `outDir` once links are followed is never read.
 * @throws DictclipError `E_RUN_FILE_INVALID` when it is not JSON or not of its schema (another version
 * included), `E_UNSAFE_PATH` for a file refused by `outDir`.
 */
export async function readSideFile<T>(kind: SideFile<T>, file: string, outDir?: string): Promise<T | undefined> {
  if (outDir !== undefined) await checkOwnFile(outDir, file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw invalidRunFile(kind.what, file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, error);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalidRunFile(kind.what, file, 'not JSON', error);
  }
  return parseSideFile(kind, file, json);
}

/**
 * Check `value` against the side file's schema and write it atomically (`indent` spaces, 0 = one line).
 * @throws DictclipError `E_RUN_FILE_INVALID` when it is not of its schema (nothing written), `E_OUTPUT` as writeFileAtomicSync.
 */
export function writeSideFile<T>(kind: SideFile<T>, file: string, value: T, indent = 0): void {
  parseSideFile(kind, file, value);
  writeFileAtomicSync(file, `${JSON.stringify(value, null, indent === 0 ? undefined : indent)}\n`);
}

/** A text offset or length (UTF-16 code units). */
export const offsetSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

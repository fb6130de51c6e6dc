/** Output path containment: nothing the pipeline writes may escape the output folder. */
import { lstatSync, realpathSync } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { DictclipError } from '../errors.js';
import { codePointName, controlCharacterOf } from './cells.js';

/**
 * Resolve `parts` under `root` and check that the result stays strictly inside `root`.
 * @throws DictclipError `E_OUTPUT` when the path would escape `root` (path traversal).
 */
export function resolveInside(root: string, ...parts: string[]): string {
  const base = path.resolve(root);
  const target = path.resolve(base, ...parts);
  if (!isInside(base, target)) {
    throw new DictclipError('E_OUTPUT', `refusing to write outside the output folder: ${target}`, { path: target });
  }
  return target;
}

/** True when `target` is strictly inside `dir` (both absolute). */
export function isInside(dir: string, target: string): boolean {
  const relative = path.relative(dir, target);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * Why a recording's path cannot be processed: it holds a control character (C0, DEL, C1: a
 * newline, CR, ESC …), which would split a line of Kaldi's wav.scp (a line ending in `|` is run
 * by `/bin/sh`) or of any line-based list; undefined when it can. The run lists such a file in
 * skipped.csv with this reason and never processes it.
 */
export function controlCharacterReason(relPath: string): string | undefined {
  const c = controlCharacterOf(relPath);
  return c === undefined ? undefined
    : `the name holds a control character (${codePointName(c)}): not processed, since a line-based file (Kaldi's wav.scp) would split it or run part of it as a command. Fix: rename it`;
}

/**
 * Refuse a name an export would write (a source, a clip file name, a source's path in wav.scp)
 * when it holds a control character.
 * @throws DictclipError `E_UNSAFE_NAME` naming it (the CLI prints it escaped: `␛0A`).
 */
export function refuseControlCharacters(name: string, what: string): void {
  const c = controlCharacterOf(name);
  if (c === undefined) return;
  // The name as it is: every sink escapes it (the CLI's printable, the tables' cells).
  throw new DictclipError('E_UNSAFE_NAME', `${what} "${name}" holds a control character (${codePointName(c)}): ` +
    'a line-based file (Kaldi\'s wav.scp) would split it or run part of it as a command, so nothing is written. Fix: rename the file and run again.',
  { path: name });
}

/**
 * The files an export reads from one run output: regular files whose folder's real path (links
 * followed) is the output folder or inside it. A clip replaced by a symbolic link (to
 * `/etc/hostname`), a `file_name` of `../../x.wav`, or a clips folder linked elsewhere is refused.
 * Synchronous on purpose, as the WebDataset writer's reads: one `lstat` per file (folders' real
 * paths cached) costs microseconds, a thread-pool round trip per clip costs more than the check.
 */
export class OutputFiles {
  readonly #root: string;
  #rootReal: string | undefined;
  readonly #dirs = new Map<string, boolean>();

  constructor(root: string) {
    this.#root = path.resolve(root);
  }

  /**
   * `file` when it may be read. @throws DictclipError `E_UNSAFE_PATH` (a link, not a regular file,
   * outside the output folder), `E_INPUT` (missing or unreadable).
   */
  regularFile(file: string, what: string): string {
    const target = path.resolve(file);
    const dir = path.dirname(target);
    let inside = this.#dirs.get(dir);
    if (inside === undefined) {
      inside = this.#inside(dir);
      this.#dirs.set(dir, inside);
    }
    if (!isInside(this.#root, target) || !inside) {
      throw new DictclipError('E_UNSAFE_PATH', `${what} ${target} is outside the output folder ${this.#root} (after following links): refused`, { path: target });
    }
    let stats;
    try {
      stats = lstatSync(target);
    } catch (error) {
      throw new DictclipError('E_INPUT', `cannot read ${what} ${target}: ${(error as Error).message}`, { path: target, cause: error });
    }
    if (stats.isSymbolicLink()) throw new DictclipError('E_UNSAFE_PATH', `${what} ${target} is a symbolic link: only regular files of the output folder are read`, { path: target });
    if (!stats.isFile()) throw new DictclipError('E_UNSAFE_PATH', `${what} ${target} is not a regular file`, { path: target });
    return target;
  }

  #inside(dir: string): boolean {
    const root = (this.#rootReal ??= realOrUndefined(this.#root) ?? this.#root);
    const real = realOrUndefined(dir);
    // A folder that cannot be resolved holds no file to read: lstat reports it (E_INPUT).
    return real === undefined || real === root || isInside(root, real);
  }
}

function realOrUndefined(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

/** True for a source as the scan writes one: relative, `/`-separated, no empty, `.` or `..` part. */
export function isRelativeSource(source: string): boolean {
  return source !== '' && !path.isAbsolute(source) && source.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * The file of a run's source recording: `<inputDir>/<source>`, refused when the manifest's
 * `source` (a relative `/`-separated path, as the scan wrote it) is absolute or leaves the input
 * folder (`../base.wav`, `a/../../b.wav`). Links inside the input folder are then followed, as
 * the scan followed them when the run took the recording.
 * @throws DictclipError `E_UNSAFE_PATH`
 */
export function sourceFile(inputDir: string, source: string): string {
  const base = path.resolve(inputDir);
  const target = path.resolve(base, ...source.split('/'));
  if (!isRelativeSource(source) || !isInside(base, target)) {
    throw new DictclipError('E_UNSAFE_PATH', `the source "${source}" is not a path inside the input folder ${base}: refused`, { path: target });
  }
  return target;
}

/**
 * A file of the output folder the review reads or replaces (`corrections/<src>.txt`, its
 * `.words.json`). Refused when its folder (the nearest one that exists) resolves, links followed,
 * outside the output folder (`corrections` linked elsewhere: saves would land there), when a folder
 * on the way is a link that leads nowhere, or when the file is there and is a link or not a regular
 * file (a linked file's content is never read or shown). A missing file is fine.
 * @throws DictclipError `E_UNSAFE_PATH`
 */
export async function checkOwnFile(outDir: string, file: string): Promise<void> {
  const root = await realpath(outDir).catch(() => path.resolve(outDir));
  const target = path.resolve(file);
  const refuse = (why: string): DictclipError =>
    new DictclipError('E_UNSAFE_PATH', `${target} ${why}: refused (only regular files inside the output folder are read or written)`, { path: target });
  let dir = path.dirname(target);
  for (;;) {
    const real = await realpath(dir).catch(() => undefined);
    if (real !== undefined) {
      if (real !== root && !isInside(root, real)) throw refuse(`is in ${real}, outside the output folder (after following links)`);
      break;
    }
    if (await lstat(dir).then(() => true, () => false)) throw refuse(`is under ${dir}, a link that leads nowhere`);
    const parent = path.dirname(dir);
    if (parent === dir) throw refuse('has no folder');
    dir = parent;
  }
  const stats = await lstat(target).catch(() => undefined);
  if (stats?.isSymbolicLink() === true) throw refuse('is a symbolic link');
  if (stats !== undefined && !stats.isFile()) throw refuse('is not a regular file');
}

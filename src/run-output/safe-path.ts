/** Output path containment: nothing the pipeline writes may escape the output folder. */
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { DictclipError } from '../errors.js';
import { codePointName, controlCharacterOf, escapeControls } from './cells.js';

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
 * @throws DictclipError `E_UNSAFE_NAME` naming it with its control characters escaped (`␛0A`).
 */
export function refuseControlCharacters(name: string, what: string): void {
  const c = controlCharacterOf(name);
  if (c === undefined) return;
  throw new DictclipError('E_UNSAFE_NAME', `${what} "${escapeControls(name)}" holds a control character (${codePointName(c)}): ` +
    'a line-based file (Kaldi\'s wav.scp) would split it or run part of it as a command, so nothing is written. Fix: rename the file and run again.',
  { path: escapeControls(name) });
}

/**
 * The files an export (or the review) reads from one run output: regular files whose folder's real
 * path (links followed) is the output folder or inside it. A clip replaced by a symbolic link (to
 * `/etc/hostname`), a `file_name` of `../../x.wav`, or a clips folder linked elsewhere is refused.
 * Real paths of folders are cached: one `lstat` per file after the first of its folder.
 */
export class OutputFiles {
  readonly #root: string;
  #rootReal: Promise<string> | undefined;
  readonly #dirs = new Map<string, Promise<boolean>>();

  constructor(root: string) {
    this.#root = path.resolve(root);
  }

  /**
   * `file` when it may be read. @throws DictclipError `E_UNSAFE_PATH` (a link, not a regular file,
   * outside the output folder), `E_INPUT` (missing or unreadable).
   */
  async regularFile(file: string, what: string): Promise<string> {
    const target = path.resolve(file);
    const dir = path.dirname(target);
    let inside = this.#dirs.get(dir);
    if (inside === undefined) {
      inside = this.#inside(dir);
      this.#dirs.set(dir, inside);
    }
    const shown = escapeControls(target);
    if (!isInside(this.#root, target) || !(await inside)) {
      throw new DictclipError('E_UNSAFE_PATH', `${what} ${shown} is outside the output folder ${escapeControls(this.#root)} (after following links): refused`, { path: shown });
    }
    const stats = await lstat(target).catch((error: unknown) => {
      throw new DictclipError('E_INPUT', `cannot read ${what} ${shown}: ${(error as Error).message}`, { path: shown, cause: error });
    });
    if (stats.isSymbolicLink()) throw new DictclipError('E_UNSAFE_PATH', `${what} ${shown} is a symbolic link: only regular files of the output folder are read`, { path: shown });
    if (!stats.isFile()) throw new DictclipError('E_UNSAFE_PATH', `${what} ${shown} is not a regular file`, { path: shown });
    return target;
  }

  async #inside(dir: string): Promise<boolean> {
    const root = await (this.#rootReal ??= realpath(this.#root).catch(() => this.#root));
    const real = await realpath(dir).catch(() => undefined);
    // A folder that cannot be resolved holds no file to read: lstat reports it (E_INPUT).
    return real === undefined || real === root || isInside(root, real);
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
    throw new DictclipError('E_UNSAFE_PATH', `the source "${escapeControls(source)}" is not a path inside the input folder ${escapeControls(base)}: refused`, { path: escapeControls(target) });
  }
  return target;
}

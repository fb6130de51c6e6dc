/** Output path containment: nothing the pipeline writes may escape the output folder. */
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

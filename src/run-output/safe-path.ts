/** Output path containment: nothing the pipeline writes may escape the output folder. */
import path from 'node:path';
import { DictclipError } from '../errors.js';

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

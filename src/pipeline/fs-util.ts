import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DictclipError } from '../errors.js';

/**
 * Write a file atomically: the data goes to a temporary file beside the target, which is then
 * renamed over it, so a reader never sees a half-written file.
 * @throws DictclipError `E_OUTPUT` when the folder cannot be created or the file written.
 */
export async function writeFileAtomic(file: string, data: string | Buffer): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new DictclipError('E_OUTPUT', `cannot write ${file}`, { path: file, cause: error });
  }
}

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
 * SHA-256 of a file's content, streamed.
 * @throws DictclipError `E_INPUT` when the file cannot be read.
 */
export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    const stream = createReadStream(file);
    stream.on('data', (chunk) => hash.update(chunk));
    stream.on('error', (error) => reject(new DictclipError('E_INPUT', `cannot read ${file}`, { path: file, cause: error })));
    stream.on('end', () => resolve(hash.digest('hex')));
  });
}

/** SHA-256 of a string or buffer, hex. */
export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Compare two strings by Unicode code point (UTF-8 byte order), for deterministic sorting. */
export function compareCodePoints(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

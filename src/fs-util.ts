/** File and hashing helpers shared by the pipeline and the embedded service. */
import { createHash, randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path, { delimiter, join } from 'node:path';
import { DictclipError } from './errors.js';

/**
 * Write a file atomically: the data goes to a temporary file beside the target, which is then
 * renamed over it, so a reader never sees a half-written file. Creates the folder.
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
    throw new DictclipError('E_OUTPUT', `cannot write ${file}: ${(error as Error).message}`, { path: file, cause: error });
  }
}

/** SHA-256 of a string or buffer, hex. */
export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * SHA-256 of a file's content, streamed, hex.
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

/** A UTF-16 code unit re-ranked so that comparing them orders strings by code point. */
function rank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800; // U+E000–U+FFFF sort below the astral planes …
  if (unit >= 0xd800) return unit + 0x2000; // … which surrogate pairs (D800–DFFF) encode
  return unit;
}

/**
 * Compare two strings by Unicode code point (the order of their UTF-8 bytes), for deterministic
 * sorting, without allocating.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return rank(x) - rank(y);
  }
  return a.length - b.length;
}

/** True for an existing regular file the process may execute. */
export async function isExecutableFile(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` in the folders of `pathEnv` (a PATH value). */
export async function searchPath(name: string, pathEnv: string | undefined): Promise<string | undefined> {
  for (const dir of (pathEnv ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

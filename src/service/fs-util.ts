/** Small file helpers of the embedded service: ids and JSON reads (atomic writes: src/fs-util.ts). */
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DictclipError } from '../errors.js';

/** A random url-safe identifier (16 random bytes, base64url, 22 characters). */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A deterministic identifier of the same shape as {@link newId}: the first 22 base64url
 * characters of the SHA-256 of the parts. Used for content-addressed audio and dictations.
 */
export function contentId(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url').slice(0, 22);
}

/** Shape of the ids this service hands out (checked before any id reaches a file path). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Read and parse a JSON file; `undefined` when it does not exist. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new DictclipError('E_INPUT', `Cannot read ${path}: ${(error as Error).message}`, { path, cause: error });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new DictclipError('E_CONFIG', `${path} is not valid JSON: ${(error as Error).message}`, { path, cause: error });
  }
}

/** Reading the embedded service's JSON files (atomic writes: src/files.ts). */
import { readFile } from 'node:fs/promises';
import { DictclipError } from '../errors.js';

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

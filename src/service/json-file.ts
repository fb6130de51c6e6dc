/** Reading the embedded service's JSON files (atomic writes: src/files.ts). */
import { readFile, stat } from 'node:fs/promises';
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

/**
 * A value loaded from a file, loaded again when the file changes. Every {@link get} checks the
 * file itself with one stat (inode, mtime and size: atomic writes replace the file, so the inode
 * changes on every write even within one mtime tick); concurrent callers of one change share one
 * load. A load that throws leaves the old value and is tried again by the next call.
 */
export class ReloadingFile<T> {
  readonly #path: string;
  readonly #load: () => Promise<T>;
  #value: T;
  #version = '';
  #loading: Promise<void> | undefined;

  constructor(path: string, load: () => Promise<T>, initial: T) {
    this.#path = path;
    this.#load = load;
    this.#value = initial;
  }

  /** The value for the file as it is now. */
  async get(): Promise<T> {
    const version = await stat(this.#path).then((s) => `${s.ino}:${s.mtimeMs}:${s.size}`, () => 'none');
    if (version !== this.#version) {
      this.#loading ??= (async () => {
        this.#value = await this.#load();
        this.#version = version;
      })().finally(() => {
        this.#loading = undefined;
      });
      await this.#loading;
    }
    return this.#value;
  }

  /** Forget the loaded value so the next {@link get} loads the file again. */
  invalidate(): void {
    this.#version = '';
  }
}

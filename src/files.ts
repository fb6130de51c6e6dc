/** Atomic file writes, bounded reads and SHA-256 hashing, shared by the pipeline and the embedded service. */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { DictclipError } from './errors.js';

/**
 * Write a file atomically: the data goes to a temporary file beside the target, which is then
 * renamed over it, so a reader never sees a half-written file. Creates the folder. `mode`: the
 * file's permission bits (the umask can only remove bits: 0o600 stays 0o600).
 * @throws DictclipError `E_OUTPUT` when the folder cannot be created or the file written.
 */
export async function writeFileAtomic(file: string, data: string | Buffer, options: { mode?: number } = {}): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`; // matches ATOMIC_TEMP_NAME
  try {
    // With a mode (e.g. 0o600 for the service's private files): the folders it creates are 0o700.
    await mkdir(path.dirname(file), { recursive: true, ...(options.mode === undefined ? {} : { mode: 0o700 }) });
    await writeFile(temp, data, options.mode === undefined ? {} : { mode: options.mode });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new DictclipError('E_OUTPUT', `cannot write ${file}: ${(error as Error).message}`, { path: file, cause: error });
  }
}

/**
 * {@link writeFileAtomic} with direct (synchronous) calls, for the small files a recording
 * writes in a busy process (its state, transcript, markers, peaks): their mkdir, open, write,
 * close and rename cost less than the five thread-pool round trips and event-loop turns of the
 * asynchronous form. Same temp name, same errors.
 * @throws DictclipError `E_OUTPUT`.
 */
export function writeFileAtomicSync(file: string, data: string | Buffer): void {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`; // matches ATOMIC_TEMP_NAME
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temp, data);
    renameSync(temp, file);
  } catch (error) {
    try {
      rmSync(temp, { force: true });
    } catch {
      // the write's failure is the one reported
    }
    throw new DictclipError('E_OUTPUT', `cannot write ${file}: ${(error as Error).message}`, { path: file, cause: error });
  }
}

/** The name of a temporary file of {@link writeFileAtomic} (left behind only by a killed process). */
export const ATOMIC_TEMP_NAME = /\.[0-9a-f]{12}\.tmp$/;

/** SHA-256 of a string or buffer, hex. */
export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Bytes read at a time by {@link sha256File} (one block per file, reused). */
const HASH_BLOCK_BYTES = 1 << 20;

/**
 * SHA-256 of a file's content, hex. Read block by block into one reused buffer: a read stream's
 * fresh 64 KB chunk per read left 30 MB of freed chunks in malloc's heap for the rest of a run
 * after hashing a 3-hour recording (BENCHMARKS.md, memory).
 * @throws DictclipError `E_INPUT` when the file cannot be read.
 */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  let fh: FileHandle | undefined;
  try {
    fh = await open(file, 'r');
    const block = Buffer.allocUnsafe(HASH_BLOCK_BYTES);
    for (
      let n = (await fh.read(block, 0, block.length, null)).bytesRead;
      n > 0;
      n = (await fh.read(block, 0, block.length, null)).bytesRead
    ) {
      hash.update(block.subarray(0, n));
    }
  } catch (error) {
    throw new DictclipError('E_INPUT', `cannot read ${file}`, { path: file, cause: error });
  } finally {
    await fh?.close();
  }
  return hash.digest('hex');
}

/**
 * The bytes of `file`, at most `maxBytes`: read through one handle in 1 MiB steps, so a file larger
 * than that (or one that never ends, such as a device behind a link) costs at most `maxBytes` + 1 MiB.
 * @returns the bytes, or `undefined` when the file holds more than `maxBytes`.
 */
export async function readFileUpTo(file: string, maxBytes: number): Promise<Buffer | undefined> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) return undefined;
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(1 << 20, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) return Buffer.concat(chunks, total);
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > maxBytes) return undefined;
    }
  } finally {
    await handle.close();
  }
}

/**
 * Writing clips and chunks: temp name in the target folder, rename into place, parent folders
 * created once, optional linear fades on int16 samples.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync, writevSync } from 'node:fs';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DictclipError } from '../errors.js';
import type { EdgeMeter } from './edges.js';
import { HEADER_BYTES, writePcmHeader } from '../wav-header.js';

/** Block size of streamed reads and writes. */
export const BLOCK_BYTES = 1 << 20;

/** Makes each parent folder once per instance. */
export class FolderMaker {
  readonly #made = new Map<string, Promise<unknown>>();

  /** Create the parent folder of `file` (recursively) unless this instance already did. */
  ensureParent(file: string): Promise<unknown> {
    const dir = dirname(file);
    let made = this.#made.get(dir);
    if (made === undefined) {
      made = mkdir(dir, { recursive: true }).catch((cause: unknown) => {
        throw new DictclipError('E_OUTPUT', `cannot create folder ${dir}`, { path: dir, cause });
      });
      this.#made.set(dir, made);
    }
    return made;
  }
}

/** A random tag for the temp names of one call. */
export function runTag(): string {
  return randomBytes(6).toString('hex');
}

/** Read exactly `length` bytes at `position` into `buffer` at `offset` (fewer only at end of file). */
export async function readFully(fh: FileHandle, buffer: Buffer, offset: number, length: number, position: number): Promise<number> {
  let done = 0;
  while (done < length) {
    const { bytesRead } = await fh.read(buffer, offset + done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done;
}

/**
 * Apply a linear fade to `pcm` (int16 LE, `channels` interleaved), which holds the clip frames
 * starting at clip frame `first` of a clip of `length` frames: frame k is scaled by k/n in the
 * first n frames and by (length-1-k)/n in the last n, so the first and last frames become 0.
 */
export function applyFade(pcm: Buffer, first: number, length: number, n: number, channels = 1): void {
  if (n <= 0) return;
  const frameBytes = 2 * channels;
  const end = first + Math.floor(pcm.length / frameBytes);
  const scale = (k: number, factor: number): void => {
    for (let c = 0, at = (k - first) * frameBytes; c < channels; c++, at += 2) {
      pcm.writeInt16LE(Math.round((pcm.readInt16LE(at) * factor) / n), at);
    }
  };
  for (let k = Math.max(first, 0); k < Math.min(n, end); k++) scale(k, k);
  for (let k = Math.max(first, length - n); k < end; k++) scale(k, length - 1 - k);
}

function outputError(outPath: string, cause: unknown): DictclipError {
  return new DictclipError('E_OUTPUT', `cannot write ${outPath}`, { path: outPath, cause });
}

/**
 * Create the parent folder of `file` (recursively) unless it is in `made`, and add it there.
 * @throws DictclipError E_OUTPUT naming the folder.
 */
export function ensureFolder(made: Set<string>, file: string): void {
  const dir = dirname(file);
  if (made.has(dir)) return;
  try {
    mkdirSync(dir, { recursive: true });
  } catch (cause) {
    throw new DictclipError('E_OUTPUT', `cannot create folder ${dir}`, { path: dir, cause });
  }
  made.add(dir);
}

/**
 * Write `header` then `pcm` to `temp` with direct calls (open, one gathered write, close), then
 * rename it to `outPath` (no rename when `temp` is `outPath`). A clip is small: these calls cost
 * less than the thread-pool round trips of their asynchronous forms.
 * @throws DictclipError E_OUTPUT, after the temp file is removed.
 */
export function writeClipSync(header: Buffer, pcm: Buffer, temp: string, outPath: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(temp, 'w');
    const total = header.length + pcm.length;
    let done = writevSync(fd, [header, pcm]);
    while (done < total) {
      done += done < header.length ? writeSync(fd, header, done) : writeSync(fd, pcm, done - header.length);
    }
    const opened = fd;
    fd = undefined;
    closeSync(opened);
    if (temp !== outPath) renameSync(temp, outPath);
  } catch (cause) {
    try {
      if (fd !== undefined) closeSync(fd);
      rmSync(temp, { force: true });
    } catch {
      // the first failure is the one reported
    }
    throw outputError(outPath, cause);
  }
}

/** Where a streamed range comes from (16-bit PCM; `channels` @default 1). */
export interface RangeSource { fh: FileHandle; dataOffset: number; sampleRate: number; channels?: number }

/**
 * Stream frames [start, end) of a 16-bit source into a new WAV at `outPath` (via `temp`), in
 * blocks of about {@link BLOCK_BYTES}, fading `fadeSamples` frames at both ends; `meter`, when
 * given, is fed every block as written.
 */
export async function streamRange(
  src: RangeSource, start: number, end: number, outPath: string, temp: string, fadeSamples: number, meter?: EdgeMeter,
): Promise<void> {
  const total = end - start;
  const channels = src.channels ?? 1;
  const frameBytes = 2 * channels;
  const blockBytes = Math.max(frameBytes, BLOCK_BYTES - (BLOCK_BYTES % frameBytes));
  const block = Buffer.allocUnsafe(Math.min(blockBytes, Math.max(HEADER_BYTES, total * frameBytes)));
  let out: FileHandle | undefined;
  try {
    out = await open(temp, 'w');
    writePcmHeader(block, src.sampleRate, channels, total * frameBytes);
    await out.write(block, 0, HEADER_BYTES);
    for (let done = 0; done < total; ) {
      const bytes = Math.min(block.length - (block.length % frameBytes), (total - done) * frameBytes);
      const position = src.dataOffset + (start + done) * frameBytes;
      const read = await readFully(src.fh, block, 0, bytes, position);
      if (read < bytes) throw new Error(`source ended early at byte ${position + read}`);
      applyFade(block.subarray(0, bytes), done, total, fadeSamples, channels);
      meter?.feed(block.subarray(0, bytes), done);
      await out.write(block, 0, bytes);
      done += bytes / frameBytes;
    }
    await out.close();
    out = undefined;
    if (temp !== outPath) await rename(temp, outPath);
  } catch (cause) {
    await out?.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw outputError(outPath, cause);
  }
}

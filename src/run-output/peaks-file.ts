/**
 * `.dictclip/peaks/<recording key>.peaks`: a recording's waveform peaks (src/audio/peaks.ts), the
 * one binary side file of a run. Layout: the 4 bytes `DCPK`, then little-endian u32 buckets per
 * second, u32 duration in ms (rounded), u32 bucket count, then per bucket one int8 minimum and one
 * int8 maximum. The magic is its version: another layout gets another magic.
 */
import { readFile } from 'node:fs/promises';
import type { Peaks } from '../audio/peaks.js';
import { writeFileAtomicSync } from '../files.js';
import { invalidRunFile } from './json-file.js';
import { peaksPath } from './naming.js';
import { checkOwnFile } from './safe-path.js';

const MAGIC = 'DCPK';
const HEADER = 16;

/** The `.peaks` file bytes of `peaks`. */
export function encodePeaks(peaks: Peaks): Buffer {
  const out = Buffer.alloc(HEADER + peaks.minMax.length);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(peaks.bucketsPerSecond, 4);
  out.writeUInt32LE(Math.round(peaks.durationMs), 8);
  out.writeUInt32LE(peaks.minMax.length / 2, 12);
  Buffer.from(peaks.minMax.buffer, peaks.minMax.byteOffset, peaks.minMax.length).copy(out, HEADER);
  return out;
}

/** The peaks in `.peaks` file bytes, or why they are not a whole peaks file. */
export function decodePeaks(bytes: Buffer): Peaks | string {
  if (bytes.length < HEADER || bytes.toString('latin1', 0, 4) !== MAGIC) return `not a peaks file (it does not start with ${MAGIC})`;
  const count = bytes.readUInt32LE(12);
  if (bytes.length !== HEADER + count * 2) return `${bytes.length} bytes, not the ${HEADER + count * 2} its ${count} buckets take`;
  const minMax = new Int8Array(count * 2);
  for (let i = 0; i < minMax.length; i++) minMax[i] = bytes.readInt8(HEADER + i);
  return { bucketsPerSecond: bytes.readUInt32LE(4), durationMs: bytes.readUInt32LE(8), minMax };
}

/** Write a recording's peaks atomically. @throws DictclipError `E_OUTPUT`. */
export function writePeaks(outDir: string, source: string, peaks: Peaks): void {
  writeFileAtomicSync(peaksPath(outDir, source), encodePeaks(peaks));
}

/**
 * A recording's peaks; undefined when it has none.
 * @throws DictclipError `E_RUN_FILE_INVALID` when the file is not a whole peaks file, `E_UNSAFE_PATH` for a link (never read).
 */
export async function readPeaks(outDir: string, source: string): Promise<Peaks | undefined> {
  const file = peaksPath(outDir, source);
  await checkOwnFile(outDir, file);
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw invalidRunFile('peaks file', file, `cannot be read (${error.code ?? 'error'})`, error);
  });
  if (bytes === undefined) return undefined;
  const peaks = decodePeaks(bytes);
  if (typeof peaks === 'string') throw invalidRunFile('peaks file', file, peaks);
  return peaks;
}

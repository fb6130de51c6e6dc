/**
 * Waveform peaks of a work WAV: the minimum and maximum sample of each short bucket, scaled to
 * int8, so a page can draw the recording's waveform without decoding its audio. The file format
 * (`.peaks`): the 4 bytes `DCPK`, then little-endian u32 buckets per second, u32 duration in ms
 * (rounded), u32 bucket count, then per bucket one int8 minimum and one int8 maximum.
 */
import { createReadStream } from 'node:fs';
import { DictclipError } from '../errors.js';
import { writeFileAtomic } from '../files.js';
import { readWavInfo } from '../wav-header.js';

/** Buckets per second: 10 ms each, 120 kB for a 10-minute recording. */
export const PEAKS_PER_SECOND = 100;

const MAGIC = 'DCPK';
const HEADER = 16;

export interface Peaks {
  bucketsPerSecond: number;
  durationMs: number;
  /** Interleaved int8 minimum, maximum of each bucket (full scale = ±127). */
  minMax: Int8Array;
}

/**
 * Compute the peaks of a 16-bit mono PCM WAV (the work format), streaming the file.
 * @throws DictclipError E_AUDIO_INVALID (not 16-bit mono PCM) or E_INPUT (unreadable).
 */
export async function computePeaks(wavPath: string, bucketsPerSecond = PEAKS_PER_SECOND): Promise<Peaks> {
  const info = await readWavInfo(wavPath);
  if (info.bitsPerSample !== 16 || info.channels !== 1) {
    throw new DictclipError('E_AUDIO_INVALID', `peaks need 16-bit mono PCM: ${wavPath}`, { path: wavPath });
  }
  const perBucket = info.sampleRate / bucketsPerSecond;
  const buckets = Math.ceil(info.samples / perBucket);
  const minMax = new Int8Array(buckets * 2);
  let sample = 0;
  let bucket = 0;
  let nextEdge = perBucket;
  let lo = 0;
  let hi = 0;
  let odd: number | undefined; // a byte left over between two stream chunks
  const stream = createReadStream(wavPath, { start: info.dataOffset, end: info.dataOffset + info.dataBytes - 1, highWaterMark: 1 << 16 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let i = 0;
      if (odd !== undefined && chunk.length > 0) {
        take((chunk[0]! << 8 | odd) << 16 >> 16);
        odd = undefined;
        i = 1;
      }
      for (; i + 1 < chunk.length; i += 2) take(chunk.readInt16LE(i));
      if (i < chunk.length) odd = chunk[i];
    }
  } catch (cause) {
    throw new DictclipError('E_INPUT', `cannot read ${wavPath}`, { path: wavPath, cause });
  }
  if (bucket < buckets) store();
  return { bucketsPerSecond, durationMs: info.durationMs, minMax };

  function take(value: number): void {
    if (sample >= nextEdge) {
      store();
      bucket += 1;
      nextEdge = (bucket + 1) * perBucket;
      lo = 0;
      hi = 0;
    }
    if (value < lo) lo = value;
    if (value > hi) hi = value;
    sample += 1;
  }

  function store(): void {
    minMax[bucket * 2] = Math.max(-127, Math.round(lo / 256));
    minMax[bucket * 2 + 1] = Math.min(127, Math.round(hi / 256));
  }
}

/**
 * Compute the peaks of `wavPath` and write them to `file` atomically.
 * @throws DictclipError as computePeaks, or E_OUTPUT.
 */
export async function savePeaks(wavPath: string, file: string): Promise<void> {
  await writeFileAtomic(file, encodePeaks(await computePeaks(wavPath)));
}

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

/** Read `.peaks` file bytes; undefined when they are not a whole peaks file. */
export function decodePeaks(bytes: Buffer): Peaks | undefined {
  if (bytes.length < HEADER || bytes.toString('latin1', 0, 4) !== MAGIC) return undefined;
  const count = bytes.readUInt32LE(12);
  if (bytes.length !== HEADER + count * 2) return undefined;
  const minMax = new Int8Array(count * 2);
  for (let i = 0; i < minMax.length; i++) minMax[i] = bytes.readInt8(HEADER + i);
  return { bucketsPerSecond: bytes.readUInt32LE(4), durationMs: bytes.readUInt32LE(8), minMax };
}

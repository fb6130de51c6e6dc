/**
 * Waveform peaks of a work WAV: the minimum and maximum sample of each short bucket, scaled to
 * int8, so a page can draw the recording's waveform without decoding its audio. Saved and read
 * by src/run-output/peaks-file.ts.
 */
import { createReadStream } from 'node:fs';
import { DictclipError } from '../errors.js';
import { readWavInfo, type WavInfo } from '../wav-header.js';

/** Buckets per second: 10 ms each, 120 kB for a 10-minute recording. */
export const PEAKS_PER_SECOND = 100;

export interface Peaks {
  bucketsPerSecond: number;
  durationMs: number;
  /** Interleaved int8 minimum, maximum of each bucket (full scale = ±127). */
  minMax: Int8Array;
}

/**
 * Peaks of 16-bit mono PCM fed in order, in pieces of any size ({@link PeaksMeter.feed}); no
 * audio is kept. Fed by the cutter from the reads that cut the clips, or by {@link computePeaks}.
 */
export class PeaksMeter {
  readonly #perBucket: number;
  readonly #minMax: Int8Array;
  readonly #info: { sampleRate: number; samples: number; durationMs: number };
  readonly #bucketsPerSecond: number;
  #sample = 0;
  #bucket = 0;
  #nextEdge: number;
  #lo = 0;
  #hi = 0;
  #odd: number | undefined; // a byte left over between two pieces

  /** For audio of `info.samples` samples at `info.sampleRate`. */
  constructor(info: { sampleRate: number; samples: number; durationMs: number }, bucketsPerSecond = PEAKS_PER_SECOND) {
    this.#info = info;
    this.#bucketsPerSecond = bucketsPerSecond;
    this.#perBucket = info.sampleRate / bucketsPerSecond;
    this.#nextEdge = this.#perBucket;
    this.#minMax = new Int8Array(Math.ceil(info.samples / this.#perBucket) * 2);
  }

  /** Whether every sample has been fed. */
  get complete(): boolean {
    return this.#sample >= this.#info.samples;
  }

  /** Add the next bytes of int16 LE samples. */
  feed(chunk: Buffer): void {
    let i = 0;
    if (this.#odd !== undefined && chunk.length > 0) {
      this.#take((chunk[0]! << 8 | this.#odd) << 16 >> 16);
      this.#odd = undefined;
      i = 1;
    }
    const whole = (chunk.length - i) >> 1;
    const at = chunk.byteOffset + i;
    const values = at % 2 === 0 ? new Int16Array(chunk.buffer, at, whole) : undefined;
    if (values !== undefined) this.#takeAll(values);
    else for (let k = 0; k < whole; k++) this.#take(chunk.readInt16LE(i + 2 * k));
    i += 2 * whole;
    if (i < chunk.length) this.#odd = chunk[i];
  }

  /** The peaks of everything fed. */
  peaks(): Peaks {
    if (this.#bucket < this.#minMax.length / 2) this.#store();
    return { bucketsPerSecond: this.#bucketsPerSecond, durationMs: this.#info.durationMs, minMax: this.#minMax };
  }

  #takeAll(values: Int16Array): void {
    let lo = this.#lo;
    let hi = this.#hi;
    let sample = this.#sample;
    for (let k = 0; k < values.length; k++, sample++) {
      if (sample >= this.#nextEdge) {
        this.#lo = lo;
        this.#hi = hi;
        this.#next();
        lo = 0;
        hi = 0;
      }
      const value = values[k]!;
      if (value < lo) lo = value;
      if (value > hi) hi = value;
    }
    this.#lo = lo;
    this.#hi = hi;
    this.#sample = sample;
  }

  #take(value: number): void {
    if (this.#sample >= this.#nextEdge) this.#next();
    if (value < this.#lo) this.#lo = value;
    if (value > this.#hi) this.#hi = value;
    this.#sample += 1;
  }

  /** Store the current bucket and start the next. */
  #next(): void {
    this.#store();
    this.#bucket += 1;
    this.#nextEdge = (this.#bucket + 1) * this.#perBucket;
    this.#lo = 0;
    this.#hi = 0;
  }

  #store(): void {
    this.#minMax[this.#bucket * 2] = Math.max(-127, Math.round(this.#lo / 256));
    this.#minMax[this.#bucket * 2 + 1] = Math.min(127, Math.round(this.#hi / 256));
  }
}

/**
 * Compute the peaks of a 16-bit mono PCM WAV (the work format), streaming the file.
 * @throws DictclipError E_AUDIO_INVALID (not 16-bit mono PCM) or E_INPUT (unreadable).
 */
export async function computePeaks(wavPath: string, bucketsPerSecond = PEAKS_PER_SECOND): Promise<Peaks> {
  const info = await readWavInfo(wavPath);
  assertPeaksFormat(info, wavPath);
  const meter = new PeaksMeter(info, bucketsPerSecond);
  const stream = createReadStream(wavPath, { start: info.dataOffset, end: info.dataOffset + info.dataBytes - 1, highWaterMark: 1 << 16 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) meter.feed(chunk);
  } catch (cause) {
    throw new DictclipError('E_INPUT', `cannot read ${wavPath}`, { path: wavPath, cause });
  }
  return meter.peaks();
}

/** Throw E_AUDIO_INVALID unless `info` is 16-bit mono PCM (what peaks are computed from). */
export function assertPeaksFormat(info: WavInfo, wavPath: string): void {
  if (info.bitsPerSample !== 16 || info.channels !== 1) {
    throw new DictclipError('E_AUDIO_INVALID', `peaks need 16-bit mono PCM: ${wavPath}`, { path: wavPath });
  }
}

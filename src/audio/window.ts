/**
 * A sliding window over the PCM data of a WAV: positional reads of up to the window's size,
 * moving forward only; the bytes a move keeps are not read again. Reads are direct (synchronous)
 * calls: the cutter reads a work audio file just written (in the page cache) between its clip
 * writes, and yields to the event loop itself. With a tap, every byte of the
 * data is read once, in order, and handed to the tap (the waveform peaks of the recording, from
 * the same reads that feed the clips).
 */
import { readSync } from 'node:fs';
import { DictclipError } from '../errors.js';

/** Where the data is: the open file descriptor, its data offset and length in bytes. */
export interface WindowSource { fd: number; path: string; dataOffset: number; dataBytes: number }

export class SourceWindow {
  readonly buffer: Buffer;
  /** Byte range of the data held in {@link buffer} (relative to the data start). */
  start = 0;
  end = 0;
  readonly #src: WindowSource;
  readonly #tap: ((pcm: Buffer) => void) | undefined;

  /** `bytes`: the window's size (a whole number of frames). */
  constructor(src: WindowSource, bytes: number, tap?: (pcm: Buffer) => void) {
    this.#src = src;
    this.#tap = tap;
    this.buffer = Buffer.allocUnsafe(Math.max(Math.min(bytes, src.dataBytes), 2));
  }

  /**
   * Hold data bytes [from, to) (`to - from` at most the window's size; `from` never below an
   * earlier call's `from`).
   * @throws DictclipError E_INPUT (read failed), E_AUDIO_INVALID (the file ends before `to`).
   */
  cover(from: number, to: number): void {
    if (from >= this.start && to <= this.end) return;
    if (this.#tap !== undefined) {
      while (this.end < from) this.#fill(0, this.end); // read through the gap: the tap sees every byte
    }
    const keep = Math.max(0, this.end - from);
    if (keep > 0) this.buffer.copyWithin(0, from - this.start, this.end - this.start);
    this.#fill(keep, keep > 0 ? this.end : from);
    this.start = from;
    if (to > this.end) {
      throw new DictclipError('E_AUDIO_INVALID', `WAV data ends early at byte ${this.#src.dataOffset + this.end}: ${this.#src.path}`, { path: this.#src.path });
    }
  }

  /** With a tap: read the rest of the data, so the tap has seen all of it. */
  finish(): void {
    if (this.#tap === undefined) return;
    while (this.end < this.#src.dataBytes) this.#fill(0, this.end);
  }

  /** Read data from byte `position` into the buffer at `at`, up to the buffer's end or the data's. */
  #fill(at: number, position: number): void {
    const wanted = Math.min(this.buffer.length - at, this.#src.dataBytes - position);
    let got = 0;
    try {
      for (let n = -1; got < wanted && n !== 0; got += n) {
        n = readSync(this.#src.fd, this.buffer, at + got, wanted - got, this.#src.dataOffset + position + got);
      }
    } catch (cause) {
      throw new DictclipError('E_INPUT', `cannot read WAV data: ${this.#src.path}`, { path: this.#src.path, cause });
    }
    if (got < wanted) {
      throw new DictclipError('E_AUDIO_INVALID', `WAV data ends early at byte ${this.#src.dataOffset + position + got}: ${this.#src.path}`, { path: this.#src.path });
    }
    if (at === 0) this.start = position;
    this.end = position + got;
    this.#tap?.(this.buffer.subarray(at, at + got));
  }
}

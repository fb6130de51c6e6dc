/**
 * A WebSocket session's audio on disk until AUDIODONE: `<dataDir>/ws/<uuid>.wav` (16 kHz mono
 * 16-bit PCM: a WAV header first, fixed when the audio ends) or `.ogg` (the bytes as received).
 */
import { randomUUID } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { HEADER_BYTES, writeMonoHeader } from '../../wav-header.js';
import { FILE_MODE, makePrivateDir } from '../private-files.js';

/** The `audioFormat`s a session may announce. */
export const SPOOL_FORMATS = new Set(['pcm-16khz', 'ogg']);
const PCM_RATE = 16_000;

/** The header of a 16 kHz mono signed 16-bit PCM WAV holding `dataBytes` of samples. */
function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  writeMonoHeader(header, PCM_RATE, dataBytes);
  return header;
}

export class AudioSpool {
  #handle: FileHandle | undefined;
  #bytes = 0;

  private constructor(readonly path: string, readonly format: string, handle: FileHandle) {
    this.#handle = handle;
  }

  /** A new private spool file in `<dataDir>/ws/` for audio in `format` (one of {@link SPOOL_FORMATS}). */
  static async open(dataDir: string, format: string): Promise<AudioSpool> {
    const dir = join(dataDir, 'ws');
    await makePrivateDir(dir);
    const path = join(dir, `${randomUUID()}.${format === 'ogg' ? 'ogg' : 'wav'}`);
    const spool = new AudioSpool(path, format, await open(path, 'w', FILE_MODE));
    if (spool.#isPcm) await spool.#writeHeader(0).catch(async (error: unknown) => {
      await spool.discard();
      throw error;
    });
    return spool;
  }

  /** Audio bytes received so far (header not counted). */
  get bytes(): number {
    return this.#bytes;
  }

  get #isPcm(): boolean {
    return this.format === 'pcm-16khz';
  }

  async #writeHeader(dataBytes: number): Promise<void> {
    await this.#handle?.write(wavHeader(dataBytes), 0, HEADER_BYTES, 0);
  }

  /** Append `chunk` (counted at once, written in order by a caller that awaits each). */
  async append(chunk: Buffer): Promise<void> {
    const offset = (this.#isPcm ? HEADER_BYTES : 0) + this.#bytes;
    this.#bytes += chunk.length;
    await this.#handle?.write(chunk, 0, chunk.length, offset);
  }

  /** End the audio: a WAV gets its header for the whole samples received (an odd last byte is cut). */
  async finish(): Promise<void> {
    const handle = this.#handle;
    if (handle === undefined) return;
    if (this.#isPcm) {
      const dataBytes = this.#bytes - (this.#bytes % 2);
      await this.#writeHeader(dataBytes);
      await handle.truncate(HEADER_BYTES + dataBytes);
    }
    this.#handle = undefined;
    await handle.close();
  }

  /** Close the file if still open and remove it. */
  async discard(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close();
    await rm(this.path, { force: true });
  }
}

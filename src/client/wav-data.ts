/**
 * Locating the PCM samples of a WAV file (the `data` chunk) by walking its RIFF chunks with
 * positional reads, so the WebSocket stream can skip the header.
 */
import { open } from 'node:fs/promises';
import { DictclipError } from '../errors.js';

export interface WavData {
  /** Byte offset of the first sample. */
  offset: number;
  /** Number of sample bytes (clamped to the file size). */
  length: number;
}

/**
 * Find the `data` chunk of a RIFF/WAVE file.
 * @throws DictclipError E_AUDIO_INVALID when the file is not RIFF/WAVE or has no data chunk; E_INPUT when unreadable.
 */
export async function findWavData(path: string): Promise<WavData> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new DictclipError('E_INPUT', `Cannot read ${path}: ${(error as Error).message}`, { path, cause: error });
  }
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(12);
    const { bytesRead } = await handle.read(header, 0, 12, 0);
    if (bytesRead < 12 || header.toString('ascii', 0, 4) !== 'RIFF' || header.toString('ascii', 8, 12) !== 'WAVE') {
      throw new DictclipError('E_AUDIO_INVALID', 'Not a RIFF/WAVE file', { path });
    }
    const chunk = Buffer.alloc(8);
    let position = 12;
    while (position + 8 <= size) {
      await handle.read(chunk, 0, 8, position);
      const id = chunk.toString('ascii', 0, 4);
      const length = chunk.readUInt32LE(4);
      const body = position + 8;
      if (id === 'data') return { offset: body, length: Math.min(length, size - body) };
      position = body + length + (length % 2); // chunks are padded to an even size
    }
    throw new DictclipError('E_AUDIO_INVALID', 'The WAV file has no data chunk', { path });
  } finally {
    await handle.close();
  }
}

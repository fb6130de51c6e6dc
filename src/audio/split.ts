/**
 * Choosing where to split a recording that is too large for one upload: at the quietest 30 ms
 * frame shortly before each size cap.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { DictclipError } from '../errors.js';
import { BLOCK_BYTES, readFully } from './output.js';
import { assertMono16, HEADER_BYTES, type WavInfo } from './wav.js';

/** Length of one RMS frame. */
const FRAME_MS = 30;
/** Share of a chunk, before its cap, searched for a quiet frame. */
const SEARCH_SHARE = 0.3;
/** Upper bound of the searched stretch. */
const SEARCH_MAX_S = 60;

/** Sum of squares of each of `frames` frames of `frameSamples` samples starting at byte `position`. */
async function frameEnergies(fh: FileHandle, position: number, frames: number, frameSamples: number, path: string): Promise<Float64Array> {
  const energies = new Float64Array(frames);
  const blockFrames = Math.max(1, Math.floor(BLOCK_BYTES / (frameSamples * 2)));
  const block = Buffer.allocUnsafe(Math.min(blockFrames, frames) * frameSamples * 2);
  for (let f = 0; f < frames; ) {
    const count = Math.min(blockFrames, frames - f);
    const bytes = count * frameSamples * 2;
    let read: number;
    try {
      read = await readFully(fh, block, 0, bytes, position + f * frameSamples * 2);
    } catch (cause) {
      throw new DictclipError('E_INPUT', `cannot read WAV data: ${path}`, { path, cause });
    }
    if (read < bytes) throw new DictclipError('E_AUDIO_INVALID', `WAV data ends early: ${path}`, { path });
    for (let i = 0; i < count; i++, f++) {
      let sum = 0; // exact: at most 32768² × frame samples < 2^53
      for (let at = i * frameSamples * 2, end = at + frameSamples * 2; at < end; at += 2) {
        const v = block.readInt16LE(at);
        sum += v * v;
      }
      energies[f] = sum;
    }
  }
  return energies;
}

/** The middle of the run of equally quiet frames that holds the last quietest frame. */
function quietestPoint(energies: Float64Array, frameSamples: number): number {
  let best = 0;
  for (let f = 1; f < energies.length; f++) if (energies[f]! <= energies[best]!) best = f;
  let first = best;
  while (first > 0 && energies[first - 1] === energies[best]) first--;
  return Math.floor(((first + best + 1) * frameSamples) / 2);
}

/**
 * Where to split a 16-bit mono WAV so that every chunk, written with a 44-byte header, is at most
 * `maxBytes`. Each split is a sample index at the quietest 30 ms frame (lowest RMS; among equally
 * quiet neighbouring frames, the middle of their run) within the last 30 % of the chunk's allowed
 * length or its last 60 s, whichever is shorter. Only those stretches are read, in blocks.
 * Deterministic. Chunk k spans [points[k-1] ?? 0, points[k] ?? wav.samples).
 * @returns Ascending sample indexes; `[]` when the whole file fits.
 * @throws DictclipError E_CONFIG (maxBytes leaves room for less than 60 ms), E_AUDIO_INVALID, E_INPUT.
 */
export async function findSplitPoints(wav: WavInfo & { path: string }, maxBytes: number): Promise<number[]> {
  assertMono16(wav, wav.path);
  if (HEADER_BYTES + wav.dataBytes <= maxBytes) return [];
  const frameSamples = Math.max(1, Math.round((wav.sampleRate * FRAME_MS) / 1000));
  const maxSamples = Math.floor((maxBytes - HEADER_BYTES) / 2);
  if (!(maxSamples >= 2 * frameSamples)) {
    throw new DictclipError('E_CONFIG', `maximum chunk size ${maxBytes} bytes is too small to split ${wav.path}`, { path: wav.path });
  }
  const searchSamples = Math.min(Math.floor(maxSamples * SEARCH_SHARE), SEARCH_MAX_S * wav.sampleRate);
  const frames = Math.floor(searchSamples / frameSamples);
  let fh: FileHandle;
  try {
    fh = await open(wav.path, 'r');
  } catch (cause) {
    throw new DictclipError('E_INPUT', `cannot open WAV file: ${wav.path}`, { path: wav.path, cause });
  }
  try {
    const points: number[] = [];
    for (let chunkStart = 0; wav.samples - chunkStart > maxSamples; ) {
      const cap = chunkStart + maxSamples;
      let split = cap;
      if (frames > 0) {
        const regionStart = cap - frames * frameSamples;
        const energies = await frameEnergies(fh, wav.dataOffset + regionStart * 2, frames, frameSamples, wav.path);
        split = regionStart + quietestPoint(energies, frameSamples);
      }
      points.push(split);
      chunkStart = split;
    }
    return points;
  } finally {
    await fh.close();
  }
}

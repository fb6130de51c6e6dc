/**
 * Choosing where to split a recording that is too large for one upload: at the longest pause in
 * the second half of each chunk's allowed length (see pauses.ts).
 */
import { findPauseSplits } from './pauses.js';
import { assertMono16, HEADER_BYTES, type WavInfo } from '../wav-header.js';

/**
 * Where to split a 16-bit mono WAV so that every chunk, written with a 44-byte header, is at most
 * `maxBytes`: each chunk ends in the middle of the longest quiet stretch within the last half of
 * its allowed length (the quietest 30 ms frame there when nothing is quiet). Deterministic.
 * Chunk k spans [points[k-1] ?? 0, points[k] ?? wav.samples).
 * @returns Ascending sample indexes; `[]` when the whole file fits.
 * @throws DictclipError E_CONFIG (maxBytes leaves room for less than 60 ms), E_AUDIO_INVALID, E_INPUT.
 */
export async function findSplitPoints(wav: WavInfo & { path: string }, maxBytes: number): Promise<number[]> {
  assertMono16(wav, wav.path);
  if (HEADER_BYTES + wav.dataBytes <= maxBytes) return [];
  return findPauseSplits(wav, { maxSamples: Math.max(0, Math.floor((maxBytes - HEADER_BYTES) / 2)) });
}

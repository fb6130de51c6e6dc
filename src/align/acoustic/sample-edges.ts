/**
 * Word edges put on the sample (the last step of the edge refinement, refine.ts): each span's first
 * and last 5 ms frame are read again, one sample at a time, and its start moved to the first sample
 * of its first frame louder than the edge amplitude ({@link SAMPLE_OVER_FLOOR_DB} over the noise
 * floor, as RMS), its end to just after the last such sample of its last frame (a frame without one
 * keeps its frame edge).
 */
import { readFrameEnergies } from '../../audio/index.js';
import type { WavInfo } from '../../wav-header.js';
import { ENERGY_FRAME_MS, type FrameLevels } from './frame-levels.js';
import type { AcousticSpan } from './types.js';

/** The edge sample: the first or last of its frame this many dB over the floor (RMS). */
export const SAMPLE_OVER_FLOOR_DB = 9;

/** The amplitude over which a sample counts as sound at an edge. */
export function edgeAmplitude(levels: FrameLevels): number {
  return 10 ** ((levels.floorDb + SAMPLE_OVER_FLOOR_DB) / 20);
}

/**
 * Index of the first sample louder than `amplitude` (`fromEnd`: of the last), or -1, from the
 * samples' squares (as `readFrameEnergies` gives them with frames of one sample). Puts an
 * edge on the sample inside its frame.
 */
export function loudSample(squares: Float64Array, amplitude: number, fromEnd: boolean): number {
  const over = amplitude * amplitude;
  if (fromEnd) {
    for (let i = squares.length - 1; i >= 0; i--) if (squares[i]! > over) return i;
    return -1;
  }
  return squares.findIndex((s) => s > over);
}

/** `spans` with their edges on the sample (see the module comment). */
export async function edgesOnSamples(
  spans: readonly (AcousticSpan | null)[],
  wav: WavInfo & { path: string },
  levels: FrameLevels,
): Promise<(AcousticSpan | null)[]> {
  const frameSamples = (wav.sampleRate * ENERGY_FRAME_MS) / 1000;
  const amplitude = edgeAmplitude(levels);
  const msPerSample = 1000 / wav.sampleRate;
  const frameSquares = async (frame: number): Promise<Float64Array> => {
    const startSample = Math.min(wav.samples, frame * frameSamples);
    return readFrameEnergies(wav, 1, { startSample, endSample: Math.min(wav.samples, startSample + frameSamples) });
  };
  const out: (AcousticSpan | null)[] = [];
  for (const span of spans) {
    if (span === null) { out.push(null); continue; }
    const first = Math.floor(span.startMs / ENERGY_FRAME_MS);
    const last = Math.ceil(span.endMs / ENERGY_FRAME_MS) - 1;
    const head = loudSample(await frameSquares(first), amplitude, false);
    const tail = loudSample(await frameSquares(last), amplitude, true);
    const startMs = head < 0 ? span.startMs : (first * frameSamples + head) * msPerSample;
    const endMs = tail < 0 ? span.endMs : (last * frameSamples + tail + 1) * msPerSample;
    out.push(startMs < endMs ? { ...span, startMs, endMs } : span);
  }
  return out;
}

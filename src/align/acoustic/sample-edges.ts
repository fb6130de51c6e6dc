/**
 * Word edges put on the sample: each span's first and last 5 ms frame are read again, one sample
 * at a time, and its start moved to the first sample of its first frame louder than the edge
 * amplitude, its end to just after the last such sample of its last frame (a frame without one
 * keeps its frame edge).
 */
import { readFrameEnergies } from '../../audio/index.js';
import type { WavInfo } from '../../wav-header.js';
import { edgeAmplitude, ENERGY_FRAME_MS, loudSample, type FrameLevels } from './refine.js';
import type { AcousticSpan } from './types.js';

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

/**
 * Energy segmentation of a 16 kHz mono s16le WAV for the scripted engine's `segments` fallback:
 * 20 ms frames, a frame is voiced when its RMS exceeds max(200, 10 % of the loudest frame's RMS),
 * voiced frames separated by less than 150 ms of silence form one segment. Segments are named in
 * order from a fixed word list, so any audio gets deterministic words.
 */
import { readFrameEnergies, readWavInfo } from '../../audio/index.js';
import type { RecognizedWord } from '../types.js';

/** The fixed word list of the fallback (cycled when there are more segments). */
export const SEGMENT_WORDS = [
  'alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliett', 'kilo', 'lima', 'mike',
  'november', 'oscar', 'papa', 'quebec', 'romeo', 'sierra', 'tango', 'uniform', 'victor', 'whiskey', 'xray', 'yankee', 'zulu',
] as const;

const FRAME_MS = 20;
const MIN_GAP_MS = 150;
const ABSOLUTE_THRESHOLD = 200;
const RELATIVE_THRESHOLD = 0.1;

/** RMS of every 20 ms frame (the last partial frame included), from the audio room's frame energies. */
export async function frameRms(wavPath: string): Promise<{ rms: number[]; durationMs: number }> {
  const info = await readWavInfo(wavPath);
  const frameSamples = Math.round((info.sampleRate * FRAME_MS) / 1000);
  const energies = await readFrameEnergies({ ...info, path: wavPath }, frameSamples);
  const rms = Array.from(energies, (sum, f) => Math.sqrt(sum / Math.max(1, Math.min(frameSamples, info.samples - f * frameSamples))));
  return { rms, durationMs: info.durationMs };
}

/** Non-silent stretches of the audio as named words (confidence 0.8). */
export async function segmentWords(wavPath: string): Promise<{ words: RecognizedWord[]; durationMs: number }> {
  const { rms, durationMs } = await frameRms(wavPath);
  const threshold = Math.max(ABSOLUTE_THRESHOLD, RELATIVE_THRESHOLD * rms.reduce((max, v) => (v > max ? v : max), 0));
  const spans: { start: number; end: number }[] = [];
  for (const [index, value] of rms.entries()) {
    if (value <= threshold) continue;
    const last = spans.at(-1);
    if (last !== undefined && (index - last.end) * FRAME_MS < MIN_GAP_MS) last.end = index + 1;
    else spans.push({ start: index, end: index + 1 });
  }
  const words = spans.map((span, i) => ({
    word: SEGMENT_WORDS[i % SEGMENT_WORDS.length] ?? 'alpha',
    startMs: span.start * FRAME_MS,
    endMs: Math.min(span.end * FRAME_MS, Math.floor(durationMs)),
    confidence: 0.8,
  }));
  return { words, durationMs };
}

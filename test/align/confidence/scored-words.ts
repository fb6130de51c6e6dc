/** Word clips, recording levels and feature values the confidence tests build from short strings. */
import type { FeatureName } from '../../../src/align/confidence/features.js';
import { recordingLevels } from '../../../src/align/confidence/levels.js';
import type { ScoredWord } from '../../../src/align/confidence/scored-word.js';

/** 10 ms frames: `#` speech (RMS 3000, 69.5 dB), `+` soft speech (RMS 300, 49.5 dB), `.` noise (RMS 10, 20 dB). */
export function levelsOf(frames: string): ReturnType<typeof recordingLevels> {
  return recordingLevels(Float64Array.from(frames, (c) => (c === '#' ? 3000 : c === '+' ? 300 : 10) ** 2 * 160));
}

export const word = (text: string, startMs: number, endMs: number, more: Partial<ScoredWord> = {}): ScoredWord => ({
  text,
  startMs,
  endMs,
  source: 'acoustic',
  ...more,
});

/** Every feature of a word that shows nothing (no sound missing, no evidence), with `more` replacing some. */
export function features(more: Partial<Record<FeatureName, number | null>> = {}): Record<FeatureName, number | null> {
  return {
    quiet: 0, level: 0, long: 0, short: 0, spill: 0, hollow: 0, unheard: 0, substituted: 0, estimated: 0,
    gop: null, score: null, outside: 0, noise: 0, posterior: null, startOut: null, unclaimed: 0, cut: 0, echo: 0, island: null,
    phoneLate: null, rival: null, repeatUnlike: 0, repeatLength: 0, misfitRun: 0, misfitBeside: 0, syllables: null, apart: null,
    noiseAtStart: 0, noiseAtEnd: 0,
    ...more,
  };
}

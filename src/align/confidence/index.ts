/** Which labels to trust: per word clip a calibrated confidence, and whether its edges cut into speech. */
import { readFrameStats } from '../../audio/index.js';
import { readWavInfo } from '../../wav-header.js';
import { crossingRateOf, ENERGY_FRAME_MS, frameLevelsOver } from '../acoustic/frame-levels.js';
import { noiseBedDb, noiseLikeBedDb } from '../acoustic/noise-bed.js';
import { FRAME_MS, recordingLevels, type RecordingLevels } from './levels.js';
import { framesUnderTakeNoise } from './take-noise.js';

export { judgeClips } from './clips.js';
export type { ClipJudgement, JudgedWord } from './clips.js';
export { cutsIntoSpeech, EDGE_SPEECH_MS } from './edges.js';
export { featureContext } from './feature-context.js';
export { FEATURES, wordFeatures } from './features.js';
export type { ConfidenceModel, FeatureName } from './features.js';
export type { ScoredWord, WordEvidence, WordSource } from './scored-word.js';
export { FRAME_MS, QUIET_OVER_FLOOR_DB, recordingLevels } from './levels.js';
export type { RecordingLevels } from './levels.js';
export { applyModel, roundConfidence, scoreWords } from './model.js';
export { CONFIDENCE_MODELS, FITTED_THRESHOLD } from './coefficients.js';

/**
 * The levels of a 16 kHz mono 16-bit WAV (the work audio); its spectral bands only with `bands`
 * (only `echo` reads them, and only the model of words the aligner measured reads `echo`). The
 * speaker's noise bed is found as the edge refinement finds it, on a second read in 5 ms frames
 * (src/align/acoustic/noise-bed.ts): in 10 ms frames a take's bed is often too short for a
 * plateau beside its cliffs, and the Belgian French speaker's hiss after his words, pitch-changed,
 * went unfound, so `cut-edge` and `spill` read it as his words going on (`node bench/run.mjs --only
 * confidence`: changed voices' right clips flagged 14 → 6 of 78). Where that bed is not found, the
 * looser test of the take tails (noiseLikeBedDb) gives the bed past clips' edges (levels.ts
 * `edgeQuiet`), from the same read's zero crossings; the frames under the take noise
 * (take-noise.ts) from its peaks.
 * @throws DictclipError E_INPUT, E_AUDIO_INVALID.
 */
export async function readRecordingLevels(wavPath: string, { bands = true }: { bands?: boolean } = {}): Promise<RecordingLevels> {
  const info = await readWavInfo(wavPath);
  const wav = { ...info, path: wavPath };
  const frameSamples = Math.round((info.sampleRate * FRAME_MS) / 1000);
  // The bed first, its frames let go before the 10 ms read: a 3-hour recording has two million 5 ms frames.
  const bedSamples = Math.round((info.sampleRate * ENERGY_FRAME_MS) / 1000);
  const bed = await readFrameStats(wav, bedSamples, undefined, { peaks: true });
  const bedLevels = frameLevelsOver(bed.energies, bedSamples);
  const bedDb = noiseBedDb(bedLevels);
  const edgeBedDb = bedDb ?? noiseLikeBedDb(bedLevels, crossingRateOf(bed.crossings, bedSamples));
  const underTakeNoise = framesUnderTakeNoise(bed.peaks!);
  const stats = await readFrameStats(wav, frameSamples, undefined, { bands });
  return { ...recordingLevels(stats.energies, frameSamples, stats.crossings, stats.bands, bedDb, edgeBedDb), underTakeNoise };
}

/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 1165 words (700 wrong), fitted 2026-11-27.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise', 'startOut', 'unclaimed', 'cut', 'echo', 'island', 'phoneLate'], weights: [2.782, -0.176, -1.184, -0.432, -1.181, 0.21, -1.65, -1.615, -0.354, -1.944, -1.611, -0.624, -1.343] },
  { name: 'recognized', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'cut', 'posterior'], weights: [2.625, -0.769, 0.124, -0.243, -1.726, -0.5, 0.628, 0, 0, 0, -1.313, 1.3] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'cut'], weights: [2.138, -1.791, 0.871, -1.207, -1.682, -0.767, -0.684, 0, -2.17, 0, -1.486] },
];

/**
 * The calibrated default of `confidenceThreshold`: the highest that flags at most 8 % of the
 * benchmark's right clips with a reference and leaves at most 18 % of the demo's clips with any flag.
 */
export const FITTED_THRESHOLD = 0.75;

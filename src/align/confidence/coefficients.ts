/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 1970 words (1149 wrong), fitted 2026-12-08.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise', 'startOut', 'unclaimed', 'cut', 'echo', 'phoneLate', 'noiseAtStart', 'noiseAtEnd'], weights: [3.561, 0.013, -1.092, -0.608, -0.721, 0.369, -0.813, -1.286, -0.134, -1.541, -1.107, -0.81, -1.928, -1.347] },
  { name: 'recognized', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'cut', 'posterior'], weights: [2.586, -0.972, -0.36, -0.193, -2.074, -0.659, -0.262, 0, 0, 0, -0.946, 1.041] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'cut'], weights: [2.606, -1.436, 0.243, -1.324, -1.596, -0.841, -0.904, 0, -2.628, 0, -1.485] },
];

/**
 * The calibrated default of `confidenceThreshold`: the highest that flags at most 6 % of the
 * benchmark's right clips with a reference and leaves at most 18 % of the demo's clips with any flag.
 */
export const FITTED_THRESHOLD = 0.76;

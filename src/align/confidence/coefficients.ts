/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 788 words (476 wrong), fitted 2026-11-27.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise', 'startOut', 'unclaimed', 'cut', 'echo'], weights: [2.99, -0.412, -0.499, -0.504, -0.315, 0.227, -1.164, -1.662, -0.091, -2.476, -1.804] },
  { name: 'recognized', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'cut', 'posterior'], weights: [2.983, -0.338, 0.067, -0.425, -1.283, -0.215, 0.65, 0, 0, 0, -1.085, 1.385] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'cut'], weights: [2.219, -0.916, 0.907, -0.999, -2.028, -0.713, -0.46, 0, -2.226, 0, -1.84] },
];

/**
 * The calibrated default of `confidenceThreshold`: the highest that flags at most 8 % of the
 * benchmark's right clips with a reference and leaves at most 18 % of the demo's clips with any flag.
 */
export const FITTED_THRESHOLD = 0.8;

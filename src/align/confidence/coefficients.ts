/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 653 words (393 wrong), fitted 2026-11-27.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise', 'startOut'], weights: [2.323, -0.204, -0.817, -2.255, -0.457, 0.187, -0.961, -1.429] },
  { name: 'recognized', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'posterior'], weights: [2.299, -0.34, 0.054, -0.434, -1.267, -0.652, 0.627, 0, 0, 0, 1.376] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated'], weights: [2.261, -0.334, -0.534, -0.615, -0.628, -3.1, -0.301, 0, 0, 0] },
];

/**
 * The calibrated default of `confidenceThreshold`: the highest that flags at most 8 % of the
 * benchmark's right clips with a reference and at most 4 % of the demo's words with a reference.
 */
export const FITTED_THRESHOLD = 0.67;

/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 572 words (372 wrong), fitted 2026-11-27.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise'], weights: [2.933, -0.421, 0.345, -3.144, -0.198, 0.216, -0.305] },
  { name: 'checked', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'moved', 'rejected'], weights: [-1.796, -0.29, 0.025, -0.786, -1.649, -0.483, 0.837, 0, 0, 0, -0.406, -0.008] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated'], weights: [1.954, -0.265, -0.843, 0.4, -0.866, -3.315, -0.216, 0, 0, 0] },
];

/**
 * The calibrated default of `confidenceThreshold`: the highest that flags at most 8 % of the
 * benchmark's right clips with a reference and at most 10 % of the demo's words with a reference.
 */
export const FITTED_THRESHOLD = 0.64;

/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 578 words (376 wrong), fitted 2026-11-27.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise'], weights: [2.332, -0.724, -0.385, -2.533, -0.202, 0.117, -1.301] },
  { name: 'checked', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'moved', 'rejected'], weights: [-1.531, -0.101, 0.07, -0.914, -1.781, -0.442, 1, 0, 0, 0, -0.842, -0.009] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated'], weights: [2.11, -0.247, -0.315, -0.223, -1.009, -2.483, -0.212, 0, 0, 0] },
];

/**
 * The calibrated default of `confidenceThreshold`: the highest that flags at most 8 % of the
 * benchmark's right clips with a reference and at most 10 % of the demo's words with a reference.
 */
export const FITTED_THRESHOLD = 0.74;

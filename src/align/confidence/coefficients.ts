/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 418 words (268 wrong), fitted 2026-11-27.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise'], weights: [3.204, -1.121, 0.097, -2.523, -0.141, 0.244, -0.443] },
  { name: 'checked', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'moved', 'rejected'], weights: [-1.715, -0.268, -0.084, -0.778, -1.485, -0.529, 0.546, 0, 0, 0, -0.165, 0] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated'], weights: [2.003, -0.148, -0.51, 0.175, -1.587, -2.649, -0.172, 0, 0, 0] },
];

/**
 * The calibrated default of `confidenceThreshold`: the highest that flags at most 8 % of the
 * benchmark's right clips with a reference and at most 10 % of the demo's words with a reference.
 */
export const FITTED_THRESHOLD = 0.66;

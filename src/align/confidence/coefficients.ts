/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['quiet', 'level', 'long', 'short', 'unheard', 'substituted', 'estimated', 'gop', 'score'], weights: [3, -5, 1.5, -2.5, -2.5, -1.5, -0.7, -5, 0.3, 0.3] },
  { name: 'aligned', features: ['quiet', 'level', 'long', 'short', 'unheard', 'substituted', 'estimated', 'score'], weights: [3, -5, 1.5, -2.5, -2.5, -1.5, -0.7, -5, 0.3] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'unheard', 'substituted', 'estimated'], weights: [3, -5, 1.5, -2.5, -2.5, -1.5, -0.7, -5] },
];

/** The calibrated default of `confidenceThreshold`. */
export const FITTED_THRESHOLD = 0.5;

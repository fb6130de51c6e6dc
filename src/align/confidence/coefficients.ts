/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 654 words (394 wrong), fitted 2026-11-27.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise'], weights: [2.211, -0.067, -0.897, -2.425, -0.449, 0.198, -0.941] },
  { name: 'recognized', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'posterior'], weights: [2.06, -0.375, 0.14, -0.432, -1.262, -0.582, 0.672, 0, 0, 0, 1.367] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated'], weights: [2.264, -0.337, -0.535, -0.644, -0.632, -3.104, -0.301, 0, 0, 0] },
];

/**
 * The calibrated default of `confidenceThreshold`: the highest that flags at most 8 % of the
 * benchmark's right clips with a reference and at most 4 % of the demo's words with a reference.
 */
export const FITTED_THRESHOLD = 0.62;

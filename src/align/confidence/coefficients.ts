/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 786 words (476 wrong), fitted 2026-11-27.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise', 'startOut'], weights: [2.781, -0.439, -0.998, -1.21, -0.444, 0.275, -1.019, -1.901] },
  { name: 'recognized', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'posterior'], weights: [2.438, -0.34, 0.054, -0.434, -1.267, -0.652, 0.627, 0, 0, 0, 1.376] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated'], weights: [2.126, -0.831, 0.466, -1.249, -1.894, -1.259, -0.567, 0, -2.134, 0] },
];

/**
 * The calibrated default of `confidenceThreshold`: the highest that flags at most 8 % of the
 * benchmark's right clips with a reference and at most 4 % of the demo's words with a reference.
 */
export const FITTED_THRESHOLD = 0.7;

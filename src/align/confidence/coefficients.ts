/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 788 words (476 wrong), fitted 2026-11-27.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise', 'startOut', 'unclaimed'], weights: [2.667, -1.358, -0.275, -0.815, -0.438, 0.133, -0.971, -2.202, -0.558] },
  { name: 'recognized', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'posterior'], weights: [2.585, -0.34, 0.054, -0.434, -1.267, -0.652, 0.627, 0, 0, 0, 1.376] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated'], weights: [2.19, -0.847, 0.697, -1.115, -2.222, -1.137, -0.689, 0, -2.174, 0] },
];

/**
 * The calibrated default of `confidenceThreshold`: the highest that flags at most 8 % of the
 * benchmark's right clips with a reference and at most 4 % of the demo's words with a reference.
 */
export const FITTED_THRESHOLD = 0.73;

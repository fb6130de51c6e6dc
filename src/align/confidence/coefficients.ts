/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 788 words (476 wrong), fitted 2026-11-27.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise', 'startOut', 'unclaimed'], weights: [2.64, -1.227, -0.305, -0.854, -0.441, 0.141, -0.978, -1.92, -0.36] },
  { name: 'recognized', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'posterior'], weights: [2.637, -0.34, 0.054, -0.434, -1.267, -0.652, 0.627, 0, 0, 0, 1.376] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated'], weights: [2.152, -0.862, 0.713, -1.075, -2.118, -1.13, -0.674, 0, -2.171, 0] },
];

/**
 * The calibrated default of `confidenceThreshold`: the highest that flags at most 8 % of the
 * benchmark's right clips with a reference and at most 4 % of the demo's words with a reference.
 */
export const FITTED_THRESHOLD = 0.74;

/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 1165 words (702 wrong), fitted 2026-11-27.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise', 'startOut', 'unclaimed', 'cut', 'echo', 'island', 'phoneLate'], weights: [2.75, -0.159, -1.178, -0.425, -1.63, 0.217, -1.636, -1.578, -0.335, -1.913, -1.585, -0.63, -1.333] },
  { name: 'recognized', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'cut', 'posterior'], weights: [2.521, -0.769, 0.124, -0.243, -1.726, -0.5, 0.628, 0, 0, 0, -1.313, 1.3] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'cut'], weights: [2.118, -1.876, 0.854, -1.187, -1.696, -0.768, -0.873, 0, -2.121, 0, -1.462] },
];

/**
 * The calibrated default of `confidenceThreshold`: the highest that flags at most 8 % of the
 * benchmark's right clips with a reference and leaves at most 18 % of the demo's clips with any flag.
 */
export const FITTED_THRESHOLD = 0.73;

/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 943 words (563 wrong), fitted 2026-11-27.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise', 'startOut', 'unclaimed', 'cut', 'echo'], weights: [2.942, -0.298, -0.929, -0.356, -0.987, 0.249, -1.117, -1.763, -0.456, -2.034, -1.724] },
  { name: 'recognized', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'cut', 'posterior'], weights: [2.781, -0.68, 0.005, -0.504, -1.495, -0.472, 0.341, 0, 0, 0, -1.138, 1.386] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'cut'], weights: [2.231, -1.512, 0.865, -1.212, -2.043, -0.728, -0.597, 0, -1.994, 0, -1.477] },
];

/**
 * The calibrated default of `confidenceThreshold`: the highest that flags at most 8 % of the
 * benchmark's right clips with a reference and leaves at most 18 % of the demo's clips with any flag.
 */
export const FITTED_THRESHOLD = 0.75;

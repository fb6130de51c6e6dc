/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 418 words (269 wrong), fitted 2026-11-26.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'gop', 'score', 'moved', 'rejected'], weights: [1.616, 0.07, -0.402, -0.095, -0.252, -2.762, 0, 0, 0, 0, -0.465, 0.897, 0, 0] },
  { name: 'checked', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'moved', 'rejected'], weights: [2.005, 0.047, -0.688, 0.082, -0.821, -2.694, 0, 0, 0, 0, 0, 0] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated'], weights: [0.362, -2.069, -0.138, -1.09, -1.876, -1.312, -2.526, 0, 0, -0.134] },
];

/** The calibrated default of `confidenceThreshold` (at most 8 % of the right clips below it). */
export const FITTED_THRESHOLD = 0.25;

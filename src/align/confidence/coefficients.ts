/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 168 words (79 wrong), fitted 2026-11-26.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['quiet', 'level', 'long', 'short', 'unheard', 'substituted', 'estimated', 'gop', 'score'], weights: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
  { name: 'aligned', features: ['quiet', 'level', 'long', 'short', 'unheard', 'substituted', 'estimated', 'score'], weights: [0, 0, 0, 0, 0, 0, 0, 0, 0] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'unheard', 'substituted', 'estimated'], weights: [0.476, -0.585, 0.841, -0.259, -1.582, 0.01, -0.171, -0.196] },
];

/** The calibrated default of `confidenceThreshold` (at most 8 % of the right clips below it). */
export const FITTED_THRESHOLD = 0.45;

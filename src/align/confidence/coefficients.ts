/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 329 words (246 wrong), fitted 2026-11-26.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'gop', 'score'], weights: [1.246, 0.068, -0.041, -0.336, -0.11, -2.278, 0, 0.074, -0.104, 0, -0.254, 0.484] },
  { name: 'aligned', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'score'], weights: [1.569, 0.065, -0.063, -0.386, -0.127, -2.303, 0, 0.149, -0.117, 0, 0.218] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated'], weights: [-0.859, -0.92, 0.075, -0.732, -1.793, -1.49, -0.568, 0.959, 2.053, -0.087] },
];

/** The calibrated default of `confidenceThreshold` (at most 8 % of the right clips below it). */
export const FITTED_THRESHOLD = 0.15;

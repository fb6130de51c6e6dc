/**
 * Fitted weights of the confidence models: written by scripts/fit-confidence.mjs from the
 * confidence benchmark's labelled words (bench/confidence.mjs); do not edit by hand.
 * 1417 words (839 wrong), fitted 2026-11-27.
 */
import type { ConfidenceModel } from './features.js';

export const CONFIDENCE_MODELS: readonly ConfidenceModel[] = [
  { name: 'acoustic', features: ['short', 'long', 'outside', 'hollow', 'gop', 'noise', 'startOut', 'unclaimed', 'cut', 'echo', 'island', 'phoneLate'], weights: [2.728, 0.103, -0.466, -0.422, -1.444, 0.235, 0, -1.338, -0.64, -1.921, -1.526, -0.467, -1.269] },
  { name: 'recognized', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'cut', 'posterior'], weights: [3.11, -0.474, 0.16, -0.478, -1.995, -0.531, -0.201, 0, 0, 0, -1.455, 1.431] },
  { name: 'basic', features: ['quiet', 'level', 'long', 'short', 'spill', 'hollow', 'unheard', 'substituted', 'estimated', 'cut'], weights: [2.195, -1.761, 0.833, -0.937, -1.589, -0.822, -0.91, 0, -2.351, 0, -1.491] },
];

/**
 * The calibrated default of `confidenceThreshold`: the highest that flags at most 4 % of the
 * benchmark's right clips with a reference and leaves at most 18 % of the demo's clips with any flag.
 */
export const FITTED_THRESHOLD = 0.75;

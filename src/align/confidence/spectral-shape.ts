/**
 * A frame's spectral shape and the distance between two shapes (pure), read from a recording's
 * spectral bands (src/audio/bands.ts): what `echo` (echo.ts) and the repeats (repeats.ts) compare
 * when they ask whether two stretches of speech sound alike, whatever their loudness.
 */
import { BAND_COUNT } from '../../audio/index.js';

/**
 * Bands this far under a frame's strongest are compared as if at that level: they hold mostly the
 * recording's noise, whose level varies from frame to frame (with every band compared, an exact
 * copy of a syllable measured some 1 dB further off).
 */
export const BAND_RANGE_DB = 30;

/**
 * Frame `f`'s spectral shape into `out`: its bands with those more than {@link BAND_RANGE_DB} under
 * its strongest raised to that, then their mean taken out (not its loudness).
 */
export function frameShape(bands: Float32Array, f: number, out: Float64Array): void {
  let top = -Infinity;
  for (let b = 0; b < BAND_COUNT; b++) top = Math.max(top, bands[f * BAND_COUNT + b]!);
  let mean = 0;
  for (let b = 0; b < BAND_COUNT; b++) {
    out[b] = Math.max(bands[f * BAND_COUNT + b]!, top - BAND_RANGE_DB);
    mean += out[b]!;
  }
  mean /= BAND_COUNT;
  for (let b = 0; b < BAND_COUNT; b++) out[b] = out[b]! - mean;
}

/** The distance of two shapes, dB: the RMS over the bands of their difference (`y` read from `offset`). */
export function shapeDistance(x: Float64Array, y: Float64Array, offset = 0): number {
  let sum = 0;
  for (let b = 0; b < BAND_COUNT; b++) sum += (x[b]! - y[offset + b]!) ** 2;
  return Math.sqrt(sum / BAND_COUNT);
}

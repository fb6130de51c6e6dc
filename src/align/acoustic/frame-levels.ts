/**
 * A recording's energy in 5 ms frames ({@link ENERGY_FRAME_MS}), as the edge refinement reads it:
 * per frame its level, `10·log10(sum of squares / samples)` dB (the mean square; −Infinity for
 * digital silence, a frame whose RMS is at most {@link SILENT_RMS}), and the recording's noise
 * floor, the 5th percentile ({@link FLOOR_PERCENTILE}) of the levels of the frames that are not
 * digital silence; with the zero crossings, per frame the share of its consecutive sample pairs
 * that change sign. Which frames are quiet, a span's loudest frame and which frames are steady
 * noise are read from those. Pure.
 */
import { valueAtShare } from './rank.js';
import { steadyNoiseFrames } from './steady-noise.js';
import type { AcousticSpan } from './types.js';

/** Length of an energy frame, ms. */
export const ENERGY_FRAME_MS = 5;
/** Percentile of the frame levels taken as the noise floor (digital silence left out). */
const FLOOR_PERCENTILE = 0.05;
/** A frame whose RMS is at most this is digital silence (or dither): always quiet, never the floor. */
const SILENT_RMS = 2;

/**
 * Per frame of `frameSamples` samples its level, `10·log10(sum of squares / samples)` dB, from its
 * sum of squares in `energies`; `silentDb` for a frame of digital silence ({@link SILENT_RMS}).
 * Written into `out`, which may be `energies` itself.
 */
export function energyDb(
  energies: Float64Array,
  frameSamples: number,
  silentDb: number,
  out: Float64Array = new Float64Array(energies.length),
): Float64Array {
  const silent = SILENT_RMS * SILENT_RMS * frameSamples;
  for (let f = 0; f < energies.length; f++) out[f] = energies[f]! <= silent ? silentDb : 10 * Math.log10(energies[f]! / frameSamples);
  return out;
}

/** Per frame of `frameSamples` samples its zero-crossing rate: its `crossings` per consecutive sample pair. */
export function crossingRates(crossings: Uint32Array, frameSamples: number): Float64Array {
  const rate = crossingRateOf(crossings, frameSamples);
  const zcr = new Float64Array(crossings.length);
  for (let f = 0; f < zcr.length; f++) zcr[f] = rate(f);
  return zcr;
}

/** As {@link crossingRates}, one frame at a time (no array of rates: a 3-hour recording has two million 5 ms frames). */
export function crossingRateOf(crossings: Uint32Array, frameSamples: number): (frame: number) => number {
  const pairs = Math.max(1, frameSamples - 1);
  return (frame) => crossings[frame]! / pairs;
}

/**
 * Per frame its level (dB of mean square; -Infinity for digital silence), and the recording's noise floor in the same unit;
 * with `zcr`, per frame its zero-crossing rate (the share of its consecutive sample pairs that change sign).
 */
export interface FrameLevels {
  readonly db: Float64Array;
  readonly floorDb: number;
  readonly zcr?: Float64Array | undefined;
}

/** Levels from sums of squares per frame of `frameSamples` samples, and the zero crossings per frame when given. */
export function frameLevels(energies: Float64Array, frameSamples: number, crossings?: Uint32Array): FrameLevels {
  const levels = frameLevelsOver(energies.slice(), frameSamples);
  return crossings === undefined ? levels : { ...levels, zcr: crossingRates(crossings, frameSamples) };
}

/**
 * As {@link frameLevels} without crossings, the levels written over `energies` itself (its caller
 * keeps no use for them): a 3-hour recording has two million 5 ms frames, 17 MB an array. Ranked
 * without a sorted copy (rank.ts).
 */
export function frameLevelsOver(energies: Float64Array, frameSamples: number): FrameLevels {
  const db = energyDb(energies, frameSamples, Number.NEGATIVE_INFINITY, energies);
  // Digital silence (-Infinity) is left out of the floor.
  return { db, floorDb: valueAtShare(db, FLOOR_PERCENTILE, 0, (d) => d !== Number.NEGATIVE_INFINITY) };
}

/** Per frame 1 when it is steady noise (steady-noise.ts), in energy frames. */
export function steadyNoise(levels: FrameLevels): Uint8Array {
  return steadyNoiseFrames(levels.db, levels.zcr, levels.floorDb, ENERGY_FRAME_MS);
}

/** Per frame whether it is at most `overDb` over the floor (1) or louder (0). */
export function quietFrames(levels: FrameLevels, overDb: number): Uint8Array {
  return Uint8Array.from(levels.db, (d) => (d <= levels.floorDb + overDb ? 1 : 0));
}

/** The level of the loudest frame of a span (-Infinity when it holds none). */
export function peakDb(span: AcousticSpan, levels: FrameLevels): number {
  const [first, last] = spanFrames(span, levels.db.length);
  let peak = Number.NEGATIVE_INFINITY;
  for (let f = first; f <= last; f++) peak = Math.max(peak, levels.db[f]!);
  return peak;
}

/** Frames of a span: first, and last inclusive (clamped to the audio). */
export function spanFrames(span: AcousticSpan, frames: number): [number, number] {
  return [Math.floor(span.startMs / ENERGY_FRAME_MS), Math.min(frames, Math.ceil(span.endMs / ENERGY_FRAME_MS)) - 1];
}

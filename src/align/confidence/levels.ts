/**
 * A recording's loudness in 10 ms frames, as the confidence model and the edge check read it:
 * each frame's level in dB, the noise floor, the level of its speech, and which frames are quiet.
 * Pure once the frame energies are read (src/audio readFrameEnergies).
 */

import { BAND_COUNT } from '../../audio/index.js';
import { BED_MARGIN_DB } from '../acoustic/bed-starts.js';
import { crossingRates, energyDb } from '../acoustic/frame-levels.js';
import { valueAtShare } from '../acoustic/rank.js';
import { STEADY_10MS_RANGE_DB, steadyNoiseFrames, stillFrames } from '../acoustic/steady-noise.js';
import { quietInLongTakes } from '../acoustic/take-floors.js';

/** Length of a frame, ms (the recognizer's frame). */
export const FRAME_MS = 10;
/** Samples of a frame of the 16 kHz work audio. */
export const FRAME_SAMPLES = 160;
/** A frame at most this many dB above the noise floor is quiet. */
export const QUIET_OVER_FLOOR_DB = 9;
/** Percentile of the frame levels taken as the noise floor. */
const FLOOR_PERCENTILE = 0.05;
/** Percentile of the levels of the frames that are not quiet taken as the level of the recording's speech. */
const SPEECH_PERCENTILE = 0.5;
/** Level given to a frame of digital silence (src/align/acoustic/frame-levels.ts `energyDb`), dB: under any floor, so always quiet. */
const SILENT_DB = 0;

export interface RecordingLevels {
  /** Per frame its level, dB of RMS (16-bit full scale = 90.3 dB). */
  readonly db: Float64Array;
  /**
   * Per frame 1 when quiet: at most {@link QUIET_OVER_FLOOR_DB} over the floor, digital silence, or
   * at most `BED_MARGIN_DB` over a speaker's own noise bed that stands well over the floor (takes
   * spliced over a quieter floor: src/align/acoustic/noise-bed.ts, as edge refinement reads it; a
   * bed's frames scatter about its level, the median of its plateaus, and bed-starts.ts moves a
   * start over frames up to that margin over it). Measured on the confidence benchmark with every
   * real recording made of whole takes: `cut-edge` marked 18 of the real voices' 85 right clips
   * without the bed, 13 with it (the take's hiss past a word's last audible sample read as sound).
   * With the margin (`node bench/run.mjs --only confidence`, model unchanged): wrong clips flagged
   * with a reference 71 → 74 of 98 and right ones 22 → 20 of 440 (ends running on over the bed
   * now read as `hollow`); on the changed voices 13 → 12 of 31 and 6 → 7 of 78 (a substituted
   * digit had been flagged only because its take's hiss read as sound past it).
   */
  readonly quiet: Uint8Array;
  /**
   * Per frame 1 when quiet as `cut-edge` reads sound past a clip's edges (edges.ts): as `quiet`,
   * with the bed of a recording whose bed only the looser, noise-like test finds
   * (src/align/acoustic/noise-bed.ts `noiseLikeBedDb`, the bed that decides where a take's own
   * noise after a word is trimmed: take-tails.ts). The Greek speaker's ends, moved back from his
   * takes' cliffs to his words' last sound, had his take's hiss after them, read as the word going
   * on. The other features keep `quiet`: with that bed his faint fricatives read as `hollow`.
   * Reference runs of the confidence benchmark's recordings, scored as `node bench/run.mjs --only
   * confidence` scores them (the two variants measured by patching the built confidence pass):
   * right clips flagged 23 of 443 without that bed, 22 with it in `quiet`, 17 with it in
   * `edgeQuiet` only; on its changed voices 6, 7 and 6 of 78. Also quiet here: the frames of a
   * long take (a sentence joined to others over a fainter floor) near that take's own floor
   * (take-floors.ts), and steady noise (`steady`): a word beside a stretch of noise does not go on
   * into it. On the confidence benchmark's read speech with planted faults, 500 ms of white noise
   * between two words marked words beside it `cut-edge` and `low-confidence`, right clips as they
   * were (right clips flagged there 7 → 4 of 67, no wrong clip less: `node bench/run.mjs --only
   * confidence` at 761b3a0 and with this; every other figure the same). The same array as `quiet`
   * without such a bed, take or noise.
   */
  readonly edgeQuiet: Uint8Array;
  /** The noise floor: the 5th percentile of the frame levels (digital silence at 0 dB), dB. */
  readonly floorDb: number;
  /** The level of the recording's speech: the median level of the frames that are not quiet, dB. */
  readonly speechDb: number;
  /**
   * Per frame its zero-crossing rate: the share of its consecutive sample pairs that change sign
   * (white noise about 0.5, voiced speech under 0.15); all 0 when the crossings were not read.
   */
  readonly zcr: Float64Array;
  /**
   * Per frame 1 when it is steady noise (src/align/acoustic/steady-noise.ts: a level that holds
   * still for 150 ms, crossing zero as noise does): sound that is no word's, counted as quiet
   * beside and inside a word's edges and never as unclaimed speech; all 0 when the crossings
   * were not read (absent in levels made by hand).
   */
  readonly steady?: Uint8Array | undefined;
  /**
   * Per frame its spectral bands, dB (`BAND_COUNT` values a frame, frame after frame:
   * src/audio/bands.ts); absent when they were not read.
   */
  readonly bands?: Float32Array | undefined;
  /**
   * Per 5 ms frame 1 when its peak is at most twice the recording's take noise (take-noise.ts
   * `framesUnderTakeNoise`); absent when the peaks were not read (levels made by hand).
   */
  readonly underTakeNoise?: Uint8Array | undefined;
}

/**
 * The levels of a recording from its sums of squares per frame of `frameSamples` samples, and
 * optionally its zero crossings and spectral bands per frame (src/audio readFrameStats). `bedDb`:
 * the level of the speaker's noise bed as edge refinement finds it on its 5 ms frames
 * (src/align/acoustic/noise-bed.ts; `readRecordingLevels`, index.ts, finds it so); null: none.
 * `edgeBedDb`: the bed `edgeQuiet` counts as quiet (see there).
 */
export function recordingLevels(
  energies: Float64Array,
  frameSamples = FRAME_SAMPLES,
  crossings?: Uint32Array,
  bands?: Float32Array,
  bedDb: number | null = null,
  edgeBedDb: number | null = bedDb,
): RecordingLevels {
  // Typed arrays filled in loops, ranked without a sorted copy (src/align/acoustic/rank.ts): a 3-hour recording has a million
  // frames, and a plain array of them sorted with a comparator took some 190 MB at its peak.
  const frames = energies.length;
  const db = energyDb(energies, frameSamples, SILENT_DB);
  // Digital silence counts as the floor it is.
  const floorDb = valueAtShare(db, FLOOR_PERCENTILE, SILENT_DB);
  // A speaker's own noise bed well over the recording's floor (takes spliced over a quieter floor) is quiet too.
  const quietDb = quietLevel(floorDb, bedDb);
  const quiet = framesAtMost(db, quietDb);
  const overBeds = edgeBedDb === bedDb ? quiet : framesAtMost(db, quietLevel(floorDb, edgeBedDb));
  const speechDb = valueAtShare(db, SPEECH_PERCENTILE, quietDb, (d) => d > quietDb && d > SILENT_DB);
  const zcr = crossings === undefined ? new Float64Array(frames) : crossingRates(crossings, frameSamples);
  const steady = steadyNoiseFrames(db, crossings === undefined ? undefined : zcr, floorDb, FRAME_MS, STEADY_10MS_RANGE_DB);
  const edgeQuiet = withQuiet(withQuiet(quietInLongTakes(db, overBeds, floorDb, FRAME_MS), steady), flatFaintFrames(db, floorDb));
  const measuredBands = bands?.length === energies.length * BAND_COUNT ? bands : undefined;
  return { db, quiet, edgeQuiet, floorDb, speechDb, zcr, steady, bands: measuredBands };
}

/** The level a quiet frame is at most: over the floor, or over the bed that stands out (`bedDb`, null: none). */
function quietLevel(floorDb: number, bedDb: number | null): number {
  return Math.max(floorDb + QUIET_OVER_FLOOR_DB, bedDb === null ? Number.NEGATIVE_INFINITY : bedDb + BED_MARGIN_DB);
}

/** `quiet` with the frames of `also` (per frame 1: steady noise, a flat faint bed) quiet too; `quiet` itself when none changes. */
function withQuiet(quiet: Uint8Array, also: Uint8Array): Uint8Array {
  let out = quiet;
  for (let f = 0; f < quiet.length; f++) {
    if (also[f] !== 1 || out[f] === 1) continue;
    if (out === quiet) out = Uint8Array.from(quiet);
    out[f] = 1;
  }
  return out;
}

/**
 * Faint sound that holds still, read as quiet past a clip's edges (`edgeQuiet`): every frame of a
 * window of {@link FLAT_BED_MS} whose levels lie within {@link FLAT_BED_RANGE_DB} of each other, none
 * more than {@link FLAT_BED_OVER_DB} over the floor. A take's own noise bed spliced over a fainter
 * floor is such sound, where the bed tests (noise-bed.ts) find no bed; a word's fading end falls
 * through it rather than holding still. Measured (`node bench/run.mjs --only confidence`, with this
 * against 14c4e12): on the voices never fitted on, right clips flagged `low-confidence` or
 * `unaligned` 29 → 25 of 288 and wrong ones 55 of 81 both times; on the benchmark with a reference
 * 47 → 45 of 647 right and 110 → 109 of 150 wrong (leaving one recording out 43 → 44 and
 * 107 → 106); `cut-edge` on right clips 19 → 16 of 729; the demo and the read speech the same.
 */
export const FLAT_BED_OVER_DB = 16;
export const FLAT_BED_RANGE_DB = 4;
export const FLAT_BED_MS = 100;

/** Per frame 1 when it lies in a flat faint window (see {@link FLAT_BED_OVER_DB}). */
function flatFaintFrames(db: Float64Array, floorDb: number): Uint8Array {
  return stillFrames(db, FLAT_BED_MS / FRAME_MS, FLAT_BED_RANGE_DB, (_from, _lo, hi) => hi <= floorDb + FLAT_BED_OVER_DB);
}

/** Per frame 1 when its level is at most `quietDb`. */
function framesAtMost(db: Float64Array, quietDb: number): Uint8Array {
  const quiet = new Uint8Array(db.length);
  for (let f = 0; f < db.length; f++) quiet[f] = db[f]! <= quietDb ? 1 : 0;
  return quiet;
}

/** Frames [first, end) of a span in ms, inside the recording. */
export function frameRange(levels: Pick<RecordingLevels, 'db'>, startMs: number, endMs: number): [number, number] {
  const first = Math.max(0, Math.min(levels.db.length, Math.floor(startMs / FRAME_MS)));
  const end = Math.max(first, Math.min(levels.db.length, Math.ceil(endMs / FRAME_MS)));
  return [first, end];
}

/**
 * The speaker's own noise bed, where it lies well over the recording's floor, left out of the edges
 * (part of the edge refinement, settle.ts). Takes spliced over a quieter floor (a speaker's takes
 * joined with pauses of another source's noise, a take's hiss ending where the next take's
 * silence begins) carry a bed of their own beside each word: a steady level that ends (or begins)
 * at a cliff down to the recording's floor. Edge refinement measures against the floor, so it took
 * such a bed for speech, extended ends over it and let starts begin in it. Where the plateaus
 * beside the recording's cliffs agree (the bed is one level, unlike the ends of words, which stop
 * at any level), every frame no louder than their median counts as floor for the edges.
 *
 * Measured (`npm run build && node bench/run.mjs --only alignment --no-build`): real starts within
 * 50 ms 90.1 → 94.6 %, ends 84.3 → 91.5 %; the Belgian French speaker, whose takes carry loud
 * quantization noise 25 dB over the joined floor, starts 82.4 → 95.9 %, ends 67.6 → 89.2 %. The
 * other two real speakers and the five synthetic voices have no bed (their plateaus spread 10 dB
 * or more from the 10th to the 90th percentile, his 2.4 to 3.6 dB) and keep their edges. Frames
 * up to 3 dB under the bed as floor: his starts 82.4 %, ends 74.3 %; up to 1.5 dB over it: 90.5
 * and 86.5 % (his faint word ends, the /r/ of "four", lie just over his bed). Pure.
 */
import { median } from './evidence.js';
import type { FrameLevels } from './frame-levels.js';
import { valueAtShare } from './rank.js';

/** A cliff: a frame this many dB or more over the floor beside one at most {@link CLIFF_FLOOR_DB} over it. */
export const CLIFF_FROM_DB = 10;
/** The quiet side of a cliff: at most this many dB over the floor. */
export const CLIFF_FLOOR_DB = 3;
/** Frames of the plateau beside a cliff (the loud side), whose median is its level. */
export const PLATEAU_FRAMES = 4;
/** A plateau's frames lie within this many dB of each other. */
export const PLATEAU_SPREAD_DB = 6;
/** Fewest plateaus for a bed. */
export const MIN_PLATEAUS = 8;
/** The plateaus agree: their 10th and 90th percentiles lie at most this many dB apart. */
export const MAX_BED_SPREAD_DB = 6;
/** The upper percentile of that spread ({@link noiseLikeBedDb} takes its own). */
export const BED_UPPER_SHARE = 0.9;
/** A bed at least this many dB over the floor (a fainter one is left to the floor's thresholds). */
export const MIN_BED_OVER_FLOOR_DB = 12;

/** The recording's loud frames (its {@link LOUD_PERCENTILE}) lie at least this many dB over a bed (else the plateaus are words' own). */
export const MIN_SPEECH_OVER_BED_DB = 15;
/** Percentile of the frame levels taken as the recording's loud speech. */
export const LOUD_PERCENTILE = 0.95;

/** Level of the noise bed (the unit of `levels.db`), or null when none stands out (see the module comment). */
export function noiseBedDb(levels: FrameLevels): number | null {
  return bedOfPlateaus(levels, 0, BED_UPPER_SHARE, () => true);
}

/** {@link noiseLikeBedDb}: the frames left out between a cliff and its plateau (the frame that straddles the cliff). */
export const NOISE_LIKE_SKIP_FRAMES = 1;
/** {@link noiseLikeBedDb}: a plateau's median zero-crossing rate is at least this (noise, not a voiced tail). */
export const NOISE_LIKE_MIN_CROSSING_RATE = 0.1;
/**
 * {@link noiseLikeBedDb}: the upper percentile of the plateaus' spread, so that a fifth of them may
 * lie over the bed (planted noise between takes, a take whose word runs to its cliff). Measured on
 * patched builds: at 0.9 the bed was missed in a Belgian French recording with noise stretches
 * between its takes (p10..p90 49.2..56.2 dB, the noise at 63 dB) and in two of the three Greek
 * speaker's recordings of the alignment benchmark, whose ends then ran 55–69 ms past their words;
 * at 0.8 both are found and no synthetic voice, read speech or trimmed take is; at 0.7 the
 * trimmed takes and the American speaker's takes would be.
 */
export const NOISE_LIKE_UPPER_SHARE = 0.8;

/**
 * A looser test for a bed, for the take tails only (take-tails.ts), never for the floor: plateaus
 * taken one frame in from each cliff, so that a cliff frame half in the bed and half in the floor
 * does not spread them, and only those that cross zero as noise does
 * ({@link NOISE_LIKE_MIN_CROSSING_RATE}). It finds the Greek speaker's bed, 42 dB in 5 ms frames,
 * that {@link noiseBedDb} misses, besides the Belgian French speaker's, and the noisy changed
 * voice of the American speaker; it finds none in the synthetic voices, the read speech, the
 * trimmed takes or the American speaker's own takes (`node
 * scripts/noise-beds.mjs bench/out/confidence/in/*.wav bench/out/confidence/voices/in/*.wav
 * bench/out/alignment/*.wav` after the alignment and confidence benchmarks). As the floor of the
 * edges it moved the Greek speaker's faint /f/, /θ/ and /s/ out of their words (confidence
 * benchmark: real wrong clips 71 → 80), so it only decides
 * where a take's own noise after a word may be trimmed, and (src/align/confidence/levels.ts) what
 * `cut-edge` counts as quiet past a clip's edges. `crossingRate`: per frame its zero-crossing rate.
 */
export function noiseLikeBedDb(levels: FrameLevels, crossingRate: (frame: number) => number): number | null {
  return bedOfPlateaus(levels, NOISE_LIKE_SKIP_FRAMES, NOISE_LIKE_UPPER_SHARE, (from) => {
    const rates = Array.from({ length: PLATEAU_FRAMES }, (_, i) => crossingRate(from + i));
    return median(rates)! >= NOISE_LIKE_MIN_CROSSING_RATE;
  });
}

/**
 * The bed of the plateaus `skip` frames in from the recording's cliffs that `keep` keeps (by their
 * first frame), when their 10th percentile and the one at `upper` lie within {@link MAX_BED_SPREAD_DB}.
 */
function bedOfPlateaus(levels: FrameLevels, skip: number, upper: number, keep: (from: number) => boolean): number | null {
  const { db, floorDb } = levels;
  const plateaus: number[] = [];
  const plateau = (from: number): void => {
    const run = Array.from(db.subarray(from, from + PLATEAU_FRAMES));
    if (Math.max(...run) - Math.min(...run) <= PLATEAU_SPREAD_DB && keep(from)) plateaus.push(median(run)!);
  };
  for (let f = PLATEAU_FRAMES + skip; f + PLATEAU_FRAMES + skip < db.length; f++) {
    if (db[f - 1]! >= floorDb + CLIFF_FROM_DB && db[f]! <= floorDb + CLIFF_FLOOR_DB) plateau(f - PLATEAU_FRAMES - skip);
    if (db[f]! <= floorDb + CLIFF_FLOOR_DB && db[f + 1]! >= floorDb + CLIFF_FROM_DB) plateau(f + 1 + skip);
  }
  if (plateaus.length < MIN_PLATEAUS) return null;
  const sorted = plateaus.sort((a, b) => a - b);
  const at = (p: number): number => sorted[Math.floor(p * (sorted.length - 1))]!;
  const bed = median(sorted)!;
  if (at(upper) - at(0.1) > MAX_BED_SPREAD_DB || bed < floorDb + MIN_BED_OVER_FLOOR_DB) return null;
  return valueAtShare(db, LOUD_PERCENTILE, Number.NEGATIVE_INFINITY) >= bed + MIN_SPEECH_OVER_BED_DB ? bed : null;
}

/** `levels` with every frame no louder than the noise bed (`bed`, found when not given) put at the floor; `levels` itself without a bed. */
export function overNoiseBed(levels: FrameLevels, bed: number | null = noiseBedDb(levels)): FrameLevels {
  if (bed === null) return levels;
  return { ...levels, db: Float64Array.from(levels.db, (d) => (d <= bed ? levels.floorDb : d)) };
}

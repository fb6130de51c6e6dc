/**
 * A word's first syllable said twice (pure): whether the sound at the start of a word's clip is
 * heard again a little later (inside the clip, after it, or in the next word's clip), read from
 * the recording's spectral bands (src/audio/bands.ts).
 */
import { BAND_COUNT } from '../../audio/index.js';
import { FRAME_MS, type RecordingLevels } from './levels.js';
import { frameShape, shapeDistance } from './spectral-shape.js';

/** Frames of the clip's start compared (its onset), 10 ms each. */
export const ONSET_FRAMES = 10;
/** The repeat starts at least this many frames after the onset (a syllable). */
export const MIN_LAG_FRAMES = 8;
/** ... and at most this many. */
export const MAX_LAG_FRAMES = 30;
/** Of the compared frames, at least this many must be loud on both sides. */
const MIN_LOUD = 5;

/** A repeat at most this close to the onset, as a share of the onset's own {@link OnsetRepeat.spreadDb}, counts in `echo`. */
export const ECHO_RATIO = 0.35;
/** `echo` grows by 1 for each this much closer. */
const ECHO_STEP = 0.1;

/**
 * `echo`: how clearly the clip's onset is said again right after it, its syllable repeated:
 * `clamp((0.35 − distance / spread) / 0.1, 0, 3)` with `distance` the closest repeat's spectral
 * distance and `spread` how much the onset's own frames differ ({@link repeatedOnset}; 0 without
 * bands or a loud onset). A clip that starts on a repeated first syllable (a stutter) has its
 * word's real onset right after: inside it when the two are joined, or in the sound after it when
 * a pause parts them and the clip holds only the repeat, or in the next word's clip when the search
 * gave that word the real onset and the clip holds only the repeat (real read speech, a syllable
 * said 80 ms before "would": "would" on the syllable, "be" on "would"); a word whose vowel merely
 * goes on, or whose last sound is like its first (`six`), differs from its onset far more. Measured on the confidence
 * benchmark's words with a reference: of the six clips that held a stutter, five had a repeat at
 * 0.04 to 0.23 of their onset's spread (the sixth at 0.35); of the 235 right clips none was closer
 * than 0.48, and of the demo's 107 words read with their texts none closer than 0.45.
 */
export function echo(levels: RecordingLevels, startMs: number, endMs: number): number {
  const repeat = repeatedOnset(levels, startMs, endMs);
  if (repeat === null || repeat.spreadDb <= 0) return 0;
  return Math.min(3, Math.max(0, (ECHO_RATIO - repeat.distanceDb / repeat.spreadDb) / ECHO_STEP));
}

/** What {@link repeatedOnset} found: the closest repeat's spectral distance (dB) and its lag (frames). */
export interface OnsetRepeat {
  readonly distanceDb: number;
  readonly lagFrames: number;
  /** How much the onset's own frames differ from each other (mean distance of frames 3 or more apart), dB. */
  readonly spreadDb: number;
}

/**
 * The closest repeat of the onset of the clip `startMs`–`endMs`: the first loud frame in its first
 * {@link ONSET_FRAMES} and the {@link ONSET_FRAMES} after it, against every stretch as long that
 * starts {@link MIN_LAG_FRAMES} to {@link MAX_LAG_FRAMES} later, wherever that lies (the clip, a
 * pause, the next word's clip): the mean over the frames loud on both sides of each frame's
 * spectral distance (RMS over the bands of their mean-free levels) to the nearest of the three
 * frames around its counterpart. Null without bands or without a loud onset.
 */
export function repeatedOnset(
  levels: RecordingLevels,
  startMs: number,
  endMs: number,
): OnsetRepeat | null {
  const { bands, quiet } = levels;
  if (bands === undefined) return null;
  const frames = quiet.length;
  const first = Math.max(0, Math.floor(startMs / FRAME_MS));
  const clipEnd = Math.min(frames, Math.ceil(endMs / FRAME_MS));
  let t0 = first;
  while (t0 < Math.min(clipEnd, first + ONSET_FRAMES) && quiet[t0] === 1) t0++;
  if (t0 >= clipEnd || t0 + ONSET_FRAMES > frames) return null;
  const template = Array.from({ length: ONSET_FRAMES }, (_, k) => {
    const v = new Float64Array(BAND_COUNT);
    frameShape(bands, t0 + k, v);
    return v;
  });
  let templateLoud = 0;
  for (let k = 0; k < ONSET_FRAMES; k++) templateLoud += 1 - quiet[t0 + k]!;
  if (templateLoud < MIN_LOUD) return null;
  let spread = 0;
  let pairs = 0;
  for (let a = 0; a < ONSET_FRAMES; a++)
    for (let b = a + 3; b < ONSET_FRAMES; b++) {
      spread += shapeDistance(template[a]!, template[b]!);
      pairs++;
    }
  const spreadDb = spread / pairs;
  const lastStart = Math.min(t0 + MAX_LAG_FRAMES, frames - ONSET_FRAMES - 1);
  const probe = new Float64Array(BAND_COUNT);
  let best: OnsetRepeat | null = null;
  let compared = 0;
  let bestStrict = Infinity;
  for (let u = t0 + MIN_LAG_FRAMES; u <= lastStart; u++) {
    let sum = 0;
    let strict = 0;
    let n = 0;
    for (let k = 0; k < ONSET_FRAMES; k++) {
      if (quiet[t0 + k] === 1 || quiet[u + k] === 1) continue;
      let nearest = Infinity;
      for (let j = -1; j <= 1; j++) {
        frameShape(bands, u + k + j, probe);
        const d = shapeDistance(template[k]!, probe);
        nearest = Math.min(nearest, d);
        if (j === 0) strict += d;
      }
      sum += nearest;
      n++;
    }
    if (n < MIN_LOUD) continue;
    const d = sum / n;
    // On a tie the stretch with more loud frames compared wins, then the one closer frame for frame.
    if (best === null || d < best.distanceDb || (d === best.distanceDb && (n > compared || (n === compared && strict < bestStrict)))) {
      best = { distanceDb: d, lagFrames: u - t0, spreadDb };
      compared = n;
      bestStrict = strict;
    }
  }
  return best;
}

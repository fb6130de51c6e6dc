/**
 * Steady noise kept out of word edges (part of the edge refinement, refine.ts). A stretch of noise
 * with no word on it (a hiss, a fan, a line fault) next to a word is sound to the refinement, and
 * the search readily gives it to the word: white noise fits a fricative's phones, so a word after
 * it began in it, hundreds of ms early. Noise differs from speech in two ways the frames show:
 * it crosses zero about every other sample (voiced sound far less), and its level holds still,
 * while speech is modulated at the pace of its syllables: even a long /s/ swells and fades.
 * A frame is steady noise when it lies in a window of {@link STEADY_MS} whose frames are all more
 * than {@link STEADY_OVER_DB} over the floor, within {@link STEADY_RANGE_DB} of each other, and
 * cross zero at least {@link NOISY_CROSSINGS} of their sample pairs on average. A span that begins
 * (ends) with nothing but quiet and steady noise frames has its edge moved past them, and a span
 * of nothing else was not found (as a word forced onto a pause).
 *
 * Measured (5 ms frames, windows wholly inside a word's truth): on the confidence benchmark's
 * real digits of the three speakers and five espeak-ng voices, the 150 ms windows whose mean
 * crossing rate is 0.3 or more (fricatives) span at least 9.4 dB (a US speaker's /s/ of "six"), and
 * 9.0 dB on the changed voices (the same speaker slowed to 0.92, pitch down 300 cents); the planted
 * white noise's windows 1.6 dB in the median, 2.3 dB at the 95th percentile; Gaussian white noise
 * (simulated) 2.8 dB in the median, 4.2 dB at the 99th percentile. Windows of 100 ms separate
 * worse (that slowed /s/: 3.7 dB), hence 150. Voiced windows can be as steady as noise (a synthetic
 * vowel held 160 ms within 3 dB) but cross zero at most 0.27. No word of the alignment benchmark's
 * real and synthetic voices (605) holds a frame of steady noise.
 *
 * Effect (`npm run build && node bench/run.mjs --only confidence --no-build`, 23 recordings, the
 * model as fitted before): wrong clips 120 → 107 (of the four recordings with noise between words,
 * 22 → 12: words that began up to 400 ms early in the noise before them, or ended in the noise after
 * them), right clips flagged 16 of 417 → 16 of 431; changed voices: starts within 50 ms 80.4 →
 * 82.4 %, wrong clips left unflagged 25 → 25, right flagged 6 of 66 → 6 of 67. The alignment
 * benchmark is the same (`--only alignment`). Moving an edge only from a steady frame at the edge
 * (no look past a neighbour's sound) or finding the noise on the levels with the speaker's bed put
 * at the floor left most of those starts in the noise (a bed at the noise's level breaks it up).
 */
import type { AcousticSpan } from './types.js';

/** Shortest stretch of steady noise, ms. */
export const STEADY_MS = 150;
/** The levels of a steady stretch's frames lie within this many dB of each other. */
export const STEADY_RANGE_DB = 5;
/**
 * The spread of a steady window in frames of 10 ms (the confidence model's): white noise's scatter
 * less than in 5 ms frames (Gaussian: 2.7 dB at the 99th percentile over 150 ms), and so do a
 * fricative's (the benchmark's narrowest, a US speaker's /s/ of "six": 5.2 dB).
 */
export const STEADY_10MS_RANGE_DB = 3.5;
/** ... are all more than this many dB over the floor (fainter frames are quiet to the edges anyway). */
export const STEADY_OVER_DB = 9;
/** ... and cross zero on at least this share of their consecutive sample pairs, on average (white noise: 0.5). */
export const NOISY_CROSSINGS = 0.3;

/**
 * Per frame 1 when it is steady noise (see the module comment): `db` its level, `zcr` its
 * zero-crossing rate (absent: no frame is), `floorDb` the floor, each frame `frameMs` long;
 * `rangeDb`: the spread of a steady window (longer frames scatter less: see `STEADY_10MS_RANGE_DB`).
 */
export function steadyNoiseFrames(
  db: Float64Array,
  zcr: Float64Array | undefined,
  floorDb: number,
  frameMs: number,
  rangeDb = STEADY_RANGE_DB,
): Uint8Array {
  if (zcr === undefined) return new Uint8Array(db.length);
  const width = STEADY_MS / frameMs;
  return stillFrames(db, width, rangeDb, (from, lo) => {
    if (lo <= floorDb + STEADY_OVER_DB) return false;
    let crossings = 0;
    for (let k = from; k < from + width; k++) crossings += zcr[k]!;
    return crossings / width >= NOISY_CROSSINGS;
  });
}

/**
 * Per frame 1 when it lies in a window of `width` frames of `db` whose levels lie within `rangeDb`
 * of each other and that `accept` takes (the window's first frame, its faintest and loudest level):
 * sound that holds still.
 */
export function stillFrames(
  db: Float64Array,
  width: number,
  rangeDb: number,
  accept: (from: number, loDb: number, hiDb: number) => boolean,
): Uint8Array {
  const still = new Uint8Array(db.length);
  for (let f = 0; f + width <= db.length; f++) {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let k = f; k < f + width; k++) {
      lo = Math.min(lo, db[k]!);
      hi = Math.max(hi, db[k]!);
    }
    if (hi - lo <= rangeDb && accept(f, lo, hi)) still.fill(1, f, f + width);
  }
  return still;
}

/**
 * Sound of another word before the steady noise at a span's start (after it at its end) that the
 * edge still moves past, at most, ms: the neighbour's last sound spills over, and the noise's first
 * frames, beside it, lie in no steady window.
 */
export const NOISE_LOOK_IN_MS = 50;

/** A span whose edges move past more than this share of its frames was put on noise: not found. */
export const MOSTLY_NOISE = 2 / 3;

/**
 * `spans` with each start moved on over the steady noise (`steady`) and the quiet frames
 * (`quietStart`) it begins with, and each end back over the steady noise and the quiet frames
 * (`quietEnd`) it ends with, when the noise begins (ends) within {@link NOISE_LOOK_IN_MS} of sound
 * of the edge (never past each other); null for a span of nothing but steady noise and frames quiet
 * by `quietEnd`, or whose edges would move past more than {@link MOSTLY_NOISE} of it (a word forced
 * onto noise was not found). Frames are `frameMs` long.
 */
export function edgesPastSteadyNoise(
  spans: readonly (AcousticSpan | null)[],
  steady: Uint8Array,
  quietStart: Uint8Array,
  quietEnd: Uint8Array,
  frameMs: number,
): (AcousticSpan | null)[] {
  const look = NOISE_LOOK_IN_MS / frameMs;
  return spans.map((span) => {
    if (span === null) return null;
    const first = Math.floor(span.startMs / frameMs);
    const end = Math.min(steady.length, Math.ceil(span.endMs / frameMs)); // exclusive
    const frames = steady.subarray(first, end);
    if (frames.some((s) => s === 1) && frames.every((s, k) => s === 1 || quietEnd[first + k] === 1)) return null;
    // The first steady frame, past quiet frames and at most `look` frames of other sound; then on over noise and quiet.
    let start = first;
    let k = first;
    for (let other = 0; k < end && steady[k] !== 1; k++) if (quietStart[k] !== 1 && ++other > look) break;
    if (k < end && steady[k] === 1) {
      while (k < end && (steady[k] === 1 || quietStart[k] === 1)) k++;
      if (k < end) start = k;
    }
    let last = end - 1;
    let j = end - 1;
    for (let other = 0; j > start && steady[j] !== 1; j--) if (quietEnd[j] !== 1 && ++other > look) break;
    if (j > start && steady[j] === 1) {
      while (j > start && (steady[j] === 1 || quietEnd[j] === 1)) j--;
      if (j > start) last = j;
    }
    if (start === first && last === end - 1) return span;
    // Mostly noise: the search put the word there, and what is left of it is a sliver of a neighbour's sound.
    if (end - first - (last + 1 - start) > MOSTLY_NOISE * (end - first)) return null;
    return {
      ...span,
      startMs: start === first ? span.startMs : start * frameMs,
      endMs: last === end - 1 ? span.endMs : (last + 1) * frameMs,
    };
  });
}

/**
 * The same word said elsewhere in the recording (pure): whether a word's clip sounds like the
 * recording's other clips of that word, and lasts about as long. A speaker says a word much the
 * same way each time, so a clip that sounds more like the clips of another word than like the
 * others of its own holds another word's audio (a word of the text put on a neighbour's sound, a
 * substituted word), and one far longer or shorter than the word's other clips has an edge in the
 * wrong place (a missing word's or a stutter's audio taken in, a word cut in half). Neither asks the
 * recognizer anything: they hold on voices its model fits badly, where its own scores do not tell a
 * right word from a wrong one (on the confidence benchmark's real digits, 177 of 379 right clips
 * decoded alone against the ten digits fit another digit better than their own: measured offline
 * with `pocketsphinx_batch`, no command of the repository prints it).
 *
 * A clip is read as the spectral shapes (spectral-shape.ts) of its 10 ms frames that are not quiet
 * (all its frames when fewer than {@link MIN_LOUD_FRAMES} are), and two clips are compared by
 * dynamic time warping: the least sum of frame distances along a path through both, divided by the
 * path's length bound (the two clips' frames together), so a word said faster or slower compares
 * alike. Each word is compared with at most {@link MAX_SAME} of its own word's clips and
 * {@link MAX_OTHERS} of other words', the nearest in the text within {@link MAX_REACH} clips, so
 * the cost grows with the recording's length, not its square.
 */
import { BAND_COUNT } from '../../audio/index.js';
import { phraseParts } from '../../markers/index.js';
import { median } from '../acoustic/evidence.js';
import { clamp } from './clamp.js';
import { FRAME_MS, frameRange, type RecordingLevels } from './levels.js';
import type { ScoredWord } from './scored-word.js';
import { frameShape, shapeDistance } from './spectral-shape.js';

/** A clip's frames compared are its frames that are not quiet, when it has at least this many. */
export const MIN_LOUD_FRAMES = 3;
/** Frames of a clip compared at most (a longer clip's frames are taken evenly through it). */
export const MAX_FRAMES = 120;
/** Clips of the word's own text a word is compared with, at most (the nearest in the text). */
export const MAX_SAME = 8;
/** Clips of other words a word is compared with, at most (the nearest in the text). */
export const MAX_OTHERS = 12;
/** Clips are looked for at most this many clips away in the text, on each side (a word said once is not looked for all through). */
export const MAX_REACH = 200;

/**
 * `repeatUnlike`: how much further a clip is from its own word's other clips than from other
 * words' clips: `clamp((nearestSame / nearestOther − 1.2) / 0.25, 0, 3)` (the distances of
 * {@link clipDistance}); 0 when the recording has no other clip of its word (or only clips of it),
 * or without bands. A clip at distance 0 from another is the same audio pasted twice, which no
 * speaker says: it is left out of the comparison (the benchmarks' recordings reuse takes).
 * Measured on the confidence benchmark's reference runs and its changed voices (1,086 placed
 * clips, 186 wrong; `node bench/run.mjs --only confidence`, the features of each clip as its
 * manifest has them): over 1 for 12 right clips and 24 wrong ones, 9 of those not `low-confidence`
 * without it (three substituted digits, a digit put on another's audio 600 ms away).
 */
export const UNLIKE_FROM = 1.2;
/** See {@link UNLIKE_FROM}. */
export const UNLIKE_STEP = 0.25;

/**
 * `repeatLength`: how far the clip's length is from the median of its word's other clips, past a
 * factor of √2, in halvings: `clamp((|log2(ms / medianMs)| − 0.5) / 0.5, 0, 3)` (1 at twice or
 * half the length); 0 when the recording has no other clip of its word. On the same clips: over 1
 * (more than twice or under half) for 6 right clips and 12 wrong ones, 7 of those not
 * `low-confidence` without it (ends 200–300 ms off, the 600 ms misplacement).
 */
export const LENGTH_FREE_OCTAVES = 0.5;

/** What the repeats say of one word: the features `repeatUnlike` and `repeatLength` (see above). */
export interface RepeatMeasures {
  readonly unlike: number;
  readonly length: number;
}

/** No other clip of the word to compare with. */
export const NO_REPEATS: RepeatMeasures = { unlike: 0, length: 0 };

/** The text two clips must share to be clips of one word: its comparable parts, as `--find` compares words. */
export function wordKey(text: string): string {
  return phraseParts(text).join(' ');
}

/** The spectral shapes of a clip's frames compared (see the module comment), frame after frame; null without bands. */
export function clipShapes(levels: RecordingLevels, startMs: number, endMs: number): Float64Array | null {
  const { bands, quiet } = levels;
  if (bands === undefined) return null;
  const [first, end] = frameRange(levels, startMs, endMs);
  let frames: number[] = [];
  for (let f = first; f < end; f++) if (quiet[f] === 0) frames.push(f);
  if (frames.length < MIN_LOUD_FRAMES) frames = Array.from({ length: end - first }, (_, k) => first + k);
  if (frames.length > MAX_FRAMES) {
    const all = frames;
    frames = Array.from({ length: MAX_FRAMES }, (_, k) => all[Math.floor((k * all.length) / MAX_FRAMES)]!);
  }
  const shapes = new Float64Array(frames.length * BAND_COUNT);
  const one = new Float64Array(BAND_COUNT);
  frames.forEach((f, k) => {
    frameShape(bands, f, one);
    shapes.set(one, k * BAND_COUNT);
  });
  return shapes;
}

/**
 * The distance of two clips' shapes ({@link clipShapes}), dB: dynamic time warping with steps of one
 * frame in either clip or both, the least sum of frame distances divided by the two clips' frames
 * together. Infinite when either has no frame.
 */
export function clipDistance(a: Float64Array, b: Float64Array): number {
  const n = a.length / BAND_COUNT;
  const m = b.length / BAND_COUNT;
  if (n === 0 || m === 0) return Number.POSITIVE_INFINITY;
  let previous = new Float64Array(m + 1).fill(Number.POSITIVE_INFINITY);
  let current = new Float64Array(m + 1);
  previous[0] = 0;
  const x = new Float64Array(BAND_COUNT);
  for (let i = 1; i <= n; i++) {
    current[0] = Number.POSITIVE_INFINITY;
    x.set(a.subarray((i - 1) * BAND_COUNT, i * BAND_COUNT));
    for (let j = 1; j <= m; j++) {
      const d = shapeDistance(x, b, (j - 1) * BAND_COUNT);
      current[j] = d + Math.min(previous[j]!, current[j - 1]!, previous[j - 1]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[m]! / (n + m);
}

/**
 * What the repeats say of each word of a recording ({@link RepeatMeasures}), by word. Only words
 * the aligner placed (with its evidence) that last three frames or more are measured and compared
 * with: a word the recognizer timed varies more in length from one clip of a word to the next (with
 * its words measured too, the confidence benchmark's right words without a reference were capped
 * 6 of 40 synthetic and 8 of 42 real against 3 and 7: `node bench/run.mjs --only confidence` at
 * 106d9d4 and at 50ca2c0), and an estimated word has no times of its own. The others get
 * {@link NO_REPEATS}.
 */
export function repeatMeasures(words: readonly ScoredWord[], levels: RecordingLevels): Map<ScoredWord, RepeatMeasures> {
  const clips = words.filter((w) => w.evidence !== undefined && w.source !== 'estimated' && w.endMs - w.startMs >= 3 * FRAME_MS);
  const keys = clips.map((w) => wordKey(w.text));
  const shapes: (Float64Array | null | undefined)[] = new Array(clips.length);
  const shapesOf = (i: number): Float64Array | null => (shapes[i] ??= clipShapes(levels, clips[i]!.startMs, clips[i]!.endMs));
  const distances = new Map<number, number>();
  const distance = (i: number, j: number): number => {
    const key = Math.min(i, j) * clips.length + Math.max(i, j);
    let d = distances.get(key);
    if (d === undefined) {
      const [a, b] = [shapesOf(i), shapesOf(j)];
      d = a === null || b === null ? Number.POSITIVE_INFINITY : clipDistance(a, b);
      distances.set(key, d);
    }
    return d;
  };
  // Per clip the nearest clips in the text of its own word's text and of others'.
  const near = clips.map((_, i) => {
    const same: number[] = [];
    const others: number[] = [];
    const wanted = (): boolean => same.length < MAX_SAME || others.length < MAX_OTHERS;
    for (let step = 1; step <= MAX_REACH && step < clips.length && wanted(); step++) {
      for (const j of [i - step, i + step]) {
        if (j < 0 || j >= clips.length) continue;
        if (keys[j] === keys[i]) {
          if (same.length < MAX_SAME) same.push(j);
        } else if (others.length < MAX_OTHERS) others.push(j);
      }
    }
    return { same, others };
  });
  const bands = levels.bands !== undefined;
  // Distance 0 is the same audio pasted twice (no speaker says a word twice alike to the sample): no evidence either way.
  const nearest = (i: number, js: readonly number[]): { j: number; d: number } =>
    js.reduce((best, j) => {
      const d = distance(i, j);
      return d > 0 && d < best.d ? { j, d } : best;
    }, { j: -1, d: Number.POSITIVE_INFINITY });
  /** Clip `i`'s distance to its own word's nearest clip (of `same`) over that to another word's nearest clip. */
  const ratioOf = (i: number, same: readonly number[]): { ratio: number; nearestSame: number } => {
    const mine = nearest(i, same);
    const other = nearest(i, near[i]!.others);
    return { ratio: Number.isFinite(mine.d) && Number.isFinite(other.d) ? mine.d / other.d : 0, nearestSame: mine.j };
  };
  const ratios = bands ? clips.map((_, i) => ratioOf(i, near[i]!.same)) : [];
  const out = new Map<ScoredWord, RepeatMeasures>();
  clips.forEach((word, i) => {
    const { same } = near[i]!;
    if (same.length === 0) {
      out.set(word, NO_REPEATS);
      return;
    }
    const ms = word.endMs - word.startMs;
    const typical = median(same.map((j) => clips[j]!.endMs - clips[j]!.startMs))!;
    const length = clamp((Math.abs(Math.log2(ms / typical)) - LENGTH_FREE_OCTAVES) / LENGTH_FREE_OCTAVES, 0, 3);
    let unlike = 0;
    if (bands) {
      const { nearestSame } = ratios[i]!;
      let { ratio } = ratios[i]!;
      // Two clips of a word unlike each other: the one nearer another word's clip is the likelier wrong one, and the
      // other is judged without it (a word said twice, one clip of it on another word's audio, blames that clip alone).
      if (nearestSame >= 0 && ratios[nearestSame]!.ratio > ratio) ratio = ratioOf(i, same.filter((j) => j !== nearestSame)).ratio;
      unlike = clamp((ratio - UNLIKE_FROM) / UNLIKE_STEP, 0, 3);
    }
    out.set(word, { unlike, length });
  });
  for (const word of words) if (!out.has(word)) out.set(word, NO_REPEATS);
  return out;
}

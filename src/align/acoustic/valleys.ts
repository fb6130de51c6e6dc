/**
 * Junctions of touching words moved to where the sound says one word ends and the next begins
 * (part of the edge refinement, refine.ts). The grammar search sometimes makes two words touch
 * inside one of them: the previous word's fading end given to the next word, or the next word's
 * onset to the previous one. The junction rule of junctions.ts needs a pause (quiet frames); these
 * read the shape of the level over the floor instead, with physical reasons: a word's end dies
 * away, the next word's onset rises, and a consonant that begins a word holds or grows.
 *
 * - {@link junctionsAtValleys}: a junction on a steady slope (a fading vowel, a rising onset) moves
 *   down it onto the valley between the two words. A held-out real junction (a Greek speaker's
 *   "two" "one", the search's junction on the "two"'s vowel) moves 200 ms, onto where "one"
 *   begins. On the benchmark's recordings it moves none: their junctions off by more than 50 ms
 *   sit in faint sound, not on a slope. Without the check on the loudest of three frames it moved
 *   9 right junctions by 10 to 25 ms (a synthetic "around" "for" −16 → −41 ms) onto single-frame
 *   dips of a voice's pitch beats; read on that envelope alone it moved "church" "and" −14 → −104
 *   ms and "around" "for" +14 → −75 ms (the walk then crossed the beats into a closure); without
 *   the step limit it moved a "nine" "seven" junction, at the abrupt end of "nine", 30 ms into the
 *   /s/ of "seven".
 * - {@link junctionsBeforeOnsets}: a junction in faint sound before the next word's abrupt onset,
 *   the faint stretch fading, moves to its last lowest frame; run before the edges are extended
 *   and again after (an extended end can meet a start put in the previous word's tail). Measured
 *   (`npm run build && node bench/run.mjs --only alignment --no-build`; the confidence benchmark's
 *   recordings with their references re-settled the same way): real starts within 50 ms
 *   97.8 → 98.2 % (jackson 95.9 → 97.3 %), synthetic starts 96.6 → 97.1 %, ends the same (92.8,
 *   96.8 %); the confidence recordings' starts 91.6 → 92.1 %, ends 90.9 → 91.2 %. 45 edges moved
 *   nearer the truth, 1 farther (a "nine" end −5 → +30 ms): a jackson "six" "one" −129 → −9 ms
 *   (the /s/ of "six" given to "one"), "three" −71 → −21, a real "four" −51 → −16, synthetic
 *   "past" −58 → −8, "to" −51 → −16. Without the fade condition a synthetic "the" "village" moved
 *   +10 → +75 ms (the /v/, whose halves differ by 0.3 dB, is the faint stretch); with any fade
 *   (0 dB) and only before the extension, a stutter's "and" "ask" −55 → −10 as well (0.25 dB),
 *   but none of the starts the extension made touch. Pure.
 */
import { movedJunctions } from './junctions.js';
import type { AcousticSpan } from './types.js';

/** How far from where two touching words meet the valley may lie, ms. */
export const VALLEY_REACH_MS = 200;
/** On a steady slope no frame rises more than this many dB over the lowest one before it. */
export const SLOPE_TOLERANCE_DB = 3;
/** The valley lies at least this many dB under the level where the words meet. */
export const MIN_VALLEY_DROP_DB = 12;
/** Past the valley the level rises at least this many dB over it, within {@link RISE_WITHIN_MS}. */
export const MIN_VALLEY_RISE_DB = 10;
/** How soon past the valley the level rises (the other word's sound), ms. */
export const RISE_WITHIN_MS = 50;
/** A slope falls at most this many dB from one frame to the next: a fading voice; a steeper step is a word's own edge. */
export const MAX_STEP_DB = 8;
/** The valley lies at least this many dB under each of the two words' loudest frames. */
export const VALLEY_UNDER_PEAK_DB = 20;
/** A junction before an onset lies in faint sound: at least this many dB under each of the two words' loudest frames. */
export const ONSET_FAINT_UNDER_PEAK_DB = 15;
/** The faint stretch after such a junction: frames at most this many dB over the junction's level. */
export const STRETCH_TOLERANCE_DB = 6;
/** An onset rises at least this many dB over the faint stretch's lowest frame and the junction's level, within {@link ONSET_RISE_MS}. */
export const ONSET_RISE_DB = 15;
/** How soon after the faint stretch an onset rises, ms. */
export const ONSET_RISE_MS = 25;
/** A fading stretch's second half is on average at least this many dB fainter than its first. */
export const MIN_FADE_DB = 1;

/**
 * Two placed words that touch (one's end on the other's start, to the frame of `frameMs`), whose
 * junction lies on a steady slope down to a valley (see the module comment): from the junction's
 * level, frame by frame in one direction, no frame more than {@link SLOPE_TOLERANCE_DB} over the
 * lowest before it nor {@link MAX_STEP_DB} under the one before it (nor at the junction itself),
 * down to a frame at least {@link MIN_VALLEY_DROP_DB} under the junction's level (on the loudest of
 * three frames too) and {@link VALLEY_UNDER_PEAK_DB} under both words' loudest frames, after which
 * the level rises at least {@link MIN_VALLEY_RISE_DB} within {@link RISE_WITHIN_MS}; within
 * {@link VALLEY_REACH_MS} and between the two words' middles. The junction moves onto the valley's
 * frame (the first word ends where it begins, the second starts there). Where both directions lead
 * down to such a valley, nothing says which: the junction stays. `db`: per frame its level in dB
 * (any reference).
 */
export function junctionsAtValleys(
  spans: readonly (AcousticSpan | null)[],
  db: Float64Array,
  frameMs: number,
): (AcousticSpan | null)[] {
  // A voice's level beats with its pitch from one 5 ms frame to the next: a valley is also one on
  // the loudest of three.
  const envelope = db.map((_, f) => Math.max(db[f - 1] ?? db[f]!, db[f]!, db[f + 1] ?? db[f]!));
  return junctionsMovedTo(spans, db.length, frameMs, (a, b, junction) => {
    // A junction at a step steeper than a fade is at a word's own abrupt end or onset.
    if (Math.abs(db[junction]! - db[junction - 1]!) > MAX_STEP_DB) return null;
    const low = Math.ceil((a.startMs + a.endMs) / 2 / frameMs);
    const high = Math.floor((b.startMs + b.endMs) / 2 / frameMs);
    const under = Math.min(peak(db, Math.floor(a.startMs / frameMs), junction), peak(db, junction, Math.ceil(b.endMs / frameMs)))
      - VALLEY_UNDER_PEAK_DB;
    const found = ([[junction, 1, high], [junction - 1, -1, low]] as const).flatMap(([from, step, bound]) => {
      const v = valleyFrom(db, from, step, bound, frameMs);
      // A valley of one frame between louder ones is a beat of the voice's pitch, not a valley between words.
      return v !== null && envelope[v]! <= under && envelope[from]! - envelope[v]! >= MIN_VALLEY_DROP_DB ? [v] : [];
    });
    return found.length === 1 ? found[0]! : null; // the valley frame is the second word's first
  });
}

/**
 * The valley frame reached from frame `from` stepping by `step` (+1 or -1) down a steady slope
 * (see {@link junctionsAtValleys}), never past frame `bound` (exclusive); null when there is none.
 */
function valleyFrom(db: Float64Array, from: number, step: 1 | -1, bound: number, frameMs: number): number | null {
  const reach = VALLEY_REACH_MS / frameMs;
  const inWords = (f: number): boolean => f >= 0 && f < db.length && (step === 1 ? f < bound : f > bound);
  if (!inWords(from)) return null;
  let lowest = from;
  for (let f = from + step; inWords(f) && Math.abs(f - from) <= reach && db[f]! <= db[lowest]! + SLOPE_TOLERANCE_DB; f += step) {
    if (db[f - step]! - db[f]! > MAX_STEP_DB) return null;
    if (db[f]! < db[lowest]!) lowest = f;
  }
  if (db[from]! - db[lowest]! < MIN_VALLEY_DROP_DB) return null;
  // Past the valley the level rises (the other word), before it falls any lower.
  const rise = RISE_WITHIN_MS / frameMs;
  for (let k = lowest + step; inWords(k) && Math.abs(k - lowest) <= rise && db[k]! >= db[lowest]!; k += step)
    if (db[k]! >= db[lowest]! + MIN_VALLEY_RISE_DB) return lowest;
  return null;
}

/**
 * `spans` with the junction of each two placed words that touch (to the frame of `frameMs`, inside
 * `frames`) moved to the frame `move` gives (null: where it is), both words meeting there; `move`
 * sees the words as earlier moves left them (`movedJunctions`, junctions.ts).
 */
function junctionsMovedTo(
  spans: readonly (AcousticSpan | null)[],
  frames: number,
  frameMs: number,
  move: (a: AcousticSpan, b: AcousticSpan, junction: number) => number | null,
): (AcousticSpan | null)[] {
  return movedJunctions(spans, frameMs, (a, b, junction) => {
    if (junction <= 0 || junction >= frames) return null;
    const frame = move(a, b, junction);
    return frame === null ? null : [{ ...a, endMs: frame * frameMs }, { ...b, startMs: frame * frameMs }];
  });
}

/** The loudest level of frames `[from, to)` (-Infinity when none). */
function peak(db: Float64Array, from: number, to: number): number {
  let most = Number.NEGATIVE_INFINITY;
  for (let f = Math.max(0, from); f < Math.min(db.length, to); f++) most = Math.max(most, db[f]!);
  return most;
}

/**
 * Two placed words that touch in faint sound (the level where they meet at least
 * {@link ONSET_FAINT_UNDER_PEAK_DB} under both words' loudest frames) before the second word's
 * abrupt onset: the search gave the first word's faint end (a fricative's hiss, a closure's
 * murmur) to the second word. From the junction, frames at most {@link STRETCH_TOLERANCE_DB} over
 * its level, within {@link VALLEY_REACH_MS} and before the second word's middle, make a faint
 * stretch; the frame after it begins a rise of {@link ONSET_RISE_DB} over the stretch's lowest frame
 * and over the junction's level within {@link ONSET_RISE_MS}. When the stretch fades (its second
 * half on average at least {@link MIN_FADE_DB} fainter than its first: a word's end dies away,
 * while a consonant that begins the next word, /v/ of "village", holds or grows) the junction moves
 * to its last lowest frame. `db`: per frame its level in dB (any reference).
 */
export function junctionsBeforeOnsets(
  spans: readonly (AcousticSpan | null)[],
  db: Float64Array,
  frameMs: number,
): (AcousticSpan | null)[] {
  const reach = VALLEY_REACH_MS / frameMs;
  return junctionsMovedTo(spans, db.length, frameMs, (a, b, junction) => {
    const high = Math.min(db.length, Math.floor((b.startMs + b.endMs) / 2 / frameMs));
    const level = db[junction]!;
    const peaks = Math.min(peak(db, Math.floor(a.startMs / frameMs), junction), peak(db, junction, Math.ceil(b.endMs / frameMs)));
    if (level > peaks - ONSET_FAINT_UNDER_PEAK_DB) return null;
    let rise = junction; // the first frame past the faint stretch
    let lowest = junction;
    for (; rise < high && rise - junction <= reach && db[rise]! <= level + STRETCH_TOLERANCE_DB; rise++)
      if (db[rise]! <= db[lowest]!) lowest = rise;
    if (rise >= high || rise - junction > reach || lowest === junction) return null;
    const top = peak(db, rise, Math.min(high, rise + ONSET_RISE_MS / frameMs));
    if (top < Math.max(db[lowest]!, level) + ONSET_RISE_DB) return null;
    const half = Math.floor((rise - junction) / 2);
    if (mean(db, junction, junction + half) - mean(db, rise - half, rise) < MIN_FADE_DB) return null;
    return lowest;
  });
}

/** The mean level of frames `[from, to)` (0 when none). */
function mean(db: Float64Array, from: number, to: number): number {
  let sum = 0;
  for (let f = from; f < to; f++) sum += db[f]!;
  return to > from ? sum / (to - from) : 0;
}

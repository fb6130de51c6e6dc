/**
 * Word edges moved outwards over loud frames (part of the edge refinement, refine.ts, after the
 * inward moves). The search often cuts a word's faint start or its fading end: an edge with sound
 * just outside it is moved outwards over frames more than {@link EXTEND_OVER_DB} over the floor
 * (steady noise left out: it is no word's), never onto a neighbouring word, a start by at most
 * {@link MAX_EXTEND_START_MS} after a placed word and {@link MAX_EXTEND_START_ALONE_MS} after a word
 * not placed or as the first word, an end by at most {@link MAX_EXTEND_END_MS}. The search starts
 * some words 100 to 230 ms late (a weak first consonant given to the pause): hence the long reach
 * after a placed word (60 ms took synthetic starts within 50 ms to 92.6 %, 200 ms to 93.9 %; real
 * starts are the same either way), and the short one after a word not placed (the sound before it
 * may be that word's, or noise that drowned it).
 *
 * In a recording whose sounds fade (fading.ts) the faint sound after a word is its own tail: an end
 * is extended over frames more than {@link TAIL_OVER_DB} over the floor, by at most
 * {@link MAX_EXTEND_TAIL_MS}. An end whose reach is spent in loud sound, the next word placed, goes
 * on over sound that stops at once before that word (abrupt-ends.ts); an end at a final stop's
 * closure moves on over its release to the pause after it (pause-ends.ts).
 *
 * An end's extension stops at an onset ({@link ONSET_JUMP_DB} over the loudest of the
 * {@link ONSET_JUMP_OVER_MS} before it) within {@link ONSET_BEFORE_NEXT_MS} of where the next placed
 * word starts: the search starts a word up to 100 ms late, and its onset was taken into the word
 * before (a changed voice's "nine" +78 → +28 ms, the "zero" after it +48 → −2 ms; the next word's
 * start then extends back to the onset). Measured (`node bench/run.mjs --only alignment,confidence`):
 * the synthetic voices' starts within 50 ms 97.1 → 97.3 %, ends 96.6 → 96.8 %, within 20 ms 90.7 →
 * 91.0 %; real voices the same; the confidence benchmark's ends within 50 ms 472 → 473 of 506 and the
 * changed voices' 94 → 95 of 102. Scored word by word on patched builds, the confidence benchmark's
 * reference runs moved four ends nearer their truth and none farther with a reach of 120 to 200 ms.
 * Against the one frame before (not the loudest of three) it stopped at the pitch beats of vowels
 * (synthetic "the" ends 0 → −88 ms); at any distance from the next word, before a word's own last
 * syllable ("together", whose search end fell before its "-er", 295 ms before the next word). Pure.
 */
import { abruptEnd } from './abrupt-ends.js';
import { soundsFade } from './fading.js';
import { ENERGY_FRAME_MS, quietFrames, type FrameLevels } from './frame-levels.js';
import { endAtRelease } from './pause-ends.js';
import type { AcousticSpan } from './types.js';

/** Longest outward move of a start after a placed word, ms. */
export const MAX_EXTEND_START_MS = 200;
/** Longest outward move of a start after a word not placed (the sound before it may be that word's) or of the first word, ms. */
export const MAX_EXTEND_START_ALONE_MS = 60;
/** Longest outward move of an end, ms. */
export const MAX_EXTEND_END_MS = 80;
/** An edge is extended over frames more than this many dB over the noise floor. */
export const EXTEND_OVER_DB = 15;
/** In a recording whose sounds fade, an end is extended over frames more than this many dB over the floor. */
export const TAIL_OVER_DB = 6;
/** In a recording whose sounds fade, the longest outward move of an end, ms. */
export const MAX_EXTEND_TAIL_MS = 150;
/** An end's extension stops at an onset: a frame this many dB over the loudest of the frames just before it ... */
export const ONSET_JUMP_DB = 10;
/** ... (those of the last this many ms) ... */
export const ONSET_JUMP_OVER_MS = 15;
/** ... at most this many ms before where the next word of the text starts, when that word is placed. */
export const ONSET_BEFORE_NEXT_MS = 150;

/**
 * Every span extended over loud frames outside it up to its neighbours (see the module comment);
 * null stays null. `steady`: per frame 1 when it is steady noise (never extended onto); `endPause`:
 * per frame 1 when it is a pause after a word, for an end moved over a stop's release (pause-ends.ts).
 */
export function extendEdges(
  spans: readonly (AcousticSpan | null)[],
  levels: FrameLevels,
  steady: Uint8Array,
  endPause: Uint8Array,
): (AcousticSpan | null)[] {
  const loud = Uint8Array.from(quietFrames(levels, EXTEND_OVER_DB), (q, f) => (1 - q) & (1 - steady[f]!));
  const fading = soundsFade(levels);
  const tail = fading ? Uint8Array.from(quietFrames(levels, TAIL_OVER_DB), (q, f) => (1 - q) & (1 - steady[f]!)) : loud;
  const maxEnd = (fading ? MAX_EXTEND_TAIL_MS : MAX_EXTEND_END_MS) / ENERGY_FRAME_MS;
  const frames = levels.db.length;
  let previousEnd = 0; // frame after the previous word
  return spans.map((span, i) => {
    if (span === null) return null;
    let nextStart = frames;
    for (let k = i + 1; k < spans.length; k++) {
      const next = spans[k];
      if (next !== null && next !== undefined) { nextStart = Math.floor(next.startMs / ENERGY_FRAME_MS); break; }
    }
    const first = Math.floor(span.startMs / ENERGY_FRAME_MS);
    const last = Math.ceil(span.endMs / ENERGY_FRAME_MS); // exclusive
    const reach = (i > 0 && spans[i - 1] !== null ? MAX_EXTEND_START_MS : MAX_EXTEND_START_ALONE_MS) / ENERGY_FRAME_MS;
    let start = first;
    while (start - 1 >= previousEnd && first - start < reach && loud[start - 1] === 1) start--;
    let end = last;
    const onsetFrom = i + 1 < spans.length && spans[i + 1] !== null ? nextStart - ONSET_BEFORE_NEXT_MS / ENERGY_FRAME_MS : frames;
    while (end < nextStart && end - last < maxEnd && tail[end] === 1 && !(end > last && end >= onsetFrom && onsetAt(levels.db, end))) end++;
    // Reach spent in loud sound, the next word placed: on over sound that stops at once (abrupt-ends.ts).
    if (end - last >= maxEnd && tail[end] === 1 && i + 1 < spans.length && spans[i + 1] !== null) {
      end = abruptEnd(levels, ENERGY_FRAME_MS, fading ? TAIL_OVER_DB : EXTEND_OVER_DB, [last, end, nextStart]);
    }
    if (end < nextStart) end = endAtRelease(levels.db, endPause, ENERGY_FRAME_MS, [end, nextStart]);
    previousEnd = Math.max(previousEnd, end);
    if (start === first && end === last) return span;
    return {
      ...span,
      startMs: start === first ? span.startMs : start * ENERGY_FRAME_MS,
      endMs: end === last ? span.endMs : end * ENERGY_FRAME_MS,
    };
  });
}

/** Whether frame `f` is an onset: {@link ONSET_JUMP_DB} over the loudest of the {@link ONSET_JUMP_OVER_MS} before it. */
function onsetAt(db: Float64Array, f: number): boolean {
  let before = Number.NEGATIVE_INFINITY;
  for (let k = Math.max(0, f - ONSET_JUMP_OVER_MS / ENERGY_FRAME_MS); k < f; k++) before = Math.max(before, db[k]!);
  return db[f]! - before >= ONSET_JUMP_DB;
}

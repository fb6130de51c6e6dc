/**
 * Starts moved past the previous word's spill (part of the edge refinement, refine.ts). The search
 * often begins a word said after a pause in the previous word's fading end (a vowel's tail the
 * search did not give to its word), so the word takes a few tens of ms of that sound, the pause,
 * then itself: 100 to 210 ms early. Trimming cannot see it (the spill is too loud to trim over),
 * and the junction rule needs the two words to touch. The sign is a start inside sound that began
 * before it and stops, within {@link MAX_SPILL_MS}, at a pause of its own.
 *
 * Measured (`npm run build && node bench/run.mjs --only alignment --no-build`, after the noise bed
 * of noise-bed.ts): real starts within 50 ms 94.6 → 96.9 % (jackson 90.5 → 95.9 %, george 97.3 →
 * 98.7 %, nicolas 95.9 % either way), ends and the synthetic voices the same. Spills up to 40 ms:
 * real starts 96.4 %; up to 100 or 150 ms: 96.9 %; pauses from 30 ms: one synthetic start more
 * within 50 ms; from 80 ms: real 96.4 %; a pause of frames up to 3 or 9 dB over the floor instead
 * of 6: the same. Pauses from 30 ms instead of 50 (a speaker's take begins after 35 ms of the
 * joined floor, the previous take's hiss before it): synthetic starts 96.3 → 96.6 %, real the same
 * within 50 ms (86.5 → 87.0 % within 20 ms).
 *
 * The sound before the start may dip for up to {@link MAX_DIP_MS} just before it: where a speaker's
 * noise bed is put at the floor, a fading tail's frames fall under the bed's level one at a time,
 * and trimming then put the start just after such a frame, on the spill, where it looked like an
 * onset after a pause (a pause is 30 ms). Measured (every benchmark recording's search spans
 * settled again with and without the dip): on the changed voices of the confidence benchmark a Belgian French "three"
 * after "five" (pitch moved up) −81 → 0 ms, the "five"'s end −18 → −8 ms; no other edge of the
 * alignment benchmark's real and synthetic voices, the confidence recordings or the changed voices
 * moves. Pure.
 */
import type { AcousticSpan } from './types.js';

/** Longest stretch of sound at a word's start, before a pause, taken for the previous word's spill, ms. */
export const MAX_SPILL_MS = 60;
/** Shortest pause after the spill, ms. */
export const MIN_SPILL_PAUSE_MS = 30;
/** Longest dip between the sound before a start and the start for that sound to count as running into it, ms. */
export const MAX_DIP_MS = 10;

/**
 * A start the search put in sound that began before it (the previous word's fading end, said
 * before a pause), with a run of `pause` frames (of `frameMs` each) at least
 * {@link MIN_SPILL_PAUSE_MS} long beginning within {@link MAX_SPILL_MS} of it and ending before the
 * word's middle, is moved to where that pause ends.
 */
export function startsPastSpill(spans: readonly (AcousticSpan | null)[], pause: Uint8Array, frameMs: number): (AcousticSpan | null)[] {
  const spill = MAX_SPILL_MS / frameMs;
  const shortest = MIN_SPILL_PAUSE_MS / frameMs;
  const dip = MAX_DIP_MS / frameMs;
  return spans.map((span) => {
    if (span === null) return null;
    const first = Math.floor(span.startMs / frameMs);
    const middle = Math.floor((span.startMs + span.endMs) / 2 / frameMs);
    // Sound just before the start, past a dip of at most MAX_DIP_MS (the scatter of a fading sound, no pause).
    let before = first - 1;
    while (before >= 0 && first - 1 - before < dip && pause[before] === 1) before--;
    if (before < 0 || pause[before] !== 0 || pause[first] !== 0) return span;
    let from = first;
    while (from < middle && from - first <= spill && pause[from] === 0) from++;
    if (from - first > spill || from >= middle) return span;
    let to = from;
    while (to < middle && pause[to] === 1) to++;
    return to - from >= shortest && to < middle ? { ...span, startMs: to * frameMs } : span;
  });
}

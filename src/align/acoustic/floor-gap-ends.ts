/**
 * An end carried over the gap between two takes (part of settling where a bed stands out,
 * settle.ts). Takes of one speaker joined with a short pause over a quieter floor: the search
 * sometimes ran a word on across the few ms of floor that end its take and into the noise at the
 * head of the next take, up to that take's word. A Belgian French "one" ended 87 ms late, on the
 * next take's lead-in noise; the "zero" after it, whose start the take-tail rule would have moved
 * back to its take's first sound, kept a start 96 ms late because the "one" still held that sound.
 * The rule before this one (take-tails.ts `endsBeforeTakeNoise`) walks back only over frames at
 * most twice the take noise, and the head of a take is often louder than that (a breath, the
 * lips parting): here up to 2.6 times.
 *
 * So an end whose last frames are faint sound (peaks at most {@link GAP_TAIL_OVER_NOISE} × the
 * take noise) right after a run of at least {@link MIN_END_GAP_MS} at the floor (frames not over
 * `takes.over`) moves back to where that run begins: the word's take ended there. The run must lie
 * within {@link MAX_TAIL_TRIM_MS} of the end and at least {@link MIN_WORD_BEFORE_GAP_MS} after the
 * start, and the faint sound must lead on (within that reach past the end) into louder sound, the
 * next take's word: faint sound that falls back to the floor is the word's own, a stop's release
 * after its closure (espeak-ng's "lamp" in test/align/acoustic/align.e2e.test.ts, whose /p/ closure
 * lies at the floor for 40 ms: without this test its end went 128 ms early). A release louder than
 * four times the take noise keeps its place in any case. In the speakers' own takes a closure keeps
 * the take's noise and never reaches the floor (a Belgian French "eight"'s /t/, at 3.4 × his take
 * noise, follows no floor at all).
 *
 * Only where a bed stands out: in synthetic speech a stop's closure is digital silence at the
 * floor and its faint release falls under four times a "take noise" that is a word's own faint
 * tail; run on every recording without the test of the sound leading on, the rule cut "fished",
 * "stopped" and "old" before their /t/ and /d/ (ends 62–93 ms early) and a changed voice's
 * "eight"; with it, "old" still (its /d/ released into the next word's onset). Measured on the
 * confidence benchmark's reference runs by a harness outside the repository that scores them word by word as
 * bench/confidence.mjs does: wrong clips 147 → 144, every other clip the same (the "one" and
 * "zero" above, and a changed voice's "eight" whose end had run 224 ms over the next take's lead
 * to its word); 3 and 5 to 7 times the take noise moved two and the same three.
 */
import { MAX_TAIL_TRIM_MS, type TakeLevels } from './take-tails.js';
import type { AcousticSpan } from './types.js';

/** Sound after the gap at most this many times the take noise (peaks) is the next take's head, not the word. */
export const GAP_TAIL_OVER_NOISE = 4;
/** A gap between takes lasts at least this long at the floor, ms. */
export const MIN_END_GAP_MS = 10;
/** A gap this close to the word's start is left alone (the word would be left with only its onset), ms. */
export const MIN_WORD_BEFORE_GAP_MS = 30;

/**
 * Every span whose end follows a gap at the floor with only faint sound after it moved back to
 * where the gap begins (see the module comment). Frames of `frameMs`; null stays null.
 */
export function endsAtFloorGaps(spans: readonly (AcousticSpan | null)[], takes: TakeLevels, frameMs: number): (AcousticSpan | null)[] {
  const { peaks, over } = takes;
  const faint = GAP_TAIL_OVER_NOISE * takes.noise;
  const reach = MAX_TAIL_TRIM_MS / frameMs;
  return spans.map((span) => {
    if (span === null) return null;
    const last = Math.min(Math.floor(span.endMs / frameMs), peaks.length) - 1;
    const lowest = Math.max(
      Math.ceil((span.startMs + MIN_WORD_BEFORE_GAP_MS) / frameMs),
      Math.floor((span.endMs - MAX_TAIL_TRIM_MS) / frameMs),
    );
    // Back over the faint sound after the gap, to the gap's last frame.
    let gapEnd = last;
    while (gapEnd >= lowest && peaks[gapEnd]! > over && peaks[gapEnd]! <= faint) gapEnd--;
    if (gapEnd === last || gapEnd < lowest || peaks[gapEnd]! > over) return span;
    let gapStart = gapEnd;
    while (gapStart > lowest && peaks[gapStart - 1]! <= over) gapStart--;
    if (gapStart <= lowest || (gapEnd - gapStart + 1) * frameMs < MIN_END_GAP_MS) return span;
    // On over the faint sound past the end: the head of a take leads into its word, a stop's release falls back to the floor.
    let after = last + 1;
    while (after < peaks.length && after <= last + reach && peaks[after]! > over && peaks[after]! <= faint) after++;
    if (after >= peaks.length || after > last + reach || peaks[after]! <= faint) return span;
    return { ...span, endMs: gapStart * frameMs };
  });
}

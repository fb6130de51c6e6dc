/**
 * An edge carried over the gap between two takes (part of settling, settle.ts: ends where a bed
 * stands out, starts in every recording). Takes of one speaker joined with a short pause over a quieter floor: the search
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
 * Ends only where a bed stands out: in synthetic speech a stop's closure is digital silence at the
 * floor and its faint release falls under four times a "take noise" that is a word's own faint
 * tail; run on every recording without the test of the sound leading on, the rule cut "fished",
 * "stopped" and "old" before their /t/ and /d/ (ends 62–93 ms early) and a changed voice's
 * "eight"; with it, "old" still (its /d/ released into the next word's onset). Measured on the
 * confidence benchmark's reference runs by a harness outside the repository that scores them word by word as
 * bench/confidence.mjs does: wrong clips 147 → 144, every other clip the same (the "one" and
 * "zero" above, and a changed voice's "eight" whose end had run 224 ms over the next take's lead
 * to its word); 3 and 5 to 7 times the take noise moved two and the same three.
 *
 * The same at a start ({@link startsAfterFloorGaps}): the search began a word in the tail of the
 * previous take, across a gap as short as one 5 ms frame at the floor (two takes joined with no
 * pause), a Belgian French "four" 62 ms early. Such a start moves on past the gap, when only faint
 * sound lies between it and the gap and that sound leads back to the previous take's word (after a
 * pause it is the word's own onset: espeak-ng's "stood" has its /s/, then its /t/ closure at the
 * floor). Measured by the same harness: wrong clips with a reference 143 → 141, on the voices never
 * fitted on 76 → 74 (the "four" above −62 → −2 ms, a Belgian French "one" −70 → −5 ms, another
 * "four" −81 → −1 ms, and a "seven" whose end −63 → +2 ms once the word after it started in its own
 * take), nothing moved out of 50 ms; right clips flagged 43 and 15 → 43 and 16 (two of the words
 * made right keep a cap: one shorter now than its recording's other "four", a wrong clip 547 ms long).
 * Unlike the end rule it runs in every recording, bed or none (settle.ts): the test of the sound
 * leading back to a word keeps synthetic onsets whole, and in recordings where no bed is found it
 * moved two more starts of the voices never fitted on within 50 ms (an American "one" −97 → −7 ms
 * and −59 → −4 ms), nothing else of the benchmark's.
 */
import { MAX_TAIL_TRIM_MS, type TakeLevels } from './take-tails.js';
import type { AcousticSpan } from './types.js';

type Spans = readonly (AcousticSpan | null)[];

/** Sound after the gap at most this many times the take noise (peaks) is the next take's head, not the word. */
export const GAP_TAIL_OVER_NOISE = 4;
/** A gap between takes lasts at least this long at the floor, ms. */
export const MIN_END_GAP_MS = 10;
/** A gap between takes at a start lasts at least this long at the floor, ms (one frame: the junction of two takes joined with no pause). */
export const MIN_START_GAP_MS = 5;
/** A gap this close to the word's start is left alone (the word would be left with only its onset), ms. */
export const MIN_WORD_BEFORE_GAP_MS = 30;

/**
 * Every span whose end follows a gap at the floor with only faint sound after it moved back to
 * where the gap begins (see the module comment). Frames of `frameMs`; null stays null.
 */
export function endsAtFloorGaps(spans: Spans, takes: TakeLevels, frameMs: number): (AcousticSpan | null)[] {
  return spans.map((span) => {
    if (span === null) return null;
    const last = Math.min(Math.floor(span.endMs / frameMs), takes.peaks.length) - 1;
    const lowest = Math.max(
      Math.ceil((span.startMs + MIN_WORD_BEFORE_GAP_MS) / frameMs),
      Math.floor((span.endMs - MAX_TAIL_TRIM_MS) / frameMs),
    );
    const gapStart = acrossFloorGap(takes, frameMs, last, lowest, -1, MIN_END_GAP_MS);
    return gapStart === null ? span : { ...span, endMs: gapStart * frameMs };
  });
}

/**
 * The same at a start: every span whose start lies in faint sound (the previous take's tail) before a gap at the floor moves on
 * to where the gap ends, its own take's first frame. The faint sound must lead back (within {@link MAX_TAIL_TRIM_MS} before the
 * start) to louder sound, the previous take's word: faint sound after a pause is the word's own onset (an /s/ before a stop's
 * closure at the floor, as in espeak-ng's "stood"). The gap must lie within {@link MAX_TAIL_TRIM_MS} of the start and at least
 * {@link MIN_WORD_BEFORE_GAP_MS} before the end. Frames of `frameMs`; null stays null.
 */
export function startsAfterFloorGaps(spans: Spans, takes: TakeLevels, frameMs: number): (AcousticSpan | null)[] {
  return spans.map((span) => {
    if (span === null) return null;
    const first = Math.max(0, Math.floor(span.startMs / frameMs));
    const highest = Math.min(
      Math.floor((span.endMs - MIN_WORD_BEFORE_GAP_MS) / frameMs) - 1,
      Math.ceil((span.startMs + MAX_TAIL_TRIM_MS) / frameMs),
      takes.peaks.length - 1,
    );
    const gapEnd = acrossFloorGap(takes, frameMs, first, highest, 1, MIN_START_GAP_MS);
    return gapEnd === null ? span : { ...span, startMs: (gapEnd + 1) * frameMs };
  });
}

/**
 * From an edge's frame `edge` into its span (`step` −1 from an end, +1 from a start), up to `bound`: over faint sound (over the
 * floor, at most {@link GAP_TAIL_OVER_NOISE} × the take noise) to a gap at the floor of at least `minGapMs` that ends before
 * `bound`, while outward of the edge the faint sound leads, within {@link MAX_TAIL_TRIM_MS}, to louder sound (the neighbouring
 * take's word), not back to the floor. Returns the gap's frame farthest into the span, or null when any of that fails.
 */
function acrossFloorGap(takes: TakeLevels, frameMs: number, edge: number, bound: number, step: 1 | -1, minGapMs: number): number | null {
  const { peaks, over } = takes;
  const faint = GAP_TAIL_OVER_NOISE * takes.noise;
  const isFaint = (f: number): boolean => peaks[f]! > over && peaks[f]! <= faint;
  const within = (f: number): boolean => (step === 1 ? f <= bound : f >= bound);
  const before = (f: number): boolean => (step === 1 ? f < bound : f > bound);
  // Into the span over the faint sound, to the gap's nearer frame.
  let near = edge;
  while (within(near) && isFaint(near)) near += step;
  if (near === edge || !within(near) || peaks[near]! > over) return null;
  let far = near;
  while (before(far) && peaks[far + step]! <= over) far += step;
  if (!before(far) || (Math.abs(far - near) + 1) * frameMs < minGapMs) return null;
  // Outward over the faint sound past the edge: a take's head or tail leads to its word, a stop's release falls back to the floor.
  const reach = MAX_TAIL_TRIM_MS / frameMs;
  let out = edge - step;
  while (out >= 0 && out < peaks.length && Math.abs(out - edge) <= reach && isFaint(out)) out -= step;
  if (out < 0 || out >= peaks.length || Math.abs(out - edge) > reach || peaks[out]! <= faint) return null;
  return far;
}

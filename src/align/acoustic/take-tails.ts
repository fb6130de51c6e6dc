/**
 * A word's edges moved onto its own sound over its take's noise (part of settling, settle.ts).
 * Takes of one speaker joined over a quieter floor each carry the noise they were recorded with,
 * and a word's end was put where that noise stops (the cliff down to the floor), not where the
 * word stops: the Greek and Belgian French speakers' ends ran 53–135 ms past their words. A word
 * stops at its last sound over the take's noise, so the end moves back over 5 ms frames whose peak
 * (largest absolute sample) is at most {@link OVER_TAKE_NOISE} times the take noise: the median,
 * over the recording's takes (stretches over the floor at least {@link MIN_TAKE_MS} long), of each
 * take's quietest frame peak. Peaks, not energies: a take's noise is flat in its peaks, while a
 * word's faint tail still has a peak over it.
 *
 * Only in a recording where a noise bed stands out (noise-bed.ts, either test): elsewhere the
 * quietest frame of a "take" is a stop's closure or a word's faint tail, and the same rule cut
 * synthetic voices' faint vowel tails and the trimmed takes' word ends (the confidence
 * benchmark's recordings with their references, every one trimmed alike, ends within 50 ms:
 * synthetic 171 → 153 of 178, trimmed takes 129 → 120 of 144; measured by patching the built
 * aligner, as were the thresholds and reaches below: no command of the repository runs those
 * variants). `node scripts/noise-beds.mjs <wav>...` prints which recordings have a bed, and their
 * take noise. Measured (`npm run build && node bench/run.mjs --only alignment,confidence
 * --no-build`): real ends within 50 ms 91.5 → 93.3 % (the Belgian French speaker's 87.8 → 93.2 %,
 * the median end error 21.8 → 13.5 ms), synthetic voices the same; 7 ends of the confidence
 * benchmark's reference runs moved to within 50 ms, 2 out of it (a Belgian French "five", −46 →
 * −51 ms, and a changed voice's "eight" whose /t/ release, fainter than twice the take noise, the
 * truth counts: −11 → −91 ms). Twice the median of the takes' quietest peaks was the best of the
 * thresholds tried (1.6 × and the 25th or 35th percentile of them moved fewer ends right).
 *
 * The other way too ({@link endsToTakeCliff}): an end that the search put before a word's faint
 * last sound (the Belgian French speaker's released /t/ of "eight" 90 ms after its vowel, across
 * a closure as quiet as the take's noise; the /r/ of his "four") moves on to the take's last frame
 * over twice its noise, when the take's cliff lies within {@link MAX_TAIL_REACH_MS} and no later
 * word starts before it. Measured (`node bench/run.mjs --only alignment,confidence --no-build`,
 * with noise-bed.ts's looser test at its 80th percentile, landed just before): real ends within
 * 50 ms 93.3 → 96.4 % (the Greek speaker 93.3 → 97.3 %, the Belgian French 93.2 → 98.6 %, median
 * 13.5 → 10.6 ms), synthetic the same; the confidence benchmark's wrong clips 95 → 88. This move
 * alone, on a patched build with the manifests scored word by word against the truth (no command
 * of the repository prints those counts): the confidence benchmark's ends within 50 ms 468 → 472
 * of 506 (four moved in, none out), its changed voices' 90 → 91 of 102, the alignment benchmark's
 * real recordings 18 → 14 ends off by more than 50 ms. A reach of 150 ms moved two of those four;
 * 200 to 350 ms all four, and nothing else.
 *
 * And starts ({@link startsAfterTakeNoise}): a start the search put at its take's rise from the
 * floor, in the take's noise before the word (a Belgian French "seven" 93 ms early, its /s/ after
 * the take's hiss), moves on to the take's first frame over twice its noise. Only a start within
 * {@link MAX_RISE_TO_START_MS} of the rise: a start already inside the take is the search's word
 * onset, and moving those on too took late starts later (a Belgian French "zero" +31 → +51 ms, a
 * Greek "seven" past 50 ms). Measured (`node bench/run.mjs --only alignment,confidence
 * --no-build`): real starts' median 2.9 → 1.9 ms, within 20 ms 87.4 → 89.7 %, within 50 ms the
 * same; the confidence benchmark's wrong clips 88 → 87, its right clips flagged leaving one
 * recording out 16 → 13 of 451, its changed voices' 5 → 4 of 82. Scored word by word against the
 * truth on patched builds (no command of the repository prints those counts or runs the
 * variants): the alignment benchmark's real starts 29 nearer the truth, none farther; a reach of
 * 10 ms before the start moved 23 starts nearer, one of 40 ms 33 nearer and 1 farther; the
 * unconditioned variant is the one above.
 *
 * Also a start touching the previous word's end where two takes were joined with no pause, so no
 * rise parts them: the search gave the head of the second take's noise to its word (a pitch-lowered
 * Belgian French "seven" 67 ms early, its /s/ after 70 ms of hiss). When at least
 * {@link MIN_NOISE_HEAD_MS} of the take noise lies at the start's head it moves on the same way.
 * Scored on the confidence benchmark's reference runs by a harness outside the repository: that
 * "seven" −67 → −2 ms, four right starts 30–45 ms early moved within 5 ms, nothing else; a touch
 * of 60 ms made two more wrong clips right but left a right one flagged (the bed it left counted
 * as sound beside its neighbour); 20 ms of noise moved a right start 31 → 56 ms late.
 *
 * And back ({@link startsBackToTakeRise}): a start up to 150 ms after its take's rise, with the
 * take's first sound over twice its noise before it, moves back to that sound (the search had
 * started a changed voice's first word "two" 80 ms late, after an unspoken heading, and a Greek
 * "six" 46 ms late, its /s/ just over his hiss). Measured (`node bench/run.mjs --only
 * alignment,confidence`): real starts within 20 ms 90.1 → 91.5 %, within 50 ms 98.2 → 98.7 % (the
 * Belgian French speaker's 100 %); the changed voices' starts within 50 ms 93 → 94 of 102;
 * synthetic voices the same. Scored word by word on patched builds, the confidence benchmark's
 * reference runs moved 9 starts: 6 nearer, 3 farther, all still within 50 ms (a Belgian French
 * "seven" −5 → −40 ms); a reach of 250 ms also took a "five" to another take's rise, −2 → −187 ms.
 * A word whose start the previous word's end overlaps past the rise stays (a Belgian French "zero"
 * 96 ms late, the "one" before it ending in its take's lead). This move alone runs in every
 * recording, bed or none (settle.ts): it only gives a word sound of its own take that no earlier
 * word holds, where the other moves trim or carry on by a take noise that, without a bed, may be a
 * word's own faint sound. Scored on the confidence benchmark's reference runs by a harness outside
 * the repository (no command of it prints these counts): starts within 50 ms of the speakers' own
 * voices 300 → 302 of 319, of the changed voices in the set 205 → 208 of 236, of the never-fitted
 * changed voices 301 → 303 of 336, synthetic the same; wrong clips 253 → 247 (a Greek "seven"
 * +127 → +1 ms after its /s/, a "four" +90 → +5); every other move in every recording moved
 * synthetic ends 170 → 148 of 177 and the trimmed takes' ends out of 50 ms.
 *
 * First, two touching words whose junction the search put a few frames into the second's onset
 * ({@link junctionsAtTakeOnsets}) meet at that onset: the frames over the noise at the first word's
 * end had kept the end trim from reaching the take's noise before them (a changed voice's "eight"
 * said twice, the first one's end +86 → +6 ms, the second's start +7 → −3). Measured (`node
 * bench/run.mjs --only alignment,confidence`): the changed voices' ends within 50 ms 93 → 94 of
 * 102; nothing else moves in either benchmark.
 *
 * A take's quietest peak leaves out its first and last frames ({@link takeLevels}): they lie
 * across the take's edges with the floor, and a take that fades out at its end (a changed voice's
 * pitch shift rings down over its last milliseconds) had its fade for its quietest frame. The
 * take noise then came out well under the speaker's: for a Belgian French voice shifted down,
 * 478 against the truth's 738 (half its threshold, bench/real-voices.mjs `speakerThreshold`), and
 * his ends ran on over his hiss to the takes' cliffs, 54–94 ms late. Left out, 716. Scored on the
 * confidence benchmark's reference runs by a harness outside the repository (no command of it prints
 * these counts): ends within 50 ms of the changed voices in its set 190 → 201 of 234, starts
 * 200 → 203; the never-fitted changed voices' ends 306 → 304 of 336 (a Greek "five" −50 → −70 ms,
 * its faint /v/ now under twice the noise), starts 301 → 300; the speakers' own ends 300 → 299 of
 * 319; synthetic voices the same. Leaving out two frames at each edge, or the last frame only,
 * moved fewer. The benchmarks (`node bench/run.mjs --only alignment,confidence`, at c56d26f against
 * BENCHMARKS.md at e61a3f0): the alignment benchmark's real ends a median 10.3 → 5.7 ms off, within 20 ms 70.0 →
 * 73.1 %, within 50 ms the same; the confidence benchmark's wrong clips 178 → 167, of which
 * flagged 66.9 → 71.3 %. Pure.
 */
import { movedJunctions } from './junctions.js';
import { valueAtShare } from './rank.js';
import type { AcousticSpan } from './types.js';

/** Share of the recording's frame peaks under its floor's peak. */
export const FLOOR_PEAK_SHARE = 0.02;
/** A frame belongs to a take when its peak is over this many times the floor's peak ... */
export const TAKE_OVER_FLOOR = 3;
/** ... plus this much (for a floor of digital silence). */
export const TAKE_OVER_FLOOR_PLUS = 8;
/** Shortest take, ms. */
export const MIN_TAKE_MS = 100;
/** A frame of a word's tail has a peak over this many times the take noise. */
export const OVER_TAKE_NOISE = 2;
/** Longest move of an end, ms; an end with nothing over the take noise within it stays. */
export const MAX_TAIL_TRIM_MS = 150;
/** Farthest a take's cliff may lie after an end for the end to move on to the take's last sound, ms. */
export const MAX_TAIL_REACH_MS = 250;
/** A start at most this many ms after its take's rise from the floor lies in the take's noise before its word. */
export const MAX_RISE_TO_START_MS = 20;
/** A start at most this many ms after the previous word's end touches it ... */
export const MAX_TOUCH_MS = 40;
/** ... and moves on over at least this much of its take's noise at its head even with no rise before it, ms. */
export const MIN_NOISE_HEAD_MS = 30;
/** A start at most this many ms after its take's rise from the floor moves back to the take's first sound over its noise. */
export const MAX_RISE_BEFORE_START_MS = 150;
/** A junction at most this many ms into the next word's onset ... */
export const MAX_INTO_ONSET_MS = 15;
/** ... with at least this much of the take's noise before that onset moves to it, ms. */
export const MIN_NOISE_BEFORE_ONSET_MS = 20;

/** A recording's takes as the moves read them (see the module comment). */
export interface TakeLevels {
  /** Per frame its peak (largest absolute sample). */
  readonly peaks: ArrayLike<number>;
  /** The take noise (see {@link takeLevels}). */
  readonly noise: number;
  /** A frame over this peak belongs to a take (see {@link takeLevels}). */
  readonly over: number;
}

/**
 * The {@link TakeLevels} of a recording from its frame peaks (frames of `frameMs`): a frame belongs
 * to a take when its peak is over {@link TAKE_OVER_FLOOR} × the floor's peak +
 * {@link TAKE_OVER_FLOOR_PLUS}; the take noise is the median of the takes' quietest peaks, never
 * under the floor's peak (the floor's peak without a take). A take's quietest leaves out its first
 * and last frames, which lie across its edges (see the module comment).
 */
export function takeLevels(peaks: ArrayLike<number>, frameMs: number): TakeLevels {
  const floor = valueAtShare(peaks, FLOOR_PEAK_SHARE, 0);
  const over = TAKE_OVER_FLOOR * floor + TAKE_OVER_FLOOR_PLUS;
  const quietest: number[] = [];
  for (let f = 0; f < peaks.length; ) {
    if (peaks[f]! <= over) {
      f++;
      continue;
    }
    let g = f;
    while (g < peaks.length && peaks[g]! > over) g++;
    // A take's first and last frames lie across its edges with the floor (part floor, or its fade).
    let least = Number.POSITIVE_INFINITY;
    for (let k = f + 1; k < g - 1; k++) least = Math.min(least, peaks[k]!);
    if ((g - f) * frameMs >= MIN_TAKE_MS) quietest.push(least);
    f = g;
  }
  quietest.sort((a, b) => a - b);
  return { peaks, over, noise: Math.max(quietest[quietest.length >> 1] ?? floor, floor) };
}

/**
 * Two touching spans whose junction lies at most {@link MAX_INTO_ONSET_MS} into frames over
 * {@link OVER_TAKE_NOISE} × the take noise, after at least {@link MIN_NOISE_BEFORE_ONSET_MS} of frames
 * not over it, meet where those frames begin instead: the next word's onset, the take's noise before
 * it left to the first word's end (which {@link endsBeforeTakeNoise} then moves back over it).
 * Frames of `frameMs`; null stays null.
 */
export function junctionsAtTakeOnsets(
  spans: readonly (AcousticSpan | null)[],
  takes: TakeLevels,
  frameMs: number,
): (AcousticSpan | null)[] {
  const { peaks } = takes;
  const tail = OVER_TAKE_NOISE * takes.noise;
  const into = MAX_INTO_ONSET_MS / frameMs;
  const noise = MIN_NOISE_BEFORE_ONSET_MS / frameMs;
  return movedJunctions(spans, frameMs, (a, b, junction) => {
    let onset = junction;
    while (onset > junction - into && onset > 0 && peaks[onset - 1]! > tail) onset--;
    let quiet = onset;
    while (quiet > onset - noise && quiet > 0 && peaks[quiet - 1]! <= tail) quiet--;
    if (onset === junction || onset - quiet < noise) return null;
    return [{ ...a, endMs: onset * frameMs }, { ...b, startMs: onset * frameMs }];
  });
}

/**
 * Every span's end moved back to the end of its last frame whose peak is over
 * {@link OVER_TAKE_NOISE} × the take noise (frames of `frameMs` before the end, at most
 * {@link MAX_TAIL_TRIM_MS} back, never to the span's start); null stays null.
 */
export function endsBeforeTakeNoise(spans: readonly (AcousticSpan | null)[], takes: TakeLevels, frameMs: number): (AcousticSpan | null)[] {
  const { peaks } = takes;
  const tail = OVER_TAKE_NOISE * takes.noise;
  return spans.map((span) => {
    if (span === null) return null;
    const limit = Math.max(Math.ceil(span.startMs / frameMs), Math.floor((span.endMs - MAX_TAIL_TRIM_MS) / frameMs));
    let f = Math.min(Math.floor(span.endMs / frameMs), peaks.length) - 1;
    while (f > limit && peaks[f]! <= tail) f--;
    const endMs = (f + 1) * frameMs;
    return f > limit && endMs < span.endMs ? { ...span, endMs } : span;
  });
}

/**
 * Every span's end moved on to the end of the last frame over {@link OVER_TAKE_NOISE} × the take
 * noise before its take's cliff (the first frame from the end not over `takes.over`), when that
 * cliff lies within {@link MAX_TAIL_REACH_MS} after the end and no later span starts before it;
 * an end never moves back here. Frames of `frameMs`; null stays null.
 */
export function endsToTakeCliff(spans: readonly (AcousticSpan | null)[], takes: TakeLevels, frameMs: number): (AcousticSpan | null)[] {
  const { peaks, over } = takes;
  const tail = OVER_TAKE_NOISE * takes.noise;
  let nextStartMs = Number.POSITIVE_INFINITY;
  const moved = spans.map(() => null as AcousticSpan | null);
  for (let i = spans.length - 1; i >= 0; i--) {
    const span = spans[i] ?? null;
    moved[i] = span === null ? null : toCliff(span, nextStartMs);
    if (span !== null) nextStartMs = Math.min(nextStartMs, span.startMs);
  }
  return moved;

  function toCliff(span: AcousticSpan, nextMs: number): AcousticSpan {
    const first = Math.ceil(span.endMs / frameMs);
    const reach = Math.min(peaks.length, Math.floor((span.endMs + MAX_TAIL_REACH_MS) / frameMs));
    let cliff = first;
    while (cliff < reach && peaks[cliff]! > over) cliff++;
    if (cliff >= reach || cliff * frameMs > nextMs) return span;
    let f = cliff - 1;
    while (f >= first && peaks[f]! <= tail) f--;
    const endMs = (f + 1) * frameMs;
    return endMs > span.endMs ? { ...span, endMs } : span;
  }
}

/**
 * Every span's start that lies at its take's rise (a frame not over `takes.over` within
 * {@link MAX_RISE_TO_START_MS} before it), or that touches the previous span's end (within
 * {@link MAX_TOUCH_MS}) with at least {@link MIN_NOISE_HEAD_MS} of the take noise at its head, moved
 * on to the start of its first frame over {@link OVER_TAKE_NOISE} × the take noise, at most
 * {@link MAX_TAIL_TRIM_MS} on and never to the span's end; a start with no such frame within that
 * reach stays. Frames of `frameMs`; null stays null.
 */
export function startsAfterTakeNoise(spans: readonly (AcousticSpan | null)[], takes: TakeLevels, frameMs: number): (AcousticSpan | null)[] {
  const { peaks } = takes;
  const tail = OVER_TAKE_NOISE * takes.noise;
  const rise = MAX_RISE_TO_START_MS / frameMs;
  let previousEndMs = Number.NEGATIVE_INFINITY;
  return spans.map((span) => {
    if (span === null) return null;
    const touching = previousEndMs >= span.startMs - MAX_TOUCH_MS;
    previousEndMs = Math.max(previousEndMs, span.endMs);
    const first = Math.floor(span.startMs / frameMs);
    const limit = Math.min(Math.floor(span.endMs / frameMs) - 1, Math.ceil((span.startMs + MAX_TAIL_TRIM_MS) / frameMs), peaks.length);
    let f = first;
    while (f < limit && peaks[f]! <= tail) f++;
    const inHeadNoise = touching && (f - first) * frameMs >= MIN_NOISE_HEAD_MS;
    if (!inHeadNoise && lastFloorFrame(takes, first, first - rise) < 0) return span;
    const startMs = f * frameMs;
    return f < limit && startMs > span.startMs ? { ...span, startMs } : span;
  });
}

/**
 * Every span's start whose take rose from the floor (a frame not over `takes.over`) at most
 * {@link MAX_RISE_BEFORE_START_MS} before it, with no earlier span ending after that rise, moved
 * back to the take's first frame over {@link OVER_TAKE_NOISE} × the take noise when that lies
 * before it. Frames of `frameMs`; null stays null.
 */
export function startsBackToTakeRise(spans: readonly (AcousticSpan | null)[], takes: TakeLevels, frameMs: number): (AcousticSpan | null)[] {
  const { peaks } = takes;
  const tail = OVER_TAKE_NOISE * takes.noise;
  const reach = MAX_RISE_BEFORE_START_MS / frameMs;
  let previousEndMs = Number.NEGATIVE_INFINITY;
  return spans.map((span) => {
    if (span === null) return null;
    const before = previousEndMs;
    previousEndMs = Math.max(previousEndMs, span.endMs);
    const first = Math.floor(span.startMs / frameMs);
    const rise = lastFloorFrame(takes, first - 1, first - reach); // the floor frame the take rose from
    if (rise < 0 || (rise + 1) * frameMs < before) return span;
    let f = rise + 1;
    while (f < first && peaks[f]! <= tail) f++;
    return f < first ? { ...span, startMs: f * frameMs } : span;
  });
}

/** The last frame of `[lowest, from]` whose peak is not over `takes.over` (the floor before a take), or -1. */
function lastFloorFrame(takes: TakeLevels, from: number, lowest: number): number {
  for (let f = from; f >= Math.max(0, lowest); f--) if (takes.peaks[f]! <= takes.over) return f;
  return -1;
}

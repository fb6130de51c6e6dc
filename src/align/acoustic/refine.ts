/**
 * Word edges refined on the audio's energy, both ways, in 5 ms frames measured against the
 * recording's noise floor. The grammar search often lets a word begin in the pause before it (a
 * stop consonant's closure looks like silence) or end in the pause after it: such an edge is moved
 * inwards over quiet frames, starting at most {@link LOOK_IN_MS} inside it, never by more than
 * {@link MAX_TRIM_MS} and never past the word's middle. It also often cuts a word's faint start or
 * its fading end: an edge with sound just outside it is moved outwards over frames loud enough to
 * be speech, by at most {@link MAX_EXTEND_START_MS} / {@link MAX_EXTEND_END_MS} and never onto a
 * neighbouring word. Starts and ends are judged apart: a word's onset is abrupt, and the faint
 * sound before it (breath, a take's own hiss) is no part of it, so a start is trimmed over frames up
 * to {@link QUIET_START_DB} over the floor; an end fades, so it is trimmed only over frames up to
 * {@link QUIET_END_DB}. Last, each edge is put on the sample: the first (last) sample of its frame
 * louder than {@link SAMPLE_OVER_FLOOR_DB} over the floor. Pure.
 *
 * Measured on real voices (225 spoken digits of three accented speakers, edges defined by energy)
 * and five synthetic voices (380 words): starts within 50 ms 82.7 → 88.0 % (real) and 89.9 → 92.6 %
 * (synthetic), ends 77.8 → 84.0 % and 79.0 → 90.4 %, against 10 ms frames with one threshold and
 * no outward move. Tuned on two real speakers, the settings held on the third for two of the three
 * (the Belgian French speaker, whose takes carry loud quantization noise, stays the weakest). The
 * search starts some words 100 to 230 ms late (a weak first consonant given to the pause): a start
 * after a placed word may move out by up to 200 ms (60 ms took synthetic starts to 92.6 %, 200 ms
 * to 93.9 %; real starts are the same either way), one after a word not placed by 60 ms only (the
 * sound before it may be that word's, or noise that drowned it).
 *
 * Where a recording's sounds die away (they end far fainter than they begin, see {@link FADING_DB})
 * the faint sound after a word is its own tail, and an end is extended over it down to
 * {@link TAIL_OVER_DB}; where they end as loud as they begin, it is a noise bed and the end is
 * extended over loud frames only. Measured: the median stretch ends 20 dB under its start in the
 * synthetic voice whose words fade out over up to 130 ms (en-us+f2), 1 to 4 dB in the other four
 * synthetic voices and 0 to 7 dB in the three real speakers' recordings; that voice's ends within
 * 50 ms went from 78.9 to 94.7 % (the synthetic voices' from 90.4 to 93.6 %), the others' stay
 * the same. Extending every recording's ends over such faint frames instead cost the real voices
 * (one speaker's ends within 50 ms 93 → 85 %): their takes carry a bed of hiss the truth leaves out.
 *
 * Two words the search made touch in sound, with a pause of their own beside (words said with a
 * short pause between them, the search giving one's first or last syllable to the other), are split
 * at that pause when it is the only one near and the split makes the two words' times a phone more
 * alike (see {@link junctionsAtPauses}). Measured: synthetic starts within 50 ms 94.1 → 95.5 %, ends
 * 93.6 → 94.9 %; real starts 87.9 → 90.1 %, ends 83.9 → 84.3 %. Without the pace condition, words
 * said with no pause at all were split at a stop's closure inside one of them ("church and" 134 ms
 * off); taking the nearest of several pauses did the same ("doctor"). With several pauses near, the
 * split at the one that makes the words' times a phone most alike (the pause, not the closure of
 * "doctor agreed", "baker and"): synthetic starts 95.8 → 96.3 %, ends 95.0 → 95.8 % (after the
 * spill rule below); real starts 96.9 → 97.3 %, ends 91.5 → 91.0 % (one Belgian French "two" ends
 * 53 ms late, split at its pause but with his bed; the next word's start 122 ms early before).
 *
 * A stretch of steady noise (a level that holds still for 100 ms and crosses zero as noise does: see
 * {@link steadyNoiseFrames}, steady-noise.ts) is no word's: an edge the search put in it is moved past
 * it, an edge is never extended onto it, and a word put on nothing else is not found (measured there).
 *
 * Where a speaker's noise bed stands out, a start is moved on over frames just over the bed when
 * they are the bed's own (see {@link startsPastBed}, bed-starts.ts: real starts within 50 ms
 * 97.3 → 97.8 %; the real takes with white noise added 81.8 → 88.9 %).
 *
 * A start the search put in the previous word's fading end, said before a pause, is moved past
 * that pause (see {@link startsPastSpill}, spill.ts: real starts within 50 ms 94.6 → 96.9 %). An
 * end whose extension spends its reach in loud sound, the next word placed, goes on over sound that
 * stays 20 dB over the floor when it stops at once before that word (see {@link abruptEnd},
 * abrupt-ends.ts: synthetic ends 95.8 → 96.6 %). An end at a final stop's closure moves on over
 * its release to the pause after it (see {@link endAtRelease}, pause-ends.ts: real ends within
 * 50 ms 91.0 → 91.5 %).
 *
 * Two words the search made touch inside one of them with no pause near are judged on the shape of
 * the level: a junction on a steady slope moves onto the valley between them, and one in the first
 * word's fading end moves to where the next word's abrupt onset rises (see valleys.ts: before the
 * extension and again after it; real starts within 50 ms 97.8 → 98.2 %, synthetic 96.6 → 97.1 %).
 */
import { faintAndPoor, median } from './evidence.js';
import { abruptEnd } from './abrupt-ends.js';
import { BED_MARGIN_DB, startsPastBed } from './bed-starts.js';
import { frameRuns } from './frame-runs.js';
import { junctionsAtPauses } from './junctions.js';
import { endAtRelease } from './pause-ends.js';
import { startsPastSpill } from './spill.js';
import { edgesPastSteadyNoise, steadyNoiseFrames } from './steady-noise.js';
import { junctionsAtValleys, junctionsBeforeOnsets } from './valleys.js';
import type { AcousticSpan } from './types.js';

/** Length of an energy frame, ms. */
export const ENERGY_FRAME_MS = 5;
/** Longest inward move of one edge, ms. */
export const MAX_TRIM_MS = 400;
/** How far inside an edge the quiet run it is trimmed over may begin (the neighbour's last sound spills over), ms. */
export const LOOK_IN_MS = 20;
/** Longest outward move of a start after a placed word, ms. */
export const MAX_EXTEND_START_MS = 200;
/** Longest outward move of a start after a word not placed (the sound before it may be that word's) or of the first word, ms. */
export const MAX_EXTEND_START_ALONE_MS = 60;
/** Longest outward move of an end, ms. */
export const MAX_EXTEND_END_MS = 80;
/** A start is trimmed over frames at most this many dB over the noise floor. */
export const QUIET_START_DB = 15;
/** An end is trimmed over frames at most this many dB over the noise floor (a word also counts as all quiet under it). */
export const QUIET_END_DB = 9;
/** An edge is extended over frames more than this many dB over the noise floor. */
export const EXTEND_OVER_DB = 15;
/**
 * A recording's sound stretches (runs of frames more than {@link STRETCH_OVER_DB} over the floor, at
 * least {@link MIN_STRETCH_MS} long) whose last frame is, in the median, this many dB or more under
 * their first frame: its sounds begin abruptly and die away (a voice's soft release, a room's
 * reverberation), so the faint sound after a word is the word's own tail, not a noise bed. A noise
 * bed (takes spliced with their own hiss, a noisy room) is as loud before the words as after them.
 */
export const FADING_DB = 12;
/** Frames counted into sound stretches: more than this many dB over the floor. */
export const STRETCH_OVER_DB = 6;
/** Shortest sound stretch counted, ms. */
export const MIN_STRETCH_MS = 50;
/** In a recording whose sounds fade, an end is extended over frames more than this many dB over the floor. */
export const TAIL_OVER_DB = 6;
/** In a recording whose sounds fade, the longest outward move of an end, ms. */
export const MAX_EXTEND_TAIL_MS = 150;
/** A pause after a word's spill (see spill.ts): frames at most this many dB over the floor. */
export const PAUSE_DB = 6;
/** The edge sample: the first or last of its frame this many dB over the floor (RMS). */
export const SAMPLE_OVER_FLOOR_DB = 9;
/** Percentile of the frame levels taken as the noise floor (digital silence left out). */
const FLOOR_PERCENTILE = 0.05;
/** A frame whose RMS is at most this is digital silence (or dither): always quiet, never the floor. */
const SILENT_RMS = 2;

/**
 * Per frame its level (dB of mean square; -Infinity for digital silence), and the recording's noise floor in the same unit;
 * with `zcr`, per frame its zero-crossing rate (the share of its consecutive sample pairs that change sign).
 */
export interface FrameLevels {
  readonly db: Float64Array;
  readonly floorDb: number;
  readonly zcr?: Float64Array | undefined;
}

/** Levels from sums of squares per frame of `frameSamples` samples, and the zero crossings per frame when given. */
export function frameLevels(energies: Float64Array, frameSamples: number, crossings?: Uint32Array): FrameLevels {
  const db = Float64Array.from(energies, (e) =>
    e <= SILENT_RMS * SILENT_RMS * frameSamples ? Number.NEGATIVE_INFINITY : 10 * Math.log10(e / frameSamples),
  );
  const sorted = Array.from(db).filter((d) => d !== Number.NEGATIVE_INFINITY).sort((a, b) => a - b);
  const floorDb = sorted[Math.floor(FLOOR_PERCENTILE * (sorted.length - 1))] ?? 0;
  if (crossings === undefined) return { db, floorDb };
  return { db, floorDb, zcr: Float64Array.from(crossings, (c) => c / Math.max(1, frameSamples - 1)) };
}

/** The amplitude over which a sample counts as sound at an edge. */
export function edgeAmplitude(levels: FrameLevels): number {
  return 10 ** ((levels.floorDb + SAMPLE_OVER_FLOOR_DB) / 20);
}

/** Whether the recording's sound stretches die away (see {@link FADING_DB}); false with none. */
export function soundsFade(levels: FrameLevels): boolean {
  const over = levels.floorDb + STRETCH_OVER_DB;
  const shortest = MIN_STRETCH_MS / ENERGY_FRAME_MS;
  const drops = frameRuns(0, levels.db.length, (f) => levels.db[f]! > over)
    .filter(([start, end]) => end - start >= shortest)
    .map(([start, end]) => levels.db[start]! - levels.db[end - 1]!);
  const drop = median(drops);
  return drop !== null && drop >= FADING_DB;
}

/** Per frame 1 when it is steady noise (steady-noise.ts), in energy frames. */
export function steadyNoise(levels: FrameLevels): Uint8Array {
  return steadyNoiseFrames(levels.db, levels.zcr, levels.floorDb, ENERGY_FRAME_MS);
}

/** Per frame whether it is at most `overDb` over the floor (1) or louder (0). */
export function quietFrames(levels: FrameLevels, overDb: number): Uint8Array {
  return Uint8Array.from(levels.db, (d) => (d <= levels.floorDb + overDb ? 1 : 0));
}

/** The level of the loudest frame of a span (-Infinity when it holds none). */
export function peakDb(span: AcousticSpan, levels: FrameLevels): number {
  const [first, last] = spanFrames(span, levels.db.length);
  let peak = Number.NEGATIVE_INFINITY;
  for (let f = first; f <= last; f++) peak = Math.max(peak, levels.db[f]!);
  return peak;
}

/**
 * `spans` without the words far fainter than the recording's placed words (their median loudest
 * frame) that also score poorly (see `faintAndPoor`, evidence.ts): null for those.
 */
export function dropFaintAndPoor(spans: readonly (AcousticSpan | null)[], levels: FrameLevels): (AcousticSpan | null)[] {
  const peaks = spans.map((span) => (span === null ? null : peakDb(span, levels)));
  const typical = median(peaks.filter((p): p is number => p !== null));
  return spans.map((span, i) =>
    span === null || span.evidence === undefined || typical === null || !faintAndPoor(peaks[i]! - typical, span.evidence) ? span : null,
  );
}

/** Frames of a span: first, and last inclusive (clamped to the audio). */
function spanFrames(span: AcousticSpan, frames: number): [number, number] {
  return [Math.floor(span.startMs / ENERGY_FRAME_MS), Math.min(frames, Math.ceil(span.endMs / ENERGY_FRAME_MS)) - 1];
}

/**
 * `span` with its edges moved inwards over quiet frames (`quietStart` for its start, `quietEnd` for
 * its end; see the module comment); `null` when every frame of it is quiet by `quietEnd` (a word
 * forced onto a pause was not found).
 */
export function trimQuietEdges(span: AcousticSpan, quietStart: Uint8Array, quietEnd: Uint8Array): AcousticSpan | null {
  const [first, last] = spanFrames(span, quietEnd.length);
  if (quietEnd.subarray(first, last + 1).every((q) => q === 1)) return null;
  const middle = Math.floor((first + last) / 2);
  const most = MAX_TRIM_MS / ENERGY_FRAME_MS;
  const look = Array.from({ length: LOOK_IN_MS / ENERGY_FRAME_MS + 1 }, (_, k) => k);
  const lead = look.find((k) => first + k < middle && quietStart[first + k] === 1);
  let start = first;
  if (lead !== undefined) {
    start = first + lead;
    while (start < middle && start - first < most && quietStart[start] === 1) start++;
  }
  const trail = look.find((k) => last - k > Math.max(start, middle) && quietEnd[last - k] === 1);
  let end = last;
  if (trail !== undefined) {
    end = last - trail;
    while (end > Math.max(start, middle) && last - end < most && quietEnd[end] === 1) end--;
  }
  if (start === first && end === last) return span;
  return {
    ...span,
    startMs: start === first ? span.startMs : start * ENERGY_FRAME_MS,
    endMs: end === last ? span.endMs : (end + 1) * ENERGY_FRAME_MS,
  };
}

/**
 * Every span trimmed off quiet frames, then extended over loud frames outside it up to its
 * neighbours (see the module comment); null stays null, and a span all quiet becomes null.
 * `bedDb`: the level of the speaker's noise bed (noise-bed.ts), null when none stands out;
 * `steady`: per frame 1 when it is steady noise (steady-noise.ts), found on the levels before the bed
 * was put at the floor (a bed at the noise's level would break it up); by default on `levels`.
 * Steady noise is no word's: edges are moved past it and never extended onto it.
 */
export function refineEdges(
  spans: readonly (AcousticSpan | null)[],
  levels: FrameLevels,
  bedDb: number | null = null,
  steady: Uint8Array = steadyNoise(levels),
): (AcousticSpan | null)[] {
  const quietStart = quietFrames(levels, QUIET_START_DB);
  const quietEnd = quietFrames(levels, QUIET_END_DB);
  const loud = Uint8Array.from(quietFrames(levels, EXTEND_OVER_DB), (q, f) => (1 - q) & (1 - steady[f]!));
  const fading = soundsFade(levels);
  const tail = fading ? Uint8Array.from(quietFrames(levels, TAIL_OVER_DB), (q, f) => (1 - q) & (1 - steady[f]!)) : loud;
  const maxEnd = (fading ? MAX_EXTEND_TAIL_MS : MAX_EXTEND_END_MS) / ENERGY_FRAME_MS;
  const frames = levels.db.length;
  const pause = quietFrames(levels, PAUSE_DB);
  // A pause after a word, for its end: in a speaker's noise bed, frames as far over the bed as bed-starts.ts lets a start move over.
  const endPause = bedDb === null ? pause : quietFrames(levels, Math.max(PAUSE_DB, bedDb + BED_MARGIN_DB - levels.floorDb));
  const trimmed = junctionsBeforeOnsets(junctionsAtValleys(junctionsAtPauses(
    startsPastSpill(
      startsPastBed(
        edgesPastSteadyNoise(spans, steady, quietStart, quietEnd, ENERGY_FRAME_MS).map((span) =>
          span === null ? null : trimQuietEdges(span, quietStart, quietEnd),
        ),
        levels.db,
        bedDb,
        ENERGY_FRAME_MS,
        MAX_TRIM_MS,
      ),
      pause,
      ENERGY_FRAME_MS,
    ),
    quietEnd,
    ENERGY_FRAME_MS,
  ), levels.db, ENERGY_FRAME_MS), levels.db, ENERGY_FRAME_MS);
  let previousEnd = 0; // frame after the previous word
  const extended = trimmed.map((span, i) => {
    if (span === null) return null;
    let nextStart = frames;
    for (let k = i + 1; k < trimmed.length; k++) {
      const next = trimmed[k];
      if (next !== null && next !== undefined) { nextStart = Math.floor(next.startMs / ENERGY_FRAME_MS); break; }
    }
    const first = Math.floor(span.startMs / ENERGY_FRAME_MS);
    const last = Math.ceil(span.endMs / ENERGY_FRAME_MS); // exclusive
    const reach = (i > 0 && trimmed[i - 1] !== null ? MAX_EXTEND_START_MS : MAX_EXTEND_START_ALONE_MS) / ENERGY_FRAME_MS;
    let start = first;
    while (start - 1 >= previousEnd && first - start < reach && loud[start - 1] === 1) start--;
    let end = last;
    while (end < nextStart && end - last < maxEnd && tail[end] === 1) end++;
    // Reach spent in loud sound, the next word placed: on over sound that stops at once (abrupt-ends.ts).
    if (end - last >= maxEnd && tail[end] === 1 && i + 1 < trimmed.length && trimmed[i + 1] !== null) {
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
  return junctionsBeforeOnsets(extended, levels.db, ENERGY_FRAME_MS);
}

/**
 * Index of the first sample louder than `amplitude` (`fromEnd`: of the last), or -1, from the
 * samples' squares (as `readFrameEnergies` gives them with frames of one sample). Puts an
 * edge on the sample inside its frame.
 */
export function loudSample(squares: Float64Array, amplitude: number, fromEnd: boolean): number {
  const over = amplitude * amplitude;
  if (fromEnd) {
    for (let i = squares.length - 1; i >= 0; i--) if (squares[i]! > over) return i;
    return -1;
  }
  return squares.findIndex((s) => s > over);
}

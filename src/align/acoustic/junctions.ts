/**
 * Junctions of touching words moved onto the pause between them (part of the edge refinement,
 * refine.ts). Pure.
 */
import { frameRuns } from './frame-runs.js';
import type { AcousticSpan } from './types.js';

/** How far from where two touching words meet a pause may lie to be their junction, ms. */
export const JUNCTION_REACH_MS = 200;

/** How far from where two touching words meet a gap at the floor may lie to be their junction ({@link junctionsAtFloorGaps}), ms. */
export const FLOOR_GAP_REACH_MS = 350;
/** A gap at the floor at least this long parts two touching words whatever their pace ({@link junctionsAtFloorGaps}), ms. */
export const FLOOR_GAP_MS = 40;
/**
 * ... unless the split leaves one word's time a phone e^0.9 (2.5) times the other's or more (|log|
 * of their ratio, as `unevenPace` measures it).
 */
export const FLOOR_GAP_MAX_UNEVEN = 0.9;

/**
 * Two placed words that touch (the search put one's end on the other's start, in sound, so trimming
 * left them touching) are split at a pause near their junction instead: of the runs of `quiet`
 * frames (of `frameMs` each) within `reachMs` of it and between the two words'
 * middles, the one whose split brings their times a phone nearest each other (a speaker's pace
 * changes little from one word to the next), when that is nearer than where they meet: the first
 * word ends where the run begins and the second starts where it ends. Beside the pause between
 * them there is often a stop's closure inside one word ("doctor agreed": the closure of /k t/ and
 * the pause after /er/): splitting at the closure leaves one word a phone far shorter than the
 * other, so the pace picks the pause.
 */
export function junctionsAtPauses(
  spans: readonly (AcousticSpan | null)[],
  quiet: Uint8Array,
  frameMs: number,
  reachMs: number = JUNCTION_REACH_MS,
): (AcousticSpan | null)[] {
  return movedJunctions(spans, frameMs, (a, b, junction) => {
    const runs = runsBetween(a, b, junction, quiet, frameMs, reachMs);
    if (runs.length === 0) return null;
    const moved = runs.map((run) => splitAt(a, b, run, frameMs)).reduce((best, o) => (unevenPace(...o) < unevenPace(...best) ? o : best));
    return unevenPace(...moved) < unevenPace(a, b) ? moved : null;
  });
}

/**
 * The junction rule of {@link junctionsAtPauses} on `dip`, frames at the floor (floor-dips.ts), the
 * second time the edges are split (refine.ts), within {@link FLOOR_GAP_REACH_MS}; but first, where the
 * longest such run lasts at least {@link FLOOR_GAP_MS}, the words are split there even when that
 * makes their times a phone less alike, short of {@link FLOOR_GAP_MAX_UNEVEN}. The floor is where no
 * take's sound lies, and 40 ms of it is a gap between two takes, not a closure: a word's own pace
 * is no guide where one of the two was said slowly. A Greek speaker's "one one", the first drawn out
 * (500 ms, the second 370 ms): the search met them 140 ms into the first one's vowel, with the 50 ms
 * gap between the takes 190 ms past the junction; split at the gap the two were 188 and 94 ms a
 * phone (the second's pronunciation has four phones), against 123 and 157 where they met.
 *
 * Measured on the confidence benchmark with its references (a harness outside the repository that
 * runs the benchmark's recordings and scores them as bench/confidence.mjs does): the changed voices
 * in the set, wrong clips 70 → 67 (starts within 50 ms 214 → 216 of 239, ends 210 → 211), the
 * voices never fitted on 81 → 76 (starts 309 → 311 of 338, ends 310 → 313), no clip made wrong; the
 * real and synthetic sets the same. The reach alone (350 ms, pace rule kept) made 2 of those clips
 * right; a gap of 20 ms made 2 more of the changed voices right and one synthetic end wrong; 30
 * and 60 ms and reaches of 450 ms gave the same. A limit of 1.2 gave the same there but split two
 * synthetic voices' "doctor stepped" (`node bench/run.mjs --only alignment`) at the closure of
 * /k t/, "doctor" ending 207 and 248 ms early (|log| 0.98 and 1.03); 0.8 made two of the clips above
 * wrong again. In read speech the reach splits a sentence's last "he was" at the pause between them
 * where the search had given "he" 90 ms (the demo's clips flagged 18 → 20 of 134: both words, and
 * the recording's other "he", now unlike this one in length).
 */
export function junctionsAtFloorGaps(
  spans: readonly (AcousticSpan | null)[],
  dip: Uint8Array,
  frameMs: number,
): (AcousticSpan | null)[] {
  const reach = FLOOR_GAP_REACH_MS / frameMs;
  const atGaps = movedJunctions(spans, frameMs, (a, b, junction) => {
    // A gap that begins within reach is taken whole, up to the words' middles.
    const runs = runsBetween(a, b, junction, dip, frameMs, Number.POSITIVE_INFINITY)
      .filter(([start, end]) => end > junction - reach && start <= junction + reach);
    if (runs.length === 0) return null;
    const longest = runs.reduce((best, run) => (run[1] - run[0] > best[1] - best[0] ? run : best));
    if ((longest[1] - longest[0]) * frameMs < FLOOR_GAP_MS) return null;
    const split = splitAt(a, b, longest, frameMs);
    return unevenPace(...split) < FLOOR_GAP_MAX_UNEVEN ? split : null;
  });
  return junctionsAtPauses(atGaps, dip, frameMs, FLOOR_GAP_REACH_MS);
}

/** The runs of `quiet` frames within `reachMs` of the junction frame (cut there) and between the two words' middles. */
function runsBetween(a: AcousticSpan, b: AcousticSpan, junction: number, quiet: Uint8Array, frameMs: number, reachMs: number) {
  const reach = reachMs / frameMs;
  const from = Math.max(junction - reach, Math.ceil((a.startMs + a.endMs) / 2 / frameMs));
  const to = Math.min(junction + reach, Math.floor((b.startMs + b.endMs) / 2 / frameMs));
  return frameRuns(from, to, (f) => quiet[f] === 1);
}

/** The two words split at a run of frames: the first ends where it begins, the second starts where it ends. */
function splitAt(
  a: AcousticSpan,
  b: AcousticSpan,
  [pauseStart, pauseEnd]: readonly [number, number],
  frameMs: number,
): [AcousticSpan, AcousticSpan] {
  return [{ ...a, endMs: pauseStart * frameMs }, { ...b, startMs: pauseEnd * frameMs }];
}

/**
 * `spans` with each two placed words that touch (one's end on the other's start, to the frame of
 * `frameMs`; a word of the text between them that found no place holds no audio between them)
 * given the times `move` returns for them (null: as they are), in order: `move` sees the words as
 * earlier moves left them; `junction` is the frame where they meet. The junction rules
 * (here and valleys.ts) each decide where such a pair moves.
 */
export function movedJunctions(
  spans: readonly (AcousticSpan | null)[],
  frameMs: number,
  move: (a: AcousticSpan, b: AcousticSpan, junction: number) => readonly [AcousticSpan, AcousticSpan] | null,
): (AcousticSpan | null)[] {
  const out = [...spans];
  const placed = out.flatMap((span, i) => (span === null || span === undefined ? [] : [i]));
  for (let k = 0; k + 1 < placed.length; k++) {
    const i = placed[k]!;
    const j = placed[k + 1]!;
    const a = out[i]!;
    const b = out[j]!;
    const junction = Math.round(a.endMs / frameMs);
    if (Math.round(b.startMs / frameMs) !== junction) continue;
    const moved = move(a, b, junction);
    if (moved !== null) [out[i], out[j]] = moved;
  }
  return out;
}

/** How unlike two words' times a phone are (|log| of their ratio); Infinity without phones. */
function unevenPace(a: AcousticSpan, b: AcousticSpan): number {
  const pa = a.evidence?.phones ?? 0;
  const pb = b.evidence?.phones ?? 0;
  if (pa === 0 || pb === 0 || a.endMs <= a.startMs || b.endMs <= b.startMs) return Number.POSITIVE_INFINITY;
  return Math.abs(Math.log((a.endMs - a.startMs) / pa / ((b.endMs - b.startMs) / pb)));
}

/**
 * Word edges refined on the audio's energy, both ways, in 5 ms frames measured against the
 * recording's noise floor (frame-levels.ts). The grammar search often lets a word begin or end in
 * the pause beside it, and often cuts a word's faint start or its fading end: each edge is first
 * moved inwards over quiet frames (trim-quiet.ts: a start over frames up to 15 dB over the floor, an
 * end only up to 9 dB, for an onset is abrupt and an end fades), then outwards over frames loud
 * enough to be speech, never onto a neighbouring word (extend-loud.ts; in a recording whose sounds
 * fade, fading.ts, an end over the word's faint tail). Last, each edge is put on the sample
 * (sample-edges.ts). Pure.
 *
 * Measured on real voices (225 spoken digits of three accented speakers, edges defined by energy)
 * and five synthetic voices (380 words): starts within 50 ms 82.7 → 88.0 % (real) and 89.9 → 92.6 %
 * (synthetic), ends 77.8 → 84.0 % and 79.0 → 90.4 %, against 10 ms frames with one threshold and
 * no outward move. Tuned on two real speakers, the settings held on the third for two of the three
 * (the Belgian French speaker, whose takes carry loud quantization noise, stays the weakest).
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
 * `steadyNoiseFrames`, steady-noise.ts) is no word's: an edge the search put in it is moved past
 * it, an edge is never extended onto it, and a word put on nothing else is not found (measured there).
 *
 * Where a speaker's noise bed stands out, a start is moved on over frames just over the bed when
 * they are the bed's own (see {@link startsPastBed}, bed-starts.ts: real starts within 50 ms
 * 97.3 → 97.8 %; the real takes with white noise added 81.8 → 88.9 %).
 *
 * A start the search put in the previous word's fading end, said before a pause, is moved past
 * that pause (see {@link startsPastSpill}, spill.ts: real starts within 50 ms 94.6 → 96.9 %). An
 * end whose extension spends its reach in loud sound, the next word placed, goes on over sound that
 * stays 20 dB over the floor when it stops at once before that word (see `abruptEnd`,
 * abrupt-ends.ts: synthetic ends 95.8 → 96.6 %). An end at a final stop's closure moves on over
 * its release to the pause after it (see `endAtRelease`, pause-ends.ts: real ends within
 * 50 ms 91.0 → 91.5 %).
 *
 * Two words the search made touch inside one of them with no pause near are judged on the shape of
 * the level: a junction on a steady slope moves onto the valley between them, and one in the first
 * word's fading end moves to where the next word's abrupt onset rises (see valleys.ts: before the
 * extension and again after it; real starts within 50 ms 97.8 → 98.2 %, synthetic 96.6 → 97.1 %).
 *
 * Two words the extension made touch (the search put the second's start in the first's faint tail,
 * and each edge went over that sound towards the other) are split again, as above, at a dip to the
 * floor between them: frames at most `FLOOR_DIP_DB` over it (floor-dips.ts), however short, for the floor is
 * where no take's sound lies (a single such frame parts two takes joined with no pause), while the
 * quiet frames of the first pass, up to 9 dB over the floor, are also the closures inside fading
 * speech ("whose gardens", "ran up": split 25 and 10 ms off their truth). Measured (`node bench/run.mjs
 * --only alignment,confidence`): the changed voices' starts within 50 ms 89 → 91 of 102, ends 91 → 92
 * (a Greek "two" put 189 ms early in the noisy tail of the "five" before it, and the "five" cut);
 * every other figure the same. That second split reaches 350 ms, and a gap at the floor of 40 ms
 * or more parts the two words whatever their pace (see {@link junctionsAtFloorGaps}: a slow "one"
 * before a quick one; wrong clips of the changed voices 70 → 67, of the voices never fitted 81 → 76).
 *
 * Then a start put in sound just before such a dip (the previous take's tail, a final stop's release)
 * moves past it (see {@link startsPastFloorDips}, floor-dips.ts: changed voices' starts within 50 ms
 * 91 → 93 of 102).
 */
import { BED_MARGIN_DB, startsPastBed } from './bed-starts.js';
import { extendEdges } from './extend-loud.js';
import { FLOOR_DIP_DB, startsPastFloorDips } from './floor-dips.js';
import { ENERGY_FRAME_MS, quietFrames, steadyNoise, type FrameLevels } from './frame-levels.js';
import { junctionsAtFloorGaps, junctionsAtPauses } from './junctions.js';
import { startsPastSpill } from './spill.js';
import { edgesPastSteadyNoise } from './steady-noise.js';
import { MAX_TRIM_MS, QUIET_END_DB, QUIET_START_DB, trimQuietEdges } from './trim-quiet.js';
import { junctionsAtValleys, junctionsBeforeOnsets } from './valleys.js';
import type { AcousticSpan } from './types.js';

/** A pause after a word's spill (see spill.ts): frames at most this many dB over the floor. */
export const PAUSE_DB = 6;

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
  const dip = quietFrames(levels, FLOOR_DIP_DB);
  const split = junctionsAtFloorGaps(extendEdges(trimmed, levels, steady, endPause), dip, ENERGY_FRAME_MS);
  const extended = startsPastFloorDips(split, dip, ENERGY_FRAME_MS);
  return junctionsBeforeOnsets(extended, levels.db, ENERGY_FRAME_MS);
}

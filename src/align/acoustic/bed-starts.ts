/**
 * Starts trimmed past a speaker's noise bed (part of the edge refinement, refine.ts). A speaker's
 * bed (noise-bed.ts) is counted as floor only up to its level, the median of its plateaus, so half
 * of its frames still lie over it, and a start the search put in the bed before a word (the take's
 * own hiss, or the previous take's tail) is not trimmed past them. Here a start is moved on over
 * frames up to {@link BED_MARGIN_DB} over the bed when those frames are the bed itself: their
 * median lies at most {@link BED_LIKE_DB} over its level (a bed's frames scatter around its level;
 * the faint onset of a word, the /θ/ of "three", lies over it all through, and is kept).
 *
 * Measured (`node bench/run.mjs --only alignment --no-build`): real starts within 50 ms 97.3 →
 * 97.8 %, the Belgian French speaker's 97.3 → 98.6 % (the only one of the three with a bed);
 * ends, the synthetic voices and placements the same. On the same real takes given a bed of
 * their own before they are joined (a scratch script outside the repository; truth as the
 * benchmark's, over the changed takes' noise; shares of all 225 words), starts within 50 ms:
 * white noise 20 dB under the speaker's speech 81.8 → 88.9 %, pink noise 25 dB under 89.8 →
 * 92.0 %, 8-bit requantization 87.6 → 88.9 %, mains hum 89.3 % either way; ends the same.
 * Without the median's test the Belgian French speaker's own takes gained one start and lost
 * another (the /θ/ of "three" trimmed off, 136 ms late); with the extension outwards also
 * stopped at the margin, they lost three (the /n/ of "nine" too). Pure.
 */
import { median } from './evidence.js';
import type { AcousticSpan } from './types.js';

/** A start moves on over frames up to this many dB over the bed. */
export const BED_MARGIN_DB = 3;
/** ... when their median lies at most this many dB over the bed. */
export const BED_LIKE_DB = 1;

/**
 * `spans` with each start moved on over the bed (see the module comment): over frames of `db`
 * (each `frameMs` long) no louder than `bedDb` + {@link BED_MARGIN_DB}, never past the span's
 * middle nor by more than `maxMs`, when the median of those frames is at most `bedDb` +
 * {@link BED_LIKE_DB}; `spans` itself when there is no bed (`bedDb` null).
 */
export function startsPastBed(
  spans: readonly (AcousticSpan | null)[],
  db: Float64Array,
  bedDb: number | null,
  frameMs: number,
  maxMs: number,
): readonly (AcousticSpan | null)[] {
  if (bedDb === null) return spans;
  const most = maxMs / frameMs;
  return spans.map((span) => {
    if (span === null) return null;
    const first = Math.floor(span.startMs / frameMs);
    const middle = Math.floor((span.startMs + span.endMs) / 2 / frameMs);
    let start = first;
    while (start < middle && start - first < most && db[start]! <= bedDb + BED_MARGIN_DB) start++;
    if (start === first) return span;
    const level = median(Array.from(db.subarray(first, start)));
    return level !== null && level <= bedDb + BED_LIKE_DB ? { ...span, startMs: start * frameMs } : span;
  });
}

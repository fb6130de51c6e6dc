/**
 * `phoneLate` (pure): whether the phone pass (src/align/acoustic/phone-pass.ts) starts a word later
 * than its clip, over sound.
 */
import { FRAME_MS, frameRange, type RecordingLevels } from './levels.js';
import type { WordEvidence } from '../acoustic/types.js';

/** Speech-loud sound between the placed start and a later phone-pass start up to this much, ms, is not counted in `phoneLate`. */
export const PHONE_LATE_FREE_MS = 60;
/** `phoneLate` is read only at a start this close to the previous word's end, ms (the two touch: no pause settles the junction). */
export const PHONE_LATE_TOUCH_MS = 50;

/**
 * The sound behind `phoneLate` (edge-features.ts makes the feature of it: the ms past
 * {@link PHONE_LATE_FREE_MS}, a short consonant, in tenths of a second, at most 3): how much sound
 * (10 ms frames that are not quiet, in ms) lies between the word's start and a later start of the
 * phone pass (src/align/acoustic/phone-pass.ts: the placed words forced-aligned again with every
 * phone its own grammar word); 0 when the phone pass starts the word at or before the start, gave
 * no start or the start does not touch the word before, null without the aligner's evidence. Two
 * searches that model the junction differently agree where it is well determined; where the second one
 * starts the word later over sound, the clip likely begins with sound that is not the word's (the
 * previous word's last consonant, or a neighbour's audio when the word was put in the wrong
 * place). Read only at a start touching the previous word's end: after a pause, the pause
 * settles the start. Measured on the confidence benchmark's words with a reference (19
 * recordings, beside `island`): each recording judged by models fitted on the others, wrong clips
 * flagged 61 → 64 of 95 and right ones 13 → 13 of 350 (in the fit 65 → 68 and 12 → 12); the
 * demo's clips with any flag 23 of 134 either way. Read at every start, it flagged one more right
 * clip; the phone pass's end against the clip's end, or either edge without the sign, did not
 * help (measured offline on 15 recordings before).
 */
export function soundBeforePhoneStart(
  ev: WordEvidence | undefined,
  startMs: number,
  gapMs: number,
  levels: RecordingLevels,
): number | null {
  if (ev === undefined) return null;
  if (ev.phoneStartMs === undefined || ev.phoneStartMs <= startMs || gapMs >= PHONE_LATE_TOUCH_MS) return 0;
  const [first, end] = frameRange(levels, startMs, ev.phoneStartMs);
  let loud = 0;
  for (let f = first; f < end; f++) loud += 1 - levels.quiet[f]!;
  return loud * FRAME_MS;
}

/**
 * Whether a recording's sounds die away (part of the edge refinement, refine.ts). Its sound
 * stretches are the runs of frames more than {@link STRETCH_OVER_DB} over the floor, at least
 * {@link MIN_STRETCH_MS} long; when their last frame is, in the median, {@link FADING_DB} or more
 * under their first, its sounds begin abruptly and fade (a voice's soft release, a room's
 * reverberation), so the faint sound after a word is the word's own tail and an end is extended over
 * it (extend-loud.ts). Where they end as loud as they begin it is a noise bed (takes spliced with
 * their own hiss, a noisy room: as loud before the words as after them), and an end is extended
 * over loud frames only.
 *
 * Measured: the median stretch ends 20 dB under its start in the synthetic voice whose words fade
 * out over up to 130 ms (en-us+f2), 1 to 4 dB in the other four synthetic voices and 0 to 7 dB in
 * the three real speakers' recordings; that voice's ends within 50 ms went from 78.9 to 94.7 % (the
 * synthetic voices' from 90.4 to 93.6 %), the others' stay the same. Extending every recording's
 * ends over such faint frames instead cost the real voices (one speaker's ends within 50 ms
 * 93 → 85 %): their takes carry a bed of hiss the truth leaves out. Pure.
 */
import { median } from './evidence.js';
import { ENERGY_FRAME_MS, type FrameLevels } from './frame-levels.js';
import { frameRuns } from './frame-runs.js';

/** A recording whose sound stretches end, in the median, this many dB or more under where they begin fades (see the module comment). */
export const FADING_DB = 12;
/** Frames counted into sound stretches: more than this many dB over the floor. */
export const STRETCH_OVER_DB = 6;
/** Shortest sound stretch counted, ms. */
export const MIN_STRETCH_MS = 50;

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

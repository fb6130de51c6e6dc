/**
 * The own floor of a long take (pure). Sentences recorded apart and joined over a fainter floor (a
 * book's read sentences, each with its own room noise and breath, put one after another with
 * pauses) carry their own bed beside and between their words. Measured against the recording's
 * floor that bed is sound: edge refinement ran words' edges over it until they touched, and
 * `cut-edge` read the 100–300 ms of bed after a sentence's last word, falling quiet only at the
 * junction, as that word going on past its edge. A take here is a stretch of frames over the floor
 * (more than {@link TAKE_GAP_DB} over it) at least {@link LONG_TAKE_MS} long: a sentence, not one
 * word. Its own floor is the {@link TAKE_FLOOR_SHARE} percentile of its frames, when its median
 * frame lies at least {@link MIN_SPEECH_OVER_TAKE_FLOOR_DB} over it (a take of sound all loud has
 * no floor of its own). Edge refinement reads such a take's levels measured from its own floor
 * ({@link overTakeFloors}, settle.ts), and `cut-edge` counts its frames at most
 * {@link QUIET_OVER_TAKE_DB} over it as quiet ({@link quietInLongTakes}, confidence/levels.ts).
 *
 * Single words joined over a floor (the benchmarks' spoken digits, trimmed or whole, with their
 * pauses) make no take that long, and a recording with no fainter floor between its sentences
 * (the demo's files, one sentence or paragraph each) is one take whose floor is the recording's:
 * both read as before. Measured on the five LibriVox readings of pocketsphinx-testdata joined
 * with 400 ms pauses over faint noise (bench/confidence-joined.mjs), against the same readings run
 * one file each: clips within 50 ms of their own file's clip 64 of 70, 6 flagged (`node
 * bench/run.mjs --only confidence`); before, 56 and 9 (that script on the build without this
 * module; with the `cut-edge` reading alone, 56 and 2). Every figure of the alignment and
 * confidence benchmarks' other sets is the same. Measured by a harness outside the repository:
 * takes of 1 s (for `cut-edge`) left 3 wrong clips of the changed voices unflagged; 2 s left a
 * 1.7 s sentence of LJ Speech, joined the same way, flagged.
 */
import type { FrameLevels } from './frame-levels.js';
import { frameRuns } from './frame-runs.js';
import { valueAtShare } from './rank.js';

/** A frame at most this many dB over the recording's floor parts two takes. */
export const TAKE_GAP_DB = 3;
/** A take at least this long has a floor of its own, ms. */
export const LONG_TAKE_MS = 1500;
/** Percentile of a long take's frame levels taken as its floor. */
export const TAKE_FLOOR_SHARE = 0.05;
/** A frame of a long take at most this many dB over its floor is quiet (as over the recording's floor: levels.ts). */
export const QUIET_OVER_TAKE_DB = 9;
/** A long take has a floor of its own only when its median frame is at least this many dB over it (else its floor is its speech). */
export const MIN_SPEECH_OVER_TAKE_FLOOR_DB = 15;
/** {@link overTakeFloors} re-measures a long take whose own floor stands at least this many dB over the recording's. */
export const MIN_TAKE_FLOOR_RISE_DB = 6;

/** A long take: frames [first, end) and its own floor, dB. */
export interface LongTake { readonly first: number; readonly end: number; readonly floorDb: number }

/**
 * The long takes of `db` (levels in frames of `frameMs`, over a recording floor of `floorDb`) that
 * have a floor of their own (see the module comment), in order.
 */
export function longTakes(db: Float64Array, floorDb: number, frameMs: number): LongTake[] {
  const gapDb = floorDb + TAKE_GAP_DB;
  const longFrames = LONG_TAKE_MS / frameMs;
  const takes: LongTake[] = [];
  for (const [first, end] of frameRuns(0, db.length, (f) => db[f]! > gapDb)) {
    if (end - first < longFrames) continue;
    const take = db.subarray(first, end);
    const takeFloorDb = valueAtShare(take, TAKE_FLOOR_SHARE, floorDb);
    if (valueAtShare(take, 0.5, floorDb) - takeFloorDb >= MIN_SPEECH_OVER_TAKE_FLOOR_DB) takes.push({ first, end, floorDb: takeFloorDb });
  }
  return takes;
}

/**
 * `quiet` (per frame 1 when quiet) with the frames of each long take of `db` that lie at most
 * {@link QUIET_OVER_TAKE_DB} over that take's own floor also quiet (see the module comment);
 * `quiet` itself when no frame changes.
 */
export function quietInLongTakes(db: Float64Array, quiet: Uint8Array, floorDb: number, frameMs: number): Uint8Array {
  let out = quiet;
  for (const take of longTakes(db, floorDb, frameMs)) {
    const quietDb = take.floorDb + QUIET_OVER_TAKE_DB;
    for (let f = take.first; f < take.end; f++) {
      if (out[f] === 1 || db[f]! > quietDb) continue;
      if (out === quiet) out = Uint8Array.from(quiet);
      out[f] = 1;
    }
  }
  return out;
}

/**
 * Levels for edge refinement with each long take's frames measured from its own floor: lowered by
 * as much as that floor stands over the recording's (never under the recording's floor), so that
 * the thresholds over the floor read a sentence joined to others as they read it alone; `levels`
 * itself when no long take's floor stands {@link MIN_TAKE_FLOOR_RISE_DB} or more over the floor.
 */
export function overTakeFloors(levels: FrameLevels, frameMs: number): FrameLevels {
  let db = levels.db;
  for (const take of longTakes(levels.db, levels.floorDb, frameMs)) {
    const rise = take.floorDb - levels.floorDb;
    if (rise < MIN_TAKE_FLOOR_RISE_DB) continue;
    if (db === levels.db) db = Float64Array.from(levels.db);
    for (let f = take.first; f < take.end; f++) db[f] = Math.max(levels.floorDb, db[f]! - rise);
  }
  return db === levels.db ? levels : { ...levels, db };
}

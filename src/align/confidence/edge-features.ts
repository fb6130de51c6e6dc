/**
 * The features read at a word's edges (pure): `spill`, the longer run of sound just outside an
 * edge that stops before the neighbouring word (the word likely goes on past it); `outside`, the longer run of sound just
 * outside an edge up to the neighbouring word, whether or not it reaches it, where that neighbour
 * is at least {@link CLOSE_MS} away (sound no word was given); and `hollow`, the longer run of
 * quiet just inside an edge (the edge likely sits in a pause); each in tenths of a second;
 * `unclaimed` (see {@link UNCLAIMED_UNDER_SPEECH_DB}); `cut`, 1 when the word's own span cuts
 * into speech as the `cut-edge` flag judges a clip (src/align/confidence/edges.ts, with the words
 * starting just before and just after it as its neighbours), else 0: the flag's evidence, weighed
 * by the fitted model with the rest (see `FEATURES`, features.ts); `echo`, the clip's first syllable
 * heard again before the next word (src/align/confidence/echo.ts); and `phoneLate`, at a start
 * touching the previous word's end, the phone pass starting the word later over sound
 * (src/align/confidence/phone-late.ts). Steady noise (levels.ts `steady`) counts as quiet for
 * `spill`, `outside` and `hollow` and never as unclaimed speech: noise beside a word is no word's
 * sound, neither the word going on past its edge nor a word the text lacks (on the benchmark's
 * noise stretches between words the clips beside them, right, had `outside` 3 and `unclaimed` up to
 * 2.6, under the threshold).
 */
import { clamp } from './clamp.js';
import { CLOSE_MS, cutsIntoSpeech, type TimeSpan } from './edges.js';
import { echo } from './echo.js';
import type { FeatureContext } from './feature-context.js';
import { FRAME_MS, type RecordingLevels } from './levels.js';
import { PHONE_LATE_FREE_MS, soundBeforePhoneStart } from './phone-late.js';
import type { ScoredWord } from './scored-word.js';

/** Longest spill or hollow measured, ms. */
const EDGE_LOOK_MS = 300;

/** Whether frame `f` is quiet or steady noise (levels.ts): 1, else 0. */
const quietOrNoise = (levels: RecordingLevels, f: number): 0 | 1 => (levels.quiet[f] === 1 || levels.steady?.[f] === 1 ? 1 : 0);

/**
 * Consecutive frames from `fromMs` going `direction` whose quietness is `quiet`, up to `limitMs` and {@link EDGE_LOOK_MS}, ms
 * (steady noise counts as quiet: it is no word's sound).
 */
function run(levels: RecordingLevels, fromMs: number, direction: 1 | -1, limitMs: number, quiet: 0 | 1): number {
  let n = 0;
  const most = EDGE_LOOK_MS / FRAME_MS;
  if (direction === 1) {
    for (
      let f = Math.ceil(fromMs / FRAME_MS);
      n < most && (f + 1) * FRAME_MS <= limitMs && f < levels.quiet.length && quietOrNoise(levels, f) === quiet;
      f++
    )
      n++;
  } else {
    for (let f = Math.floor(fromMs / FRAME_MS) - 1; n < most && f * FRAME_MS >= limitMs && f >= 0; f--) {
      if (quietOrNoise(levels, f) !== quiet) break;
      n++;
    }
  }
  return n * FRAME_MS;
}

/**
 * `unclaimed`: loud sound no word was given in a pause beside the word, wherever it lies in the
 * pause: the frames within {@link UNCLAIMED_UNDER_SPEECH_DB} dB of the recording's speech level
 * (its median loud frame) in the longer of the pauses before and after the word that last at
 * least {@link CLOSE_MS}, past the first {@link UNCLAIMED_FREE_MS}, in tenths of a second:
 * `max(0, loudMs − 150) / 100` (at most 3). More than a word's worth of speech-loud sound with no
 * word on it is a word the text lacks there or one the aligner put elsewhere, so the words beside
 * it were likely given the wrong audio (a sentence missing from the text pulls the next one's
 * words onto its audio); breath, clicks and a room's noise in a pause are fainter or shorter.
 * Unlike `outside` it need not touch the edge: words joined with pauses have quiet between them.
 * Measured with the model refitted: on the confidence benchmark, wrong clips flagged (leave one
 * recording out) 32 → 33 of 58, right 7 → 9 of 236; on other voices not fitted on, with a sentence
 * missing from a text, 13 → 16 of 33 wrong clips flagged, right 3 → 4 of 108. Counting every loud
 * frame (no 150 ms) flagged 18 of those 33 but 12 of the benchmark's 236 right clips.
 */
export const UNCLAIMED_UNDER_SPEECH_DB = 10;
/** Loud sound in a pause up to this much, ms, is not counted in `unclaimed` (shorter than a word). */
export const UNCLAIMED_FREE_MS = 150;

/** 10 ms frames wholly between `fromMs` and `toMs` within {@link UNCLAIMED_UNDER_SPEECH_DB} of the speech level, steady noise left out. */
function loudFrames(levels: RecordingLevels, fromMs: number, toMs: number): number {
  let n = 0;
  const end = Math.min(levels.db.length, Math.floor(toMs / FRAME_MS));
  const over = levels.speechDb - UNCLAIMED_UNDER_SPEECH_DB;
  for (let f = Math.max(0, Math.ceil(fromMs / FRAME_MS)); f < end; f++) if (levels.db[f]! > over && levels.steady?.[f] !== 1) n++;
  return n;
}

/** The edge features of one word (see the module comment). */
export function edgeFeatures(
  word: ScoredWord,
  ctx: FeatureContext,
): { spill: number; outside: number; hollow: number; unclaimed: number; cut: number; echo: number; phoneLate: number | null } {
  // The neighbours' edges, and the pauses beside the word: up to the latest end of a word starting before it, from the earliest
  // start of one ending after it; and the neighbours themselves, the words starting last before it and first after it (one pass).
  let previousEnd = 0;
  let nextStart = ctx.levels.quiet.length * FRAME_MS;
  let pauseFrom = 0;
  let pauseTo = nextStart;
  let previous: TimeSpan | undefined;
  let next: TimeSpan | undefined;
  for (const [start, end] of ctx.spans) {
    if (end <= word.startMs && end > previousEnd) previousEnd = end;
    if (start >= word.endMs && start < nextStart) nextStart = start;
    if (start < word.startMs && end > pauseFrom) pauseFrom = end;
    if (end > word.endMs && start < pauseTo) pauseTo = start;
    if (start < word.startMs && (previous === undefined || start >= previous.startMs)) previous = { startMs: start, endMs: end };
    if (start > word.startMs && (next === undefined || start < next.startMs)) next = { startMs: start, endMs: end };
  }
  const unclaimed = Math.max(
    word.startMs - pauseFrom >= CLOSE_MS ? loudFrames(ctx.levels, pauseFrom, word.startMs) : 0,
    pauseTo - word.endMs >= CLOSE_MS ? loudFrames(ctx.levels, word.endMs, pauseTo) : 0,
  );
  const before = run(ctx.levels, word.startMs, -1, previousEnd, 0);
  const after = run(ctx.levels, word.endMs, 1, nextStart, 0);
  // Sound that runs all the way to the neighbour is shared with it: not a spill of this word.
  const spill = Math.max(before >= word.startMs - previousEnd ? 0 : before, after >= nextStart - word.endMs ? 0 : after);
  const middle = (word.startMs + word.endMs) / 2;
  const hollow = Math.max(run(ctx.levels, word.startMs, 1, middle, 1), run(ctx.levels, word.endMs, -1, middle, 1));
  // Between words closer than CLOSE_MS the sound is the passage from one to the next in connected speech.
  const outside = Math.max(
    word.startMs - previousEnd >= CLOSE_MS ? before : 0,
    nextStart - word.endMs >= CLOSE_MS ? after : 0,
  );
  const late = soundBeforePhoneStart(word.evidence, word.startMs, word.startMs - previousEnd, ctx.levels);
  return {
    spill: spill / 100,
    outside: outside / 100,
    hollow: hollow / 100,
    unclaimed: clamp((unclaimed * FRAME_MS - UNCLAIMED_FREE_MS) / 100, 0, 3),
    cut: cutsIntoSpeech(word, previous, next, ctx.levels) ? 1 : 0,
    echo: echo(ctx.levels, word.startMs, word.endMs),
    phoneLate: late === null ? null : clamp((late - PHONE_LATE_FREE_MS) / 100, 0, 3),
  };
}

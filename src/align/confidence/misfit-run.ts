/**
 * `misfitRun`: how far a placed word and the run of words around it both fit the audio worse than
 * the recording's well-fitting words (pure). Where the text and the audio come apart (a line of the
 * recording missing from the text), the grammar search stretches the words after the gap over the
 * gap's speech: each of them scores poorly, and so do its neighbours. A single poorly scoring word
 * among well-fitting ones is common (a fast function word, a voice the model fits badly now and
 * then) and says little; a run of them is the text out of step with the audio.
 *
 * The measure, in the units of `score` (the acoustic log score a frame over {@link SCORE_SCALE}):
 * `(top − max(own, run)) / SCORE_SCALE`, at least 0, where `own` is the word's aligned score a
 * frame, `run` the median of that over the word and the {@link RUN_REACH} placed words on each side
 * (in time), and `top` the recording's well-fitting level: the score a frame that
 * {@link TOP_SHARE} of its placed words fall under. Only words the aligner placed are measured (the
 * others get 0), and only in a recording with at least {@link MIN_PLACED} of them.
 *
 * Measured on real read speech (LibriSpeech 2412-153948-0000 of the shared set, its text with nine
 * words missing in the middle, a reference run): the words stretched over the missing words'
 * audio measured 3.3 to 3.9, while the same recording with its whole text measured at most 1.6.
 * The confidence benchmark's read speech with a stretch of its text missing (`node bench/run.mjs
 * --only confidence`, bench/confidence-read.mjs: four recordings, the text cut by a quarter) has 16
 * of 16 wrong clips after the cut flagged, 14 without the cap (model.ts `MISFIT_CAP`, measured on a
 * build with it lifted); its digits and synthetic voices, one right clip more flagged and no wrong
 * one that nothing else flags (the benchmark's figures at f99b01d against 56f6487).
 *
 * `misfitBeside`: the same for the word alone, `(top − own) / SCORE_SCALE`, when a word of the text
 * next to it could not be placed (`besideUnplaced`), else 0. A word said in place of two of the
 * text's ("native country" read for "foreign garden"): the search puts one of them on part of that
 * audio and leaves the other out, and the one placed fits badly on its own, with no run around it.
 * Its cap, at the same level as the run's, flagged 2 wrong clips more and 1 right one of the
 * never-fitted voices (`node bench/run.mjs --only confidence` at 221b8db against c54ceb3), and the
 * word of such a pair in a LibriSpeech sentence of the shared set (`foreign`, 4.7; a run by hand).
 */
import { median } from '../acoustic/evidence.js';
import { valueAtShare } from '../acoustic/rank.js';
import { clamp } from './clamp.js';
import { SCORE_SCALE, type ScoredWord } from './scored-word.js';

/** Placed words on each side of a word in its run. */
export const RUN_REACH = 2;
/** The recording's well-fitting level: this share of its placed words score under it a frame. */
export const TOP_SHARE = 0.75;
/** Fewest placed words for the measure (fewer: every word gets 0). */
export const MIN_PLACED = 8;

/** What misfit-run.ts measures of a placed word (see the module comment). */
export interface Misfits {
  readonly run: number;
  readonly beside: number;
}

/** Per word of `words` that the aligner placed, its {@link Misfits}; other words are left out. */
export function misfitRuns(words: readonly ScoredWord[]): Map<ScoredWord, Misfits> {
  const placed = words
    .filter((w) => w.evidence !== undefined && w.evidence.frames > 0 && w.source !== 'estimated')
    .sort((a, b) => a.startMs - b.startMs);
  const out = new Map<ScoredWord, Misfits>();
  if (placed.length < MIN_PLACED) return out;
  const perFrame = placed.map((w) => w.evidence!.alignedScore / w.evidence!.frames);
  const top = valueAtShare(perFrame, TOP_SHARE, 0);
  placed.forEach((word, i) => {
    const run = median(perFrame.slice(Math.max(0, i - RUN_REACH), i + RUN_REACH + 1))!;
    const under = (score: number): number => clamp((top - score) / SCORE_SCALE, 0, 10);
    out.set(word, { run: under(Math.max(perFrame[i]!, run)), beside: word.besideUnplaced === true ? under(perFrame[i]!) : 0 });
  });
  return out;
}

import { describe, expect, it } from 'vitest';
import { MIN_PLACED, misfitRuns, RUN_REACH, TOP_SHARE } from '../../../src/align/confidence/misfit-run.js';
import type { ScoredWord } from '../../../src/align/confidence/scored-word.js';
import { word } from './scored-words.js';

/** Placed words of 10 frames each, 100 ms apart, scoring `perFrame[i]` a frame. */
const placed = (perFrame: readonly number[]): ScoredWord[] =>
  perFrame.map((score, i) => word(`w${i}`, 100 * i, 100 * i + 100, { evidence: { frames: 10, alignedScore: 10 * score, loopScore: null, phones: 2 } }));

describe('misfitRuns', () => {
  it('measures how far a word and its run both score under the recording\'s well-fitting words, in tenths of a frame\'s score', () => {
    expect([RUN_REACH, TOP_SHARE, MIN_PLACED]).toEqual([2, 0.75, 8]);
    // Ten words scoring −20 a frame, then four at −60 (a text out of step with the audio): the 75th percentile is −20.
    const words = placed([...Array<number>(10).fill(-20), -60, -60, -60, -60]);
    const runs = misfitRuns(words);
    // The first −60 word has −20, −20, −60, −60, −60 around it (median −60): (−20 − (−60)) / 10 = 4; the word before it, own −20: 0.
    expect(words.map((w) => runs.get(w)?.run)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4]);
    expect(words.map((w) => runs.get(w)?.beside)).toEqual(Array<number>(14).fill(0));
  });

  it('leaves a single poorly scoring word among well-fitting ones at 0 (its run fits), and words of a short recording unmeasured', () => {
    const words = placed([-20, -20, -20, -20, -90, -20, -20, -20, -20]);
    expect(words.map((w) => misfitRuns(words).get(w)?.run)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(misfitRuns(placed(Array<number>(MIN_PLACED - 1).fill(-20))).size).toBe(0);
  });

  it('measures a word alone when a word of the text beside it could not be placed', () => {
    // The word at −90 beside an unplaced word: (−20 − (−90)) / 10 = 7; the same word without one, and a well-fitting one with one, 0.
    const alone = placed([-20, -20, -20, -20, -90, -20, -20, -20, -20]);
    const words = alone.map((w, i) => (i === 4 || i === 1 ? { ...w, besideUnplaced: true } : w));
    const runs = misfitRuns(words);
    expect(words.map((w) => runs.get(w)?.beside)).toEqual([0, 0, 0, 0, 7, 0, 0, 0, 0]);
    const without = misfitRuns(alone);
    expect(alone.map((w) => without.get(w)?.beside)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('measures only words the aligner placed, in time order', () => {
    const words = [...placed(Array<number>(8).fill(-20)), word('guess', 50, 60, { source: 'estimated' }), word('heard', 70, 80, { source: 'recognized' })];
    const runs = misfitRuns([...words].reverse());
    expect(runs.size).toBe(8);
    expect(runs.has(words[8]!)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { islandPieces, movedToIslands, unclaimedIslands } from '../../../src/align/acoustic/islands.js';
import { frameLevels } from '../../../src/align/acoustic/frame-levels.js';

/** Sum of squares of an 80-sample (5 ms) frame of RMS `rms`. */
const frame = (rms: number): number => rms * rms * 80;
/** Levels from a string, one 5 ms frame a character: `_` the floor (RMS 10), `b` +12 dB, `L` +40 dB. */
const levels = (text: string) => frameLevels(Float64Array.from(text, (c) => frame(10 * 10 ** ({ _: 0, b: 12, L: 40 }[c]! / 20))), 80);
const span = (startMs: number, endMs: number) => ({ startMs, endMs });

describe('unclaimedIslands', () => {
  it('finds sound of at least 100 ms between two consecutive placed words, apart from both by a pause', () => {
    // Words on frames 0–9 and 50–59; sound on frames 20–41 (22 frames, 20 of them loud).
    const l = levels(`${'L'.repeat(10)}${'_'.repeat(10)}b${'L'.repeat(20)}b${'_'.repeat(8)}${'L'.repeat(10)}`);
    expect(unclaimedIslands([span(0, 50), span(250, 300)], l)).toEqual([{ startMs: 100, endMs: 210, before: 0, after: 1 }]);
  });

  it('leaves sound touching a word (its tail), under 100 ms loud, or between words not consecutive in the text', () => {
    const tail = levels(`${'L'.repeat(30)}${'_'.repeat(20)}${'L'.repeat(10)}`);
    expect(unclaimedIslands([span(0, 50), span(250, 300)], tail)).toEqual([]);
    const short = levels(`${'L'.repeat(10)}${'_'.repeat(10)}${'b'.repeat(5)}${'L'.repeat(19)}${'_'.repeat(6)}${'L'.repeat(10)}`);
    expect(unclaimedIslands([span(0, 50), span(250, 300)], short)).toEqual([]);
    const island = levels(`${'L'.repeat(10)}${'_'.repeat(10)}${'L'.repeat(20)}${'_'.repeat(10)}${'L'.repeat(10)}`);
    expect(unclaimedIslands([span(0, 50), null, span(250, 300)], island)).toEqual([]);
    expect(unclaimedIslands([span(0, 50), span(250, 300)], island)).toEqual([{ startMs: 100, endMs: 200, before: 0, after: 1 }]);
  });
});

describe('islandPieces', () => {
  it('gives each word beside an island once a piece of the island and 50 ms around it, not reaching into the other word', () => {
    const spans = [span(0, 80), span(250, 300), span(600, 650)];
    const islands = [{ startMs: 100, endMs: 200, before: 0, after: 1 }, { startMs: 400, endMs: 500, before: 1, after: 2 }];
    expect(islandPieces(islands, spans, 700)).toEqual([
      { startMs: 80, endMs: 250, words: [0] },
      { startMs: 80, endMs: 250, words: [1] },
      { startMs: 350, endMs: 550, words: [2] },
    ]);
  });
});

describe('movedToIslands', () => {
  const evidence = (alignedScore: number) => ({ frames: 10, alignedScore, loopScore: -100, phones: 2 });
  it('moves a word found anew where it scores better a frame, marking its evidence, and keeps the others', () => {
    const found = new Map([[0, { ...span(0, 100), evidence: evidence(-300) }], [1, { ...span(300, 400), evidence: evidence(-150) }]]);
    const better = { ...span(150, 250), evidence: evidence(-200) }; // -10 a frame against -20
    // The moved word's evidence says it was moved onto an island (the confidence model's `island`).
    const marked = { ...better, evidence: { ...evidence(-200), island: true } };
    expect(movedToIslands(found, new Map([[0, better]]))).toEqual(new Map([[0, marked], [1, found.get(1)!]]));
    // As good or worse, or without a loop score: nothing moves.
    expect(movedToIslands(found, new Map([[0, { ...better, evidence: evidence(-300) }]]))).toBeNull();
    expect(movedToIslands(found, new Map([[1, better]]))).toBeNull();
    expect(movedToIslands(found, new Map([[0, { ...better, evidence: { ...evidence(-200), loopScore: null } }]]))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { islandPieces, loudMsIn, movedToIslands, unclaimedIslands } from '../../../src/align/acoustic/islands.js';
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

describe('loudMsIn', () => {
  it('counts the frames more than 15 dB over the floor that are not steady noise, ms', () => {
    // Frames 0–3 floor, 4–5 +12 dB, 6–13 +40 dB (of them 10–11 steady noise), 14–15 floor.
    const l = levels(`____bb${'L'.repeat(8)}__`);
    const steady = Uint8Array.from({ length: 16 }, (_, f) => (f === 10 || f === 11 ? 1 : 0));
    expect(loudMsIn(l, steady, 0, 80)).toBe(30);
    expect(loudMsIn(l, new Uint8Array(16), 0, 80)).toBe(40);
    // A frame partly inside counts whole, at either end; past the audio nothing counts.
    expect(loudMsIn(l, new Uint8Array(16), 32, 36)).toBe(10);
    expect(loudMsIn(l, new Uint8Array(16), 60, 500)).toBe(10);
  });
});

describe('movedToIslands', () => {
  const evidence = (alignedScore: number) => ({ frames: 10, alignedScore, loopScore: -100, phones: 2 });
  const found = new Map([[0, { ...span(0, 100), evidence: evidence(-300) }], [1, { ...span(300, 400), evidence: evidence(-150) }]]);
  const better = { ...span(150, 250), evidence: evidence(-200) }; // -10 a frame against -20
  const sameSound = () => 100;
  it('moves a word found anew where it scores better a frame, marking its evidence, and keeps the others', () => {
    // The moved word's evidence says it was moved onto an island (the confidence model's `island`).
    const marked = { ...better, evidence: { ...evidence(-200), island: true } };
    expect(movedToIslands(found, new Map([[0, better]]), sameSound)).toEqual(new Map([[0, marked], [1, found.get(1)!]]));
    // As good or worse, or without a loop score: nothing moves.
    expect(movedToIslands(found, new Map([[0, { ...better, evidence: evidence(-300) }]]), sameSound)).toBeNull();
    expect(movedToIslands(found, new Map([[1, better]]), sameSound)).toBeNull();
    expect(movedToIslands(found, new Map([[0, { ...better, evidence: { ...evidence(-200), loopScore: null } }]]), sameSound)).toBeNull();
  });

  it('keeps a word where it is when the island holds less loud sound than the place it would leave (a stutter, a breath)', () => {
    // 100 ms of loud sound where the word is, 95 ms on the island: it stays; 100 ms: it moves.
    const loud = (ms: number) => (s: { startMs: number }) => (s.startMs === 150 ? ms : 100);
    expect(movedToIslands(found, new Map([[0, better]]), loud(95))).toBeNull();
    expect(movedToIslands(found, new Map([[0, better]]), loud(100))?.get(0)?.startMs).toBe(150);
  });
});

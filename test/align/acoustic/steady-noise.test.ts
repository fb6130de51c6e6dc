import { describe, expect, it } from 'vitest';
import { frameLevels, steadyNoise } from '../../../src/align/acoustic/frame-levels.js';
import { refineEdges } from '../../../src/align/acoustic/refine.js';
import { unclaimedIslands } from '../../../src/align/acoustic/islands.js';
import {
  edgesPastSteadyNoise, MOSTLY_NOISE, NOISE_LOOK_IN_MS, NOISY_CROSSINGS, STEADY_MS, STEADY_OVER_DB, STEADY_RANGE_DB, steadyNoiseFrames,
} from '../../../src/align/acoustic/steady-noise.js';

const db = (values: readonly number[]): Float64Array => Float64Array.from(values);
const mask = (text: string): Uint8Array => Uint8Array.from(text, (c) => (c === 'q' ? 1 : 0));
/** `n` frames of steady noise 20 dB over a floor of 20 dB, scattering by up to 3 dB (white noise's frames scatter so). */
const noise = (n: number): number[] => Array.from({ length: n }, (_, k) => 40 + [0, 1, -1, 2, 0.5][k % 5]!);
/** A word: its level swells and fades by 12 dB over 20 frames (100 ms), as a syllable does. */
const word = Array.from({ length: 20 }, (_, k) => 50 + 12 * Math.sin((Math.PI * k) / 19));

describe('steadyNoiseFrames', () => {
  it('marks the frames of 150 ms windows over the floor whose levels lie within 5 dB and that cross zero as noise does', () => {
    expect([STEADY_MS, STEADY_RANGE_DB, STEADY_OVER_DB, NOISY_CROSSINGS]).toEqual([150, 5, 9, 0.3]);
    const levels = db([20, 20, ...noise(32), 20, ...word]);
    const zcr = Float64Array.from(levels, () => 0.5);
    expect([...steadyNoiseFrames(levels, zcr, 20, 5)]).toEqual([0, 0, ...Array<number>(32).fill(1), 0, ...Array<number>(20).fill(0)]);
  });

  it('leaves out a stretch shorter than 150 ms, one crossing zero as voiced sound does, one that swells, and one without crossings', () => {
    expect([...steadyNoiseFrames(db(noise(29)), Float64Array.from(noise(29), () => 0.5), 20, 5)]).toEqual(Array<number>(29).fill(0));
    // A held vowel: as steady, but its frames cross zero at 0.2 (just under 0.3 on average: 0.29 stays out).
    expect([...steadyNoiseFrames(db(noise(30)), Float64Array.from(noise(30), () => 0.29), 20, 5)]).toEqual(Array<number>(30).fill(0));
    // A long /s/: noise-like crossings, but its level rises 6 dB over the window.
    const swell = Array.from({ length: 30 }, (_, k) => 40 + k / 6 + (k % 2));
    expect([...steadyNoiseFrames(db(swell), Float64Array.from(swell, () => 0.5), 20, 5)]).toEqual(Array<number>(30).fill(0));
    // Faint noise, at most 9 dB over the floor: quiet to the edges already.
    expect([...steadyNoiseFrames(db(noise(30)), Float64Array.from(noise(30), () => 0.5), 31, 5)]).toEqual(Array<number>(30).fill(0));
    expect([...steadyNoiseFrames(db(noise(30)), undefined, 20, 5)]).toEqual(Array<number>(30).fill(0));
  });
});

describe('edgesPastSteadyNoise', () => {
  const none = mask('..........');
  it('moves a start past the steady noise and the quiet frames it begins with, and an end back over those it ends with', () => {
    expect(edgesPastSteadyNoise([{ startMs: 0, endMs: 50 }], mask('qq......qq'), mask('..q.......'), none, 5)).toEqual([{ startMs: 15, endMs: 40 }]);
    expect(edgesPastSteadyNoise([{ startMs: 0, endMs: 50 }, null], mask('........qq'), none, mask('.......q..'), 5)).toEqual([{ startMs: 0, endMs: 35 }, null]);
  });

  it('keeps an edge that begins in quiet alone, and makes a span of steady noise and quiet frames unfound', () => {
    const spans = [{ startMs: 0, endMs: 50 }];
    expect(edgesPastSteadyNoise(spans, none, mask('qqq.......'), mask('qqq.......'), 5)).toEqual(spans);
    expect(edgesPastSteadyNoise(spans, mask('qqqqqqqq..'), none, mask('........qq'), 5)).toEqual([null]);
    // Frames quiet only for a start (up to 15 dB over the floor) are sound: a start never moves past them all.
    expect(edgesPastSteadyNoise(spans, mask('qqqqqqqq..'), mask('........qq'), none, 5)).toEqual(spans);
  });
});

describe('edgesPastSteadyNoise after a neighbour\'s sound', () => {
  it('moves past noise that begins within 50 ms of sound inside the edge (ten 5 ms frames), not later', () => {
    expect(NOISE_LOOK_IN_MS).toBe(50);
    // 40 frames of sound but for 12 of steady noise: the sound after the noise is the word's (18 frames or more).
    const quiet = new Uint8Array(40);
    const noiseAfter = (sound: number): Uint8Array => Uint8Array.from({ length: 40 }, (_, f) => (f >= sound && f < sound + 12 ? 1 : 0));
    expect(edgesPastSteadyNoise([{ startMs: 0, endMs: 200 }], noiseAfter(10), quiet, quiet, 5)).toEqual([{ startMs: 110, endMs: 200 }]);
    expect(edgesPastSteadyNoise([{ startMs: 0, endMs: 200 }], noiseAfter(11), quiet, quiet, 5)).toEqual([{ startMs: 0, endMs: 200 }]);
    // The mirror at an end: ten frames of sound after the noise, the word's 18 before it.
    expect(edgesPastSteadyNoise([{ startMs: 0, endMs: 200 }], noiseAfter(18), quiet, quiet, 5)).toEqual([{ startMs: 0, endMs: 90 }]);
  });
});

describe('refineEdges and unclaimedIslands with steady noise', () => {
  /** Levels of 80-sample (5 ms) frames over a floor of 20 dB: 70 frames of steady noise 20 dB over it from frame 10 on, then `after`. */
  const levels = (after: readonly number[], crossings: boolean) => {
    const levelsDb = [...Array<number>(10).fill(20), ...noise(70), ...after, ...Array<number>(10).fill(20)];
    const zcr = Uint32Array.from(levelsDb, (_, f) => (f >= 10 && f < 80 ? 40 : 8));
    return frameLevels(Float64Array.from(levelsDb, (d) => 10 ** (d / 10) * 80), 80, crossings ? zcr : undefined);
  };
  // Four frames 14 dB over the floor after the noise, then a word of three syllables, 300 ms: 420-720 ms.
  const gapThenWord = [34, 34, 34, 34, ...word, ...word, ...word];

  it('moves a start the search put 370 ms early in the noise to the word, and only when the crossings are read', () => {
    const span = [{ startMs: 50, endMs: 720 }];
    expect(refineEdges(span, levels(gapThenWord, true))).toEqual([{ startMs: 420, endMs: 720 }]);
    // Without them the noise is sound like any other: the start stays in it.
    expect(refineEdges(span, levels(gapThenWord, false))).toEqual(span);
  });

  it('never extends a start onto noise the word follows at once, and counts no island of it', () => {
    // The word right after the noise (no pause): 400-500 ms. Without the crossings its start is extended 60 ms onto the noise.
    const span = [null, { startMs: 400, endMs: 500 }];
    expect(refineEdges(span, levels(word, false))).toEqual([null, { startMs: 340, endMs: 500 }]);
    expect(refineEdges(span, levels(word, true))).toEqual(span);
    // With a pause at the floor between the noise and the word, the noise is sound no word was given: an island, unless steady noise.
    const pauseThenWord = [20, 20, 20, 20, ...word];
    const spans = [{ startMs: 0, endMs: 30 }, { startMs: 420, endMs: 520 }];
    expect(unclaimedIslands(spans, levels(pauseThenWord, false))).toEqual([{ startMs: 50, endMs: 400, before: 0, after: 1 }]);
    expect(unclaimedIslands(spans, levels(pauseThenWord, true))).toEqual([]);
  });

  it('finds the noise on the levels before a noise bed at its level was put at the floor', () => {
    const raw = levels(gapThenWord, true);
    // A bed at 40 dB (the noise's level): the noise's frames at or under it become floor, the others stay.
    const bedded = { ...raw, db: raw.db.map((d) => (d <= 40 ? raw.floorDb : d)) };
    const span = [{ startMs: 50, endMs: 720 }];
    // Without the raw levels the start stays in the noise (the frames over the bed are no longer steady).
    expect(refineEdges(span, bedded, 40)).toEqual([{ startMs: 380, endMs: 720 }]);
    expect(refineEdges(span, bedded, 40, steadyNoise(raw))).toEqual([{ startMs: 420, endMs: 720 }]);
  });

  it('makes a word whose edges would move past more than two thirds of it unfound: what is left is a sliver', () => {
    expect(MOSTLY_NOISE).toBeCloseTo(2 / 3, 12);
    // 370 ms early before a word of 100 ms: 74 of its 94 frames.
    expect(refineEdges([{ startMs: 50, endMs: 520 }], levels([34, 34, 34, 34, ...word], true))).toEqual([null]);
  });

  it('makes a word forced onto the noise unfound', () => {
    // The noise alone, the floor after it.
    expect(refineEdges([{ startMs: 40, endMs: 400 }], levels([], true))).toEqual([null]);
    expect(refineEdges([{ startMs: 40, endMs: 400 }], levels([], false))).toEqual([{ startMs: 50, endMs: 400 }]);
  });
});

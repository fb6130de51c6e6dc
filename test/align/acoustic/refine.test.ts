import { describe, expect, it } from 'vitest';
import {
  dropFaintAndPoor, edgeAmplitude, frameLevels, loudSample, peakDb, quietFrames, refineEdges, soundsFade, trimQuietEdges,
} from '../../../src/align/acoustic/refine.js';

/** A mask from a string: `q` 1, `.` 0. */
const mask = (text: string): Uint8Array => Uint8Array.from(text, (c) => (c === 'q' ? 1 : 0));
/** Sum of squares of an 80-sample (5 ms) frame of RMS `rms`. */
const frame = (rms: number): number => rms * rms * 80;
/**
 * Levels from a string, one 5 ms frame a character: `_` the floor (RMS 10), `a` +6 dB, `b` +12 dB, `c` +18 dB, `d` +30 dB,
 * `L` loud (+40 dB).
 */
const levels = (text: string) =>
  frameLevels(Float64Array.from(text, (c) => frame(10 * 10 ** ({ _: 0, a: 6, b: 12, c: 18, d: 30, L: 40 }[c]! / 20))), 80);

describe('frameLevels, quietFrames, edgeAmplitude', () => {
  it('takes the floor from the 5th percentile of the frames that are not digital silence', () => {
    // Floor: RMS 10 (20 dB); RMS 25 is 8.0 dB over it, RMS 30 is 9.5 dB over it.
    const l = frameLevels(Float64Array.from([0, frame(2), frame(10), frame(25), frame(30), frame(1000), frame(10)]), 80);
    expect(l.floorDb).toBeCloseTo(20, 9);
    expect([...quietFrames(l, 9)]).toEqual([1, 1, 1, 1, 0, 0, 1]);
    expect([...quietFrames(l, 15)]).toEqual([1, 1, 1, 1, 1, 0, 1]);
    expect(edgeAmplitude(l)).toBeCloseTo(10 * 10 ** (9 / 20), 9);
  });
});

describe('trimQuietEdges', () => {
  it('moves both edges inwards over quiet frames, the start by its own mask, the end by its own', () => {
    expect(trimQuietEdges({ startMs: 0, endMs: 50 }, mask('qqq....qqq'), mask('q......qqq'))).toEqual({ startMs: 15, endMs: 35 });
    expect(trimQuietEdges({ startMs: 0, endMs: 50 }, mask('qqq.......'), mask('q.........'))).toEqual({ startMs: 15, endMs: 50 });
  });

  it('lets a quiet run begin up to 20 ms (four frames) inside the edge (a neighbour spilling over)', () => {
    const q = mask('....qq............');
    expect(trimQuietEdges({ startMs: 0, endMs: 95 }, q, q)).toEqual({ startMs: 30, endMs: 95 });
    const far = mask('.....qq...........');
    expect(trimQuietEdges({ startMs: 0, endMs: 95 }, far, far)).toEqual({ startMs: 0, endMs: 95 });
  });

  it("never moves an edge past the word's middle", () => {
    const q = mask('qqqqqqq..q');
    expect(trimQuietEdges({ startMs: 0, endMs: 50 }, q, q)).toEqual({ startMs: 20, endMs: 45 });
  });

  it('never moves an edge by more than 400 ms', () => {
    const q = mask('q'.repeat(120) + '.'.repeat(80));
    expect(trimQuietEdges({ startMs: 0, endMs: 1000 }, q, q)).toEqual({ startMs: 400, endMs: 1000 });
  });

  it('gives the same span when no edge moves, null when every frame is quiet by the end mask, and keeps the evidence', () => {
    const none = mask('..........');
    const span = { startMs: 5, endMs: 45 };
    expect(trimQuietEdges(span, none, none)).toBe(span);
    expect(trimQuietEdges({ startMs: 10, endMs: 25 }, mask('qqqqqqqqqq'), mask('..qqq.....'))).toBeNull();
    expect(trimQuietEdges({ startMs: 10, endMs: 25 }, mask('..qqq.....'), none)).toEqual({ startMs: 15, endMs: 25 });
    const evidence = { frames: 5, alignedScore: -100, loopScore: null, phones: 3 };
    expect(trimQuietEdges({ startMs: 0, endMs: 50, evidence }, mask('q.........'), none)).toEqual({ startMs: 5, endMs: 50, evidence });
  });
});

describe('refineEdges', () => {
  it('trims every span, keeps null, and a span all quiet becomes null', () => {
    expect(refineEdges([null, { startMs: 0, endMs: 30 }, { startMs: 30, endMs: 50 }, { startMs: 50, endMs: 80 }], levels('__LLLL____LLLL__'))).toEqual([
      null, { startMs: 10, endMs: 30 }, null, { startMs: 50, endMs: 70 },
    ]);
  });

  it('trims a start over frames up to 15 dB over the floor, an end only over frames up to 9 dB (a fading end is kept)', () => {
    // b (12 dB over) before the onset is trimmed off the start; after the word it is kept at the end.
    expect(refineEdges([{ startMs: 10, endMs: 70 }], levels('__bbbLLLLLLbbb__'))).toEqual([{ startMs: 25, endMs: 70 }]);
    // a (6 dB over) is trimmed off both.
    expect(refineEdges([{ startMs: 10, endMs: 70 }], levels('__aaaLLLLLLaaa__'))).toEqual([{ startMs: 25, endMs: 55 }]);
  });

  it('extends an edge over frames more than 15 dB over the floor: a start by at most 200 ms after a placed word, 60 ms after one not placed, an end by at most 80 ms', () => {
    const l = levels(`___LL_${'c'.repeat(44)}LLLL${'c'.repeat(18)}${'_'.repeat(5)}`);
    // A word on frames 3–4, a pause, then the word as searched on frames 50–53; sound (c) goes 44 frames before it and 18 after.
    const before = { startMs: 15, endMs: 25 };
    expect(refineEdges([before, { startMs: 250, endMs: 270 }], l)).toEqual([before, { startMs: 50, endMs: 350 }]);
    expect(refineEdges([null, { startMs: 250, endMs: 270 }], l)).toEqual([null, { startMs: 190, endMs: 350 }]);
    expect(refineEdges([{ startMs: 250, endMs: 270 }], l)).toEqual([{ startMs: 190, endMs: 350 }]);
    // Frames only 12 dB over the floor (b) are not extended over.
    expect(refineEdges([{ startMs: 30, endMs: 50 }], levels('_____bLLLLb_____'))).toEqual([{ startMs: 30, endMs: 50 }]);
  });

  it('splits two touching words at a pause more than 20 ms from their junction (nearer, trimming opens it)', () => {
    const l = levels(`${'L'.repeat(18)}__${'L'.repeat(10)}`);
    const evidence = (phones: number) => ({ frames: 5, alignedScore: -100, loopScore: null, phones });
    expect(refineEdges([{ startMs: 0, endMs: 50, evidence: evidence(2) }, { startMs: 50, endMs: 150, evidence: evidence(1) }], l)).toEqual([
      { startMs: 0, endMs: 90, evidence: evidence(2) }, { startMs: 100, endMs: 150, evidence: evidence(1) },
    ]);
  });

  it("moves a junction in the first word's fading end to the next word's abrupt onset (valleys.ts)", () => {
    // The first word loud on frames 2–9 and fading on 10–19 (18, then 12 dB over the floor), the next word loud from frame 20; the
    // search made them meet at frame 10. The junction moves to the fading end's last lowest frame, 19.
    const l = levels(`__${'L'.repeat(8)}cccccc${'b'.repeat(4)}${'L'.repeat(20)}__`);
    expect(refineEdges([{ startMs: 10, endMs: 50 }, { startMs: 50, endMs: 200 }], l)).toEqual([
      { startMs: 10, endMs: 95 }, { startMs: 95, endMs: 200 },
    ]);
  });

  it('in a recording whose sounds fade, extends an end over frames more than 6 dB over the floor by at most 150 ms', () => {
    const tail = 'b'.repeat(40);
    // The word on frames 2–11, its tail (b, 12 dB over the floor) on frames 12–51: 30 frames (150 ms) of it are taken.
    expect(refineEdges([{ startMs: 10, endMs: 60 }], levels(`__${'L'.repeat(10)}${tail}__`))).toEqual([{ startMs: 10, endMs: 210 }]);
    // A tail shorter than that is taken whole, and never past the next word's start.
    expect(refineEdges([{ startMs: 10, endMs: 60 }], levels(`__${'L'.repeat(10)}bbbb__`))).toEqual([{ startMs: 10, endMs: 80 }]);
    const two = levels(`__${'L'.repeat(10)}${'b'.repeat(12)}${'L'.repeat(10)}${'b'.repeat(10)}__`);
    expect(refineEdges([{ startMs: 10, endMs: 60 }, { startMs: 120, endMs: 170 }], two)).toEqual([
      { startMs: 10, endMs: 120 }, { startMs: 120, endMs: 220 },
    ]);
    // The same sound after the word in a recording with a bed (it begins as faint as it ends): not extended over.
    expect(refineEdges([{ startMs: 15, endMs: 65 }], levels(`__b${'L'.repeat(10)}${tail}__`))).toEqual([{ startMs: 15, endMs: 65 }]);
  });

  it('past its 80 ms reach, extends an end over loud sound that stops at once before the next placed word (abrupt-ends.ts)', () => {
    // The first word's sound on frames 2–41, the floor on 42–45, the next word on 46–55; the search ended the first on frame 11.
    const l = levels(`__${'L'.repeat(40)}____${'L'.repeat(10)}__`);
    expect(refineEdges([{ startMs: 10, endMs: 60 }, { startMs: 230, endMs: 280 }], l)).toEqual([
      { startMs: 10, endMs: 210 }, { startMs: 230, endMs: 280 },
    ]);
    // With the next word not placed, the sound may be its: the reach holds (frame 28).
    expect(refineEdges([{ startMs: 10, endMs: 60 }, null], l)).toEqual([{ startMs: 10, endMs: 140 }, null]);
  });

  it('never extends onto a neighbouring word: an end stops at the next start, a start at the previous end', () => {
    expect(refineEdges([{ startMs: 10, endMs: 20 }, { startMs: 40, endMs: 50 }], levels('__cccccccccc__'))).toEqual([
      { startMs: 10, endMs: 40 }, { startMs: 40, endMs: 60 },
    ]);
  });
});

describe('soundsFade', () => {
  it('tells a recording whose sound stretches end 12 dB or more under where they begin (median) from one with a noise bed', () => {
    const L10 = 'L'.repeat(10);
    // Stretches of 11 frames: L…L then b ends 28 dB under its start, L…L then d 10 dB under, b…b then b not at all.
    expect(soundsFade(levels(`__${L10}b__${L10}b__${L10}d__`))).toBe(true);
    expect(soundsFade(levels(`__${L10}b__${L10}d__${L10}d__`))).toBe(false);
    expect(soundsFade(levels(`__b${'L'.repeat(9)}b__b${'L'.repeat(9)}b__`))).toBe(false);
    // Stretches under 50 ms (ten frames) are not counted; none at all: false.
    expect(soundsFade(levels(`__${'L'.repeat(8)}b__${'L'.repeat(8)}b__`))).toBe(false);
    expect(soundsFade(levels('____'))).toBe(false);
  });
});

describe('peakDb', () => {
  it("gives the level of a span's loudest frame", () => {
    const l = levels('__ab_c__');
    expect(peakDb({ startMs: 10, endMs: 25 }, l)).toBeCloseTo(20 + 12, 9); // frames 2–4: a, b, _
    expect(peakDb({ startMs: 10, endMs: 30 }, l)).toBeCloseTo(20 + 18, 9);
  });
});

describe('dropFaintAndPoor', () => {
  it("leaves out a word more than 12 dB under the placed words' median loudest frame that scores under -25 a frame", () => {
    // Three loud words (L, 40 dB over the floor), a faint one (c, 18 dB over: 22 dB under them).
    const l = levels('_LL_LL_LL_cc_');
    const poor = { frames: 10, alignedScore: -500, loopScore: -200, phones: 2 }; // -30 a frame
    const good = { frames: 10, alignedScore: -250, loopScore: -200, phones: 2 }; // -5 a frame
    const word = (frame: number, evidence: typeof poor) => ({ startMs: frame * 5, endMs: (frame + 2) * 5, evidence });
    expect(dropFaintAndPoor([word(1, poor), word(4, good), null, word(7, good), word(10, poor)], l)).toEqual([
      word(1, poor), word(4, good), null, word(7, good), null,
    ]);
    // The same faint word scoring well stays.
    expect(dropFaintAndPoor([word(1, good), word(4, good), word(7, good), word(10, good)], l)[3]).toEqual(word(10, good));
  });
});

describe('loudSample', () => {
  it('finds the first or last sample louder than the amplitude from their squares, -1 when none is', () => {
    const squares = Float64Array.from([0, 100, 400, 90000, 100, 2500, 0], (x) => x);
    expect(loudSample(squares, 30, false)).toBe(3);
    expect(loudSample(squares, 30, true)).toBe(5);
    expect(loudSample(squares, 299, true)).toBe(3);
    expect(loudSample(squares, 300, true)).toBe(-1);
    expect(loudSample(squares, 300.5, false)).toBe(-1);
  });
});

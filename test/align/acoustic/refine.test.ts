import { describe, expect, it } from 'vitest';
import { frameLevels } from '../../../src/align/acoustic/frame-levels.js';
import { refineEdges } from '../../../src/align/acoustic/refine.js';

/** Sum of squares of an 80-sample (5 ms) frame of RMS `rms`. */
const frame = (rms: number): number => rms * rms * 80;
/**
 * Levels from a string, one 5 ms frame a character: `_` the floor (RMS 10), `a` +6 dB, `b` +12 dB, `c` +18 dB, `d` +30 dB,
 * `L` loud (+40 dB).
 */
const levels = (text: string) =>
  frameLevels(Float64Array.from(text, (c) => frame(10 * 10 ** ({ _: 0, a: 6, b: 12, c: 18, d: 30, L: 40 }[c]! / 20))), 80);

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

  it('stops an end\'s extension at an onset 10 dB over the 15 ms before it, within 150 ms of the next placed word', () => {
    // A word loud on frames 10–29, sound 18 dB over the floor on 30–35, then an onset (40 dB) the search gave neither word.
    const evidence = (phones: number) => ({ frames: 5, alignedScore: -100, loopScore: null, phones });
    const near = levels(`${'_'.repeat(10)}${'L'.repeat(20)}cccccc${'L'.repeat(20)}${'_'.repeat(10)}`);
    const first = { startMs: 50, endMs: 150, evidence: evidence(3) };
    // The next word searched from frame 40: the end stops at the onset (frame 36), and the next start extends back to it.
    expect(refineEdges([first, { startMs: 200, endMs: 280, evidence: evidence(3) }], near)).toEqual([
      { ...first, endMs: 180 }, { startMs: 180, endMs: 280, evidence: evidence(3) },
    ]);
    // The next word searched from frame 68, 160 ms after the onset: the onset is the first word's own, its end goes on 80 ms.
    const far = levels(`${'_'.repeat(10)}${'L'.repeat(20)}cccccc${'L'.repeat(40)}${'_'.repeat(10)}`);
    expect(refineEdges([first, { startMs: 340, endMs: 380, evidence: evidence(3) }], far)).toEqual([
      { ...first, endMs: 230 }, { startMs: 230, endMs: 380, evidence: evidence(3) },
    ]);
  });

  it('splits two words the extension made touch at a dip to the floor between them, however short', () => {
    // After the floor (frames 0–9), the first word loud on frames 10–19, its faint tail (c, 18 dB over the floor) on 20–49; one
    // floor frame (50); the next take's faint lead (51–54), then its word, loud on 55–74. The search put the second start in the
    // first's tail (frame 40): the end extends 80 ms to frame 36, the start back to it, and the two touch at 180 ms until the floor
    // frame parts them.
    const l = levels(`${'_'.repeat(10)}${'L'.repeat(10)}${'c'.repeat(30)}_cccc${'L'.repeat(20)}`);
    const evidence = (phones: number) => ({ frames: 5, alignedScore: -100, loopScore: null, phones });
    const searched = [{ startMs: 50, endMs: 100, evidence: evidence(4) }, { startMs: 200, endMs: 375, evidence: evidence(2) }];
    expect(refineEdges(searched, l)).toEqual([
      { startMs: 50, endMs: 250, evidence: evidence(4) }, { startMs: 255, endMs: 375, evidence: evidence(2) },
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

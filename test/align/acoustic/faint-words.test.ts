import { describe, expect, it } from 'vitest';
import { dropFaintAndPoor } from '../../../src/align/acoustic/faint-words.js';
import { frameLevels } from '../../../src/align/acoustic/frame-levels.js';

/** Sum of squares of an 80-sample (5 ms) frame of RMS `rms`. */
const frame = (rms: number): number => rms * rms * 80;
/**
 * Levels from a string, one 5 ms frame a character: `_` the floor (RMS 10), `a` +6 dB, `b` +12 dB, `c` +18 dB, `d` +30 dB,
 * `L` loud (+40 dB).
 */
const levels = (text: string) =>
  frameLevels(Float64Array.from(text, (c) => frame(10 * 10 ** ({ _: 0, a: 6, b: 12, c: 18, d: 30, L: 40 }[c]! / 20))), 80);

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

import { describe, expect, it } from 'vitest';
import { soundsFade } from '../../../src/align/acoustic/fading.js';
import { frameLevels } from '../../../src/align/acoustic/frame-levels.js';

/** Sum of squares of an 80-sample (5 ms) frame of RMS `rms`. */
const frame = (rms: number): number => rms * rms * 80;
/**
 * Levels from a string, one 5 ms frame a character: `_` the floor (RMS 10), `a` +6 dB, `b` +12 dB, `c` +18 dB, `d` +30 dB,
 * `L` loud (+40 dB).
 */
const levels = (text: string) =>
  frameLevels(Float64Array.from(text, (c) => frame(10 * 10 ** ({ _: 0, a: 6, b: 12, c: 18, d: 30, L: 40 }[c]! / 20))), 80);

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

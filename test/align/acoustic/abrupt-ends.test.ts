import { describe, expect, it } from 'vitest';
import { abruptEnd } from '../../../src/align/acoustic/abrupt-ends.js';

/** Levels from a string, one 5 ms frame a character, in dB over a floor of 20 dB: `_` 0, `a` 10, `b` 18, `c` 22, `L` 40. */
const levels = (text: string) => ({
  db: Float64Array.from(text, (c) => 20 + { _: 0, a: 10, b: 18, c: 22, L: 40 }[c]!),
  floorDb: 20,
});

describe('abruptEnd', () => {
  // The word's end on frame 10, its extension's reach (16 frames) spent on frame 26, the next word from frame 60.
  const at = (text: string, nextStart = 60) => abruptEnd(levels(text), 5, 15, [10, 26, nextStart]);
  it('moves an end over sound 20 dB over the floor that drops at once under the extension\'s threshold', () => {
    // Loud to frame 39, the floor from frame 40.
    expect(at(`${'L'.repeat(40)}${'_'.repeat(30)}`)).toBe(40);
    // 22 dB over the floor to frame 44, then 10 dB (under the 15 dB threshold).
    expect(at(`${'L'.repeat(30)}${'c'.repeat(15)}${'a'.repeat(25)}`)).toBe(45);
  });

  it('keeps the end when the sound fades through the threshold, runs past 250 ms or into the next word', () => {
    // 18 dB (over the extension's threshold, under 20 dB) after the loud frames: a fading tail.
    expect(at(`${'L'.repeat(40)}${'b'.repeat(5)}${'_'.repeat(25)}`)).toBe(26);
    // Loud to frame 59: frames 10 to 59 are exactly 250 ms, the stop lies past the reach.
    expect(at(`${'L'.repeat(60)}${'_'.repeat(10)}`, 70)).toBe(26);
    expect(at(`${'L'.repeat(59)}${'_'.repeat(11)}`, 70)).toBe(59);
    // The next word begins where the sound stops.
    expect(at(`${'L'.repeat(40)}${'_'.repeat(30)}`, 40)).toBe(26);
    // Already quiet at the reach's end.
    expect(at(`${'L'.repeat(26)}${'_'.repeat(44)}`)).toBe(26);
  });
});

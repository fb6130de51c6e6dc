import { describe, expect, it } from 'vitest';
import { endAtRelease } from '../../../src/align/acoustic/pause-ends.js';

/**
 * Levels from a string, one 5 ms frame a character, in dB over the floor: `_` 0 (a pause frame),
 * `c` 8 (a closure), `h` 12, `r` 17 (a hiss, or a release 9 dB over the closure) and `R` 20.
 */
const LEVEL: Record<string, number> = { _: 0, c: 8, h: 12, r: 17, R: 20 };
const db = (text: string) => Float64Array.from(text, (c) => LEVEL[c]!);
const pause = (text: string) => Uint8Array.from(text, (c) => (c === '_' ? 1 : 0));

describe('endAtRelease', () => {
  // The word's end on frame 10 (exclusive), the next word from frame 60 unless given.
  const at = (text: string, nextStart = 60) => endAtRelease(db(text), pause(text), 5, [10, nextStart]);

  it('moves an end over a closure and its release to the pause after them', () => {
    // Closure on frames 10 to 15, a release 12 dB over it on 16 and 17, then the pause.
    expect(at(`${'R'.repeat(10)}ccccccRR${'_'.repeat(42)}`)).toBe(18);
    // A release 9 dB over the closure, lasting 50 ms.
    expect(at(`${'R'.repeat(10)}cccc${'r'.repeat(10)}${'_'.repeat(36)}`)).toBe(24);
  });

  it("keeps an end over sound that fades or stays level, rises less, or lasts longer (a tail, a take's hiss, a stutter)", () => {
    expect(at(`${'R'.repeat(10)}rrrhhhcc${'_'.repeat(42)}`)).toBe(10);
    // A rise of 4 dB over the closure.
    expect(at(`${'R'.repeat(10)}cccchh${'_'.repeat(44)}`)).toBe(10);
    // A release of 55 ms: a syllable, not a release.
    expect(at(`${'R'.repeat(10)}cccc${'r'.repeat(11)}${'_'.repeat(35)}`)).toBe(10);
  });

  it('keeps an end with no pause of 50 ms within 150 ms before the next word', () => {
    // The pause begins 155 ms after the end: past the reach; 150 ms after it: within.
    expect(at(`${'R'.repeat(10)}${'c'.repeat(29)}RR${'_'.repeat(19)}`, 70)).toBe(10);
    expect(at(`${'R'.repeat(10)}${'c'.repeat(28)}RR${'_'.repeat(20)}`, 70)).toBe(40);
    // The pause is cut short by the next word: 9 frames (45 ms) before it, then 10.
    expect(at(`${'R'.repeat(10)}ccccRR${'_'.repeat(44)}`, 25)).toBe(10);
    expect(at(`${'R'.repeat(10)}ccccRR${'_'.repeat(44)}`, 26)).toBe(16);
    // Already at a pause.
    expect(at(`${'R'.repeat(10)}${'_'.repeat(10)}RR${'_'.repeat(38)}`)).toBe(10);
  });
});

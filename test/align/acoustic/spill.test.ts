import { describe, expect, it } from 'vitest';
import { MAX_DIP_MS, startsPastSpill } from '../../../src/align/acoustic/spill.js';

/** A pause mask from a string, one 5 ms frame a character: `q` a pause frame (1), `.` sound (0). */
const mask = (text: string): Uint8Array => Uint8Array.from(text, (c) => (c === 'q' ? 1 : 0));
/** With 5 ms frames, as the refinement uses. */
const past = (spans: Parameters<typeof startsPastSpill>[0], pause: string) => startsPastSpill(spans, mask(pause), 5);
/** Sound on frames 0 to `spillEnd` − 1, a pause of `pause` frames, then sound to frame 59. */
const audio = (spillEnd: number, pause: number): string => `${'.'.repeat(spillEnd)}${'q'.repeat(pause)}`.padEnd(60, '.');

describe('startsPastSpill', () => {
  it('moves a start inside sound that began before it past the pause that ends that sound', () => {
    // The spill on frames 6–11 (30 ms), a 50 ms pause on frames 12–21: the word starts on frame 22.
    expect(past([{ startMs: 30, endMs: 300 }], audio(12, 10))).toEqual([{ startMs: 110, endMs: 300 }]);
    // 60 ms of spill (frames 1–12), the longest taken.
    expect(past([{ startMs: 5, endMs: 300 }], audio(13, 10))).toEqual([{ startMs: 115, endMs: 300 }]);
  });

  it('keeps a start after a pause, at the first frame, before a longer spill, a shorter pause or one past the middle', () => {
    // The frame before the start is a pause: the start is an onset.
    expect(past([{ startMs: 30, endMs: 300 }], `qqqqqq${audio(12, 10).slice(6)}`)).toEqual([{ startMs: 30, endMs: 300 }]);
    // The first frame of the audio: nothing before it.
    expect(past([{ startMs: 0, endMs: 300 }], audio(12, 10))).toEqual([{ startMs: 0, endMs: 300 }]);
    // 65 ms of spill.
    expect(past([{ startMs: 5, endMs: 300 }], audio(14, 10))).toEqual([{ startMs: 5, endMs: 300 }]);
    // A 25 ms pause (a stop's closure); from 30 ms it is a pause.
    expect(past([{ startMs: 30, endMs: 300 }], audio(12, 5))).toEqual([{ startMs: 30, endMs: 300 }]);
    expect(past([{ startMs: 30, endMs: 300 }], audio(12, 6))).toEqual([{ startMs: 90, endMs: 300 }]);
    // The pause ends past the word's middle (frame 21 of a span on frames 6–35).
    expect(past([{ startMs: 30, endMs: 180 }], audio(12, 10))).toEqual([{ startMs: 30, endMs: 180 }]);
    expect(past([null], audio(12, 10))).toEqual([null]);
  });

  it('looks past a dip of up to 10 ms between the sound before the start and the start', () => {
    // Sound on frames 0–5, a dip on frames 6–7, the start on frame 8 in 15 ms of sound, a 50 ms pause on frames 11–20.
    expect(past([{ startMs: 40, endMs: 300 }], `${'.'.repeat(6)}qq...${'q'.repeat(10)}`.padEnd(60, '.'))).toEqual([{ startMs: 105, endMs: 300 }]);
    // A dip of 15 ms is a pause: the start is an onset.
    expect(past([{ startMs: 40, endMs: 300 }], `${'.'.repeat(5)}qqq...${'q'.repeat(10)}`.padEnd(60, '.'))).toEqual([{ startMs: 40, endMs: 300 }]);
    expect(MAX_DIP_MS).toBe(10);
  });
});

import { describe, expect, it } from 'vitest';
import { startsPastFloorDips } from '../../../src/align/acoustic/floor-dips.js';

/** 60 frames of 5 ms, 1 on the frames listed (a dip to the floor). */
const dips = (...frames: number[]): Uint8Array => Uint8Array.from({ length: 60 }, (_, f) => (frames.includes(f) ? 1 : 0));

describe('startsPastFloorDips', () => {
  it('moves a start in sound to the end of a dip ending within 50 ms after it; null stays null', () => {
    expect(startsPastFloorDips([null, { startMs: 50, endMs: 250 }], dips(14, 15), 5)).toEqual([null, { startMs: 80, endMs: 250 }]);
    // Of two dips, past the later; a dip ending exactly 50 ms after the start still counts, one a frame later does not.
    expect(startsPastFloorDips([{ startMs: 50, endMs: 250 }], dips(12, 18, 19), 5)).toEqual([{ startMs: 100, endMs: 250 }]);
    expect(startsPastFloorDips([{ startMs: 50, endMs: 250 }], dips(19, 20), 5)).toEqual([{ startMs: 50, endMs: 250 }]);
  });

  it('keeps a start with the floor just before it, and one that would leave less than 100 ms of its word', () => {
    expect(startsPastFloorDips([{ startMs: 50, endMs: 250 }], dips(9, 14, 15), 5)).toEqual([{ startMs: 50, endMs: 250 }]);
    expect(startsPastFloorDips([{ startMs: 50, endMs: 175 }], dips(14, 15), 5)).toEqual([{ startMs: 50, endMs: 175 }]);
    expect(startsPastFloorDips([{ startMs: 50, endMs: 180 }], dips(14, 15), 5)).toEqual([{ startMs: 80, endMs: 180 }]);
  });
});

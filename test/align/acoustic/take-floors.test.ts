import { describe, expect, it } from 'vitest';
import { LONG_TAKE_MS, longTakes, overTakeFloors, quietInLongTakes } from '../../../src/align/acoustic/take-floors.js';

/** 10 ms frames: `.` the recording's floor (20 dB), `~` a take's own bed (40 dB), `+` 49 dB, `*` 49.5 dB, `=` 60 dB, `#` speech (70 dB). */
const DB = { '.': 20, '~': 40, '+': 49, '*': 49.5, '=': 60, '#': 70 } as const;
const levels = (frames: string): Float64Array => Float64Array.from(frames, (c) => DB[c as keyof typeof DB]);
/** Quiet as over the recording's floor alone: at most 9 dB over 20. */
const floorQuiet = (db: Float64Array): Uint8Array => Uint8Array.from(db, (d) => (d <= 29 ? 1 : 0));
const marks = (quiet: Uint8Array): string => Array.from(quiet, (q) => (q === 1 ? 'q' : '-')).join('');

describe('quietInLongTakes', () => {
  it('counts frames of a take of 1.5 s or more at most 9 dB over its own floor (its 5th percentile) as quiet', () => {
    // 150 frames: 8 of bed, one 9 dB over it, one 9.5 dB over it, 122 of speech, 18 of bed.
    // Its 5th percentile is frame 7 of 150 sorted: 40 dB.
    const take = '~~~~~~~~+*' + '#'.repeat(122) + '~'.repeat(18);
    expect(take.length * 10).toBe(LONG_TAKE_MS);
    const db = levels(`.....${take}.....`);
    const quiet = quietInLongTakes(db, floorQuiet(db), 20, 10);
    expect(marks(quiet)).toBe(`qqqqq${'q'.repeat(9)}-${'-'.repeat(122)}${'q'.repeat(18)}qqqqq`);
  });

  it('leaves a shorter take, and a take of sound all loud, as they were (the same array)', () => {
    const short = levels(`.....${'~~~~~~~~+*' + '#'.repeat(121) + '~'.repeat(18)}.....`);
    const before = floorQuiet(short);
    expect(quietInLongTakes(short, before, 20, 10)).toBe(before);
    // Its median frame lies 10 dB over its 5th percentile: its floor is its speech.
    const loud = levels(`${'.'.repeat(20)}${'='.repeat(20)}${'#'.repeat(180)}`);
    const loudQuiet = floorQuiet(loud);
    expect(quietInLongTakes(loud, loudQuiet, 20, 10)).toBe(loudQuiet);
    // 30 dB over it: the take's frames up to 9 dB over its floor are quiet.
    const bedded = levels(`${'.'.repeat(20)}${'~'.repeat(20)}${'#'.repeat(180)}`);
    expect(marks(quietInLongTakes(bedded, floorQuiet(bedded), 20, 10))).toBe(`${'q'.repeat(40)}${'-'.repeat(180)}`);
  });

  it('parts takes at frames at most 3 dB over the recording\'s floor, and reads frames of other lengths', () => {
    // Two takes of 80 frames (0.8 s each) parted by one floor frame: neither is long.
    const half = '~'.repeat(10) + '#'.repeat(70);
    const parted = levels(`${half}.${half}`);
    expect(marks(quietInLongTakes(parted, floorQuiet(parted), 20, 10))).toBe(marks(floorQuiet(parted)));
    // The same frames read as 20 ms frames: each take lasts 1.6 s.
    expect(marks(quietInLongTakes(parted, floorQuiet(parted), 20, 20))).toBe(
      `${'q'.repeat(10)}${'-'.repeat(70)}q${'q'.repeat(10)}${'-'.repeat(70)}`,
    );
  });

  it('finds each long take with its own floor, in order', () => {
    const take = '~'.repeat(20) + '#'.repeat(140);
    const db = levels(`..${take}..${'#'.repeat(50)}.${take}`);
    expect(longTakes(db, 20, 10)).toEqual([{ first: 2, end: 162, floorDb: 40 }, { first: 215, end: 375, floorDb: 40 }]);
  });

  it('measures a long take for edge refinement from its own floor, never under the recording\'s', () => {
    // The take's floor stands 20 dB over the recording's: its frames are lowered by 20 dB, the bed to the floor.
    const db = levels(`..${'~'.repeat(20)}${'+'.repeat(10)}${'#'.repeat(130)}..`);
    const over = overTakeFloors({ db, floorDb: 20 }, 10);
    expect(Array.from(over.db)).toEqual([20, 20, ...Array(20).fill(20), ...Array(10).fill(29), ...Array(130).fill(50), 20, 20]);
    expect(over.floorDb).toBe(20);
    expect(Array.from(db.subarray(2, 4))).toEqual([40, 40]);
    // A take floor 5 dB over the recording's stays as it is (the same levels).
    const faint = Float64Array.from(db, (d) => (d === 40 ? 25 : d));
    const levelsAsThey = { db: faint, floorDb: 20 };
    expect(overTakeFloors(levelsAsThey, 10)).toBe(levelsAsThey);
  });
});

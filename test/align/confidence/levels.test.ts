import { describe, expect, it } from 'vitest';
import { QUIET_OVER_FLOOR_DB, recordingLevels } from '../../../src/align/confidence/levels.js';

/** 10 ms frames: `.` the recording's floor (RMS 10, 20 dB), `~` a speaker's noise bed (RMS 300, 49.5 dB), `#` speech (RMS 10000, 80 dB). */
const rms = { '.': 10, '~': 300, '#': 10000 } as const;
const levelsOf = (frames: string) => recordingLevels(Float64Array.from(frames, (c) => rms[c as keyof typeof rms] ** 2 * 160));

describe('recording levels', () => {
  it('count a speaker\'s own noise bed, well over the recording\'s floor, as quiet; the floor\'s own 9 dB otherwise', () => {
    // Takes spliced over a quieter floor: each word sits in a bed of its take's noise, falling at a cliff to the floor.
    const take = '~~~~~~' + '#'.repeat(10) + '~~~~~~';
    const spliced = levelsOf(('.....' + take).repeat(9) + '.....');
    const bed = Array.from(spliced.quiet.subarray(5, 11));
    const speech = Array.from(spliced.quiet.subarray(11, 21));
    expect([bed, speech]).toEqual([[1, 1, 1, 1, 1, 1], Array(10).fill(0)]);
    expect(spliced.speechDb).toBeCloseTo(80, 1);
    // The same sound once, no bed to find (too few cliffs): the bed's frames, 29.5 dB over the floor, are sound.
    const once = levelsOf('.....' + take + '.....');
    expect(Array.from(once.quiet.subarray(5, 11))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(once.floorDb + QUIET_OVER_FLOOR_DB).toBeCloseTo(29, 0);
  });
});

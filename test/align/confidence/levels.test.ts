import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecordingLevels } from '../../../src/align/confidence/index.js';
import { FLAT_BED_OVER_DB, QUIET_OVER_FLOOR_DB, recordingLevels } from '../../../src/align/confidence/levels.js';
import { frameLevels } from '../../../src/align/acoustic/frame-levels.js';
import { noiseBedDb } from '../../../src/align/acoustic/noise-bed.js';
import { readFrameStats, readWavInfo } from '../../../src/audio/index.js';
import { pcmWav } from '../../helpers/audio.js';
import { removeTempDirs, tempDir } from '../../helpers/fs.js';

afterAll(removeTempDirs);

/**
 * 10 ms frames: `.` the recording's floor (RMS 10, 20 dB), `~` a speaker's noise bed (RMS 300, 49.5 dB), `^` and `!` 2 and 4 dB
 * over it, `#` speech (RMS 10000, 80 dB).
 */
const rms = { '.': 10, '~': 300, '^': 300 * 10 ** (2 / 20), '!': 300 * 10 ** (4 / 20), '#': 10000 } as const;
/** Levels of 10 ms frames written as {@link rms} characters, with the speaker's noise bed at `bedDb` (null: none). */
const levelsOf = (frames: string, bedDb: number | null = null) =>
  recordingLevels(Float64Array.from(frames, (c) => rms[c as keyof typeof rms] ** 2 * 160), 160, undefined, undefined, bedDb);
/** The level of `~`, dB. */
const BED_DB = 20 * Math.log10(300);

describe('recording levels', () => {
  it('count a speaker\'s own noise bed, well over the recording\'s floor, as quiet; the floor\'s own 9 dB otherwise', () => {
    // Takes spliced over a quieter floor: each word sits in a bed of its take's noise, falling at a cliff to the floor.
    const take = '~~~~~~' + '#'.repeat(10) + '~~~~~~';
    const frames = ('.....' + take).repeat(9) + '.....';
    const spliced = levelsOf(frames, BED_DB);
    const bed = Array.from(spliced.quiet.subarray(5, 11));
    const speech = Array.from(spliced.quiet.subarray(11, 21));
    expect([bed, speech]).toEqual([[1, 1, 1, 1, 1, 1], Array(10).fill(0)]);
    expect(spliced.speechDb).toBeCloseTo(80, 1);
    // The same sound with no bed given: the bed's frames, 29.5 dB over the floor, are sound.
    const unbedded = levelsOf(frames);
    expect(Array.from(unbedded.quiet.subarray(5, 11))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(unbedded.floorDb + QUIET_OVER_FLOOR_DB).toBeCloseTo(29, 0);
  });

  it('count the bed past clips\' edges (`edgeQuiet`) apart from `quiet` when given one of its own', () => {
    const take = '~~~~~~' + '#'.repeat(10) + '~~~~~~';
    const frames = ('.....' + take).repeat(9) + '.....';
    const energies = Float64Array.from(frames, (c) => rms[c as keyof typeof rms] ** 2 * 160);
    const levels = recordingLevels(energies, 160, undefined, undefined, null, BED_DB);
    expect(Array.from(levels.quiet.subarray(5, 11))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(Array.from(levels.edgeQuiet.subarray(5, 11))).toEqual([1, 1, 1, 1, 1, 1]);
    expect(Array.from(levels.edgeQuiet.subarray(11, 21))).toEqual(Array(10).fill(0));
    // By default the bed past the edges is `bedDb`'s, and the mask is `quiet` itself.
    const same = levelsOf(frames, BED_DB);
    expect(same.edgeQuiet).toBe(same.quiet);
  });

  it('count frames up to 3 dB over the bed as the bed\'s (its frames scatter about its level), and louder ones as sound', () => {
    // After each word a frame 2 dB over the bed (`^`), then one 4 dB over it (`!`), then the bed.
    const take = '~~~~~~' + '#'.repeat(10) + '^!' + '~~~~~~';
    const spliced = levelsOf(('.....' + take).repeat(9) + '.....', BED_DB);
    expect(Array.from(spliced.quiet.subarray(19, 25))).toEqual([0, 0, 1, 0, 1, 1]);
  });
});

describe('a flat faint bed past the edges', () => {
  it('counts faint sound that holds still for 100 ms as quiet past clips\' edges, not a fading end or a louder stretch', () => {
    // 10 ms frames, dB: the floor (20), a word (80), 12 frames 12 dB over the floor within 1 dB; a word fading through the same
    // levels; a word, then 12 frames 20 dB over the floor, flat.
    const floor = Array(40).fill(20);
    const word = Array(10).fill(80);
    const flatBed = Array.from({ length: 12 }, (_, i) => 32 + (i % 2));
    const fading = [70, 60, 50, 44, 38, 34, 32, 31, 30];
    const louder = Array(12).fill(20 + FLAT_BED_OVER_DB + 4);
    const dbs = [...floor, ...word, ...flatBed, ...floor, ...word, ...fading, ...floor, ...word, ...louder, ...floor];
    const levels = recordingLevels(Float64Array.from(dbs, (d) => 10 ** (d / 10) * 160), 160);
    const at = (from: number, n: number) => Array.from(levels.edgeQuiet.subarray(from, from + n));
    expect(Array.from(levels.quiet.subarray(50, 62))).toEqual(Array(12).fill(0));
    expect(at(50, 12)).toEqual(Array(12).fill(1));
    expect(at(112, 9)).toEqual(Array(9).fill(0));
    expect(at(171, 12)).toEqual(Array(12).fill(0));
    expect(at(40, 10)).toEqual(Array(10).fill(0));
  });
});

describe('readRecordingLevels', () => {
  it('finds a speaker\'s noise bed in 5 ms frames, as edge refinement does, where 10 ms frames are too coarse for its plateaus', async () => {
    // Ten takes over a floor of RMS 10: each a 100 ms word (RMS 10000) between 30 ms of its own bed (RMS 300), 100 ms of floor between.
    const ms = (n: number) => n * 16;
    const part = (n: number, amplitude: number) => Array.from({ length: ms(n) }, (_, i) => (i % 2 === 0 ? amplitude : -amplitude));
    const take = [...part(100, 10), ...part(30, 300), ...part(100, 10000), ...part(30, 300)];
    const samples = Int16Array.from([...Array.from({ length: 10 }, () => take).flat(), ...part(100, 10)]);
    const wav = join(await tempDir('levels'), 'takes.wav');
    await writeFile(wav, pcmWav(samples));
    const levels = await readRecordingLevels(wav, { bands: false });
    // The first take's bed: 10 ms frames 10 to 12 before its word (frames 13 to 22) and 23 to 25 after it.
    const around = (quiet: Uint8Array) => Array.from(quiet.subarray(9, 27));
    const bed = [1, 1, 1, 1, ...Array(10).fill(0), 1, 1, 1, 1];
    expect(around(levels.quiet)).toEqual(bed);
    expect(levels.quiet.reduce((n, q) => n + q, 0)).toBe(levels.quiet.length - 100);
    // Looked for in the 10 ms frames themselves, the plateaus beside the cliffs (4 frames, 40 ms) reach into the words: no bed.
    const info = { ...(await readWavInfo(wav)), path: wav };
    expect(noiseBedDb(frameLevels((await readFrameStats(info, 160)).energies, 160))).toBeNull();
    expect(noiseBedDb(frameLevels((await readFrameStats(info, 80)).energies, 80))).toBeCloseTo(BED_DB, 1);
  });

  it('counts a bed only the noise-like test finds as quiet past clips\' edges, and as sound elsewhere', async () => {
    // Ten takes of 4,800 samples: the floor (RMS 10), a bed (RMS 300) from sample 1,675 to 2,160, a word (RMS 10000) to 3,760,
    // the bed again to 4,245, the floor. The bed begins and ends 5 samples into a 5 ms frame, so the plateau of 4 frames at each
    // cliff holds that frame, 12 dB under the bed: noiseBedDb finds none; one frame in, noiseLikeBedDb does.
    const part = (n: number, amplitude: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? amplitude : -amplitude));
    const take = [...part(1675, 10), ...part(485, 300), ...part(1600, 10000), ...part(485, 300), ...part(555, 10)];
    const samples = Int16Array.from([...Array.from({ length: 10 }, () => take).flat(), ...part(1600, 10)]);
    const wav = join(await tempDir('levels'), 'straddled.wav');
    await writeFile(wav, pcmWav(samples));
    const info = { ...(await readWavInfo(wav)), path: wav };
    expect(noiseBedDb(frameLevels((await readFrameStats(info, 80)).energies, 80))).toBeNull();
    const levels = await readRecordingLevels(wav, { bands: false });
    // The first take in 10 ms frames: its bed 10 to 12, its word 13 to 23, its bed again 24 to 26.
    expect(Array.from(levels.quiet.subarray(10, 27))).toEqual(Array(17).fill(0));
    expect(Array.from(levels.edgeQuiet.subarray(10, 27))).toEqual([1, 1, 1, ...Array(11).fill(0), 1, 1, 1]);
  });
});

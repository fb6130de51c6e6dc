import { describe, expect, it } from 'vitest';
import { BAND_COUNT } from '../../../src/audio/bands.js';
import { echo, repeatedOnset } from '../../../src/align/confidence/echo.js';
import { recordingLevels } from '../../../src/align/confidence/levels.js';

/**
 * Levels of 10 ms frames from a plan: `.` quiet (RMS 10, flat bands at 0 dB), or a letter: a loud
 * frame (RMS 3000) whose bands are that letter's own shape (`a`…`z`: a band rising 8 dB a band up
 * to band `k`, then falling), so frames of one letter are alike and of two letters differ.
 */
function levelsOf(plan: string): ReturnType<typeof recordingLevels> {
  const energies = Float64Array.from(plan, (c) => (c === '.' ? 10 : 3000) ** 2 * 160);
  const bands = new Float32Array(plan.length * BAND_COUNT);
  [...plan].forEach((c, f) => {
    if (c === '.') return;
    const peak = (c.charCodeAt(0) - 97) % BAND_COUNT;
    for (let b = 0; b < BAND_COUNT; b++) bands[f * BAND_COUNT + b] = 60 - 8 * Math.abs(b - peak);
  });
  return recordingLevels(energies, 160, undefined, bands);
}

/** A syllable of 10 frames: a consonant gliding into a vowel. */
const SYLLABLE = 'abcdeffggg';
/** The rest of the word after its first syllable. */
const REST = 'gggghhiijjkkk';

describe('echo: a clip whose first syllable is said again right after it', () => {
  // Frames: 20 quiet, a stutter (the syllable alone) from 200 ms, 9 quiet, the word from 390 ms to 620 ms, 30 quiet.
  const paused = levelsOf('.'.repeat(20) + SYLLABLE + '.'.repeat(9) + SYLLABLE + REST + '.'.repeat(30));
  // The same with no pause: the word starts at 300 ms, right after the stutter.
  const joined = levelsOf('.'.repeat(20) + SYLLABLE + SYLLABLE + REST + '.'.repeat(30));

  it('finds the repeat of the onset 19 frames on across a pause, and 10 frames on when joined, at distance 0', () => {
    const across = repeatedOnset(paused, 200, 300)!;
    expect([across.distanceDb, across.lagFrames]).toEqual([0, 19]);
    expect(repeatedOnset(joined, 200, 530)).toMatchObject({ distanceDb: 0, lagFrames: 10 });
  });

  it('is 3 (the most) for a clip on the stutter or holding it, 0 for the clip of the word itself', () => {
    const echoes = [echo(paused, 200, 300), echo(joined, 200, 530), echo(paused, 390, 620), echo(joined, 300, 530)];
    expect(echoes).toEqual([3, 3, 0, 0]);
  });

  it('finds the repeat in the next word\'s clip too: the search gave that word the real onset, this clip only the stutter', () => {
    // The clip of the stutter alone (200–300 ms) whether the word from 390 ms is its own or the next clip's: the repeat
    // lies 19 frames on. A word 35 frames on lies past the 30 frames compared.
    expect(echo(paused, 200, 300)).toBe(3);
    const far = levelsOf('.'.repeat(20) + SYLLABLE + '.'.repeat(25) + SYLLABLE + REST + '.'.repeat(30));
    // The last stretch compared (30 frames on) only half overlaps the word's onset: far from the onset, no echo.
    const nearest = repeatedOnset(far, 200, 300)!;
    expect(nearest.lagFrames).toBe(30);
    expect(nearest.distanceDb / nearest.spreadDb).toBeGreaterThan(0.7);
    expect(echo(far, 200, 300)).toBe(0);
  });

  it('is 0 for a vowel held on (its onset alike all through), and without bands', () => {
    expect(echo(levelsOf('.'.repeat(20) + 'g'.repeat(40) + '.'.repeat(20)), 200, 600)).toBe(0);
    const noBands = recordingLevels(Float64Array.from('.'.repeat(20) + SYLLABLE + SYLLABLE + REST, (c) => (c === '.' ? 10 : 3000) ** 2 * 160));
    expect(echo(noBands, 200, 530)).toBe(0);
  });
});

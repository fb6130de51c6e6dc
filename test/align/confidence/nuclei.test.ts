import { describe, expect, it } from 'vitest';
import { BAND_COUNT } from '../../../src/audio/bands.js';
import { recordingLevels } from '../../../src/align/confidence/levels.js';
import {
  APART_GAP_DB, APART_GAP_MS, APART_SOUND_DB, APART_SOUND_MS, clipVoicing, extraSyllables, NUCLEUS_DIP_DB, NUCLEUS_RANGE_DB, nucleusCount,
  soundApart, VOICED_CROSSINGS, VOICING_BANDS,
} from '../../../src/align/confidence/nuclei.js';

/** Levels whose band frames have their {@link VOICING_BANDS} lowest bands summing to `db[f]`, the rest at 0 dB. */
function levelsWithVoicing(db: readonly number[]) {
  const bands = new Float32Array(db.length * BAND_COUNT);
  db.forEach((d, f) => {
    for (let b = 0; b < VOICING_BANDS; b++) bands[f * BAND_COUNT + b] = d - 10 * Math.log10(VOICING_BANDS);
  });
  return recordingLevels(new Float64Array(db.length).fill(3000 ** 2 * 160), 160, undefined, bands);
}

describe('syllable nuclei', () => {
  it('a clip\'s voicing sums the lowest bands of the band frames whose window\'s middle lies in it, smoothed over three frames', () => {
    const levels = levelsWithVoicing([60, 60, 90, 60, 60]);
    const round = (clip: ReturnType<typeof clipVoicing>) => ({ ...clip!, contour: [...clip!.contour].map((d) => Math.round(d * 10) / 10) });
    // Band frame f's window ends at (f + 1) · 10 ms: its middle at f · 10 − 2.5 ms.
    expect(round(clipVoicing(levels, 0, 50))).toEqual({ first: 1, contour: [70, 70, 70, 60] });
    expect(round(clipVoicing(levels, 10, 30))).toEqual({ first: 2, contour: [70, 70] });
    expect(round(clipVoicing(levels, -100, 100))).toEqual({ first: 0, contour: [60, 70, 70, 70, 60] });
    expect(clipVoicing(recordingLevels(new Float64Array(5).fill(1)), 0, 50)).toBeNull();
  });

  it('counts two peaks parted by a dip of 10 dB under the quieter, and one where the dip is 9 dB', () => {
    expect([NUCLEUS_RANGE_DB, NUCLEUS_DIP_DB]).toEqual([10, 10]);
    const contour = (dip: number) => Float64Array.from([40, 60, 70, 60, dip, 60, 66, 60, 40]);
    expect(nucleusCount(contour(56), 0, 9)).toBe(2); // 66 − 56 = 10
    expect(nucleusCount(contour(57), 0, 9)).toBe(1);
  });

  it('a peak more than 10 dB under the loudest is no nucleus', () => {
    const contour = Float64Array.from([40, 70, 40, 59, 40]);
    expect(nucleusCount(contour, 0, 5)).toBe(1);
    expect(nucleusCount(Float64Array.from([40, 70, 40, 60, 40]), 0, 5)).toBe(2);
  });

  it('an edge on the loud part of another syllable counts: the level falling into the clip, or rising to its end', () => {
    const contour = Float64Array.from([68, 64, 50, 60, 70, 60, 50, 64, 68]);
    expect(nucleusCount(contour, 0, 9)).toBe(3);
    expect(nucleusCount(contour, 2, 7)).toBe(1); // the clip from the dip to the dip holds the middle vowel only
    expect(nucleusCount(contour, 1, 7)).toBe(2); // starting at 64, falling into the clip
  });

  it('`syllables` is the nuclei past the pronunciation\'s vowels, at least one vowel counted', () => {
    const clip = { first: 0, contour: Float64Array.from([40, 70, 70, 40, 40, 70, 70, 40]) };
    expect([extraSyllables(clip, 1), extraSyllables(clip, 2), extraSyllables(clip, 0)]).toEqual([1, 0, 1]);
    expect(extraSyllables({ first: 0, contour: clip.contour.slice(0, 4) }, 1)).toBe(0);
  });
});

describe('a sound apart from a word of one vowel', () => {
  // Band frames of 10 ms: near-silence at 40 dB, the vowel at 70 dB.
  const clipOf = (levels: readonly number[], first = 0) => ({ first, contour: Float64Array.from(levels) });
  const voiced = (n: number) => new Float64Array(n).fill(0.05);
  const vowelThenTail = (gapFrames: number, tailDb: number) =>
    [30, 70, 70, 70, ...Array<number>(gapFrames).fill(40), ...Array<number>(4).fill(tailDb), 30];

  it('finds voiced sound 30 dB or less under the vowel past 100 ms 25 dB under it, after the vowel or before it', () => {
    expect([APART_GAP_DB, APART_GAP_MS, APART_SOUND_DB, APART_SOUND_MS, VOICED_CROSSINGS]).toEqual([25, 100, 30, 30, 0.15]);
    const after = vowelThenTail(10, 45);
    expect(soundApart(clipOf(after), voiced(after.length))).toBe(true);
    expect(soundApart(clipOf([...after].reverse()), voiced(after.length))).toBe(true);
  });

  it('not past 90 ms of near-silence, nor sound more than 30 dB under the vowel, nor three frames that cross zero as a burst', () => {
    const short = vowelThenTail(9, 45);
    expect(soundApart(clipOf(short), voiced(short.length))).toBe(false);
    const faint = vowelThenTail(10, 39);
    expect(soundApart(clipOf(faint), voiced(faint.length))).toBe(false);
    const burst = vowelThenTail(10, 45);
    // The clip starts 20 frames into the recording; its tail is band frames 14–17, each read with the crossings of the level
    // frame before it (where its window's middle lies): 33–36 of the recording.
    const from = (frame: number) => voiced(20 + burst.length).fill(0.4, frame);
    expect([soundApart(clipOf(burst, 20), from(34)), soundApart(clipOf(burst, 20), from(36))]).toEqual([false, true]);
  });

  it('only within the clip', () => {
    expect(soundApart(clipOf(vowelThenTail(10, 45).slice(0, 16)), voiced(16))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { BAND_COUNT } from '../../../src/audio/bands.js';
import { recordingLevels } from '../../../src/align/confidence/levels.js';
import {
  APART_GAP_DB, APART_GAP_MS, APART_SOUND_DB, APART_SOUND_MS, extraSyllables, NUCLEUS_DIP_DB, NUCLEUS_RANGE_DB, nucleusCount, soundApart,
  VOICED_CROSSINGS, voicingContour, VOICING_BANDS,
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
  it('the voicing contour sums the lowest bands and smooths over three frames', () => {
    const contour = voicingContour(levelsWithVoicing([60, 60, 90, 60, 60]))!;
    expect([...contour].map((d) => Math.round(d * 10) / 10)).toEqual([60, 70, 70, 70, 60]);
    expect(voicingContour(recordingLevels(new Float64Array(5).fill(1)))).toBeNull();
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
    // Band frame f's 25 ms window ends at (f + 1) · 10 ms, its middle at f · 10 − 2.5 ms.
    const contour = Float64Array.from([40, 40, 70, 70, 40, 40, 70, 70, 40, 40]);
    expect(extraSyllables(contour, 10, 90, 1)).toBe(1);
    expect(extraSyllables(contour, 10, 90, 2)).toBe(0);
    expect(extraSyllables(contour, 10, 90, 0)).toBe(1);
    expect(extraSyllables(contour, 10, 50, 1)).toBe(0); // frames 2–4: one vowel
  });
});

describe('a sound apart from a word of one vowel', () => {
  // Band frames of 10 ms (frame f's middle at f · 10 − 2.5 ms): silence at 30 dB, the vowel at 70 dB.
  const contourOf = (levels: readonly number[]) => Float64Array.from(levels);
  const voiced = (n: number) => new Float64Array(n).fill(0.05);
  const vowelThenTail = (gapFrames: number, tailDb: number) =>
    contourOf([30, 70, 70, 70, ...Array<number>(gapFrames).fill(40), tailDb, tailDb, tailDb, tailDb, 30]);

  it('finds voiced sound 30 dB or less under the vowel past 100 ms 25 dB under it, after the vowel or before it', () => {
    expect([APART_GAP_DB, APART_GAP_MS, APART_SOUND_DB, APART_SOUND_MS, VOICED_CROSSINGS]).toEqual([25, 100, 30, 30, 0.15]);
    const after = vowelThenTail(10, 45);
    expect(soundApart(after, voiced(after.length), 0, after.length * 10)).toBe(true);
    const before = Float64Array.from([...after].reverse());
    expect(soundApart(before, voiced(before.length), 0, before.length * 10)).toBe(true);
  });

  it('not past 90 ms of near-silence, nor sound more than 30 dB under the vowel, nor three frames that cross zero as a burst', () => {
    const short = vowelThenTail(9, 45);
    expect(soundApart(short, voiced(short.length), 0, short.length * 10)).toBe(false);
    const faint = vowelThenTail(10, 39);
    expect(soundApart(faint, voiced(faint.length), 0, faint.length * 10)).toBe(false);
    const burst = vowelThenTail(10, 45);
    const crossings = voiced(burst.length).fill(0.4, 14);
    expect(soundApart(burst, crossings, 0, burst.length * 10)).toBe(false);
  });

  it('only within the clip', () => {
    const after = vowelThenTail(10, 45);
    expect(soundApart(after, voiced(after.length), 0, 150)).toBe(false);
  });
});

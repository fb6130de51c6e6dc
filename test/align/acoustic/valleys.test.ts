import { describe, expect, it } from 'vitest';
import { junctionsAtValleys as atValleys, junctionsBeforeOnsets as beforeOnsets } from '../../../src/align/acoustic/valleys.js';

/** With 5 ms frames, as the refinement uses. */
const junctionsAtValleys = (spans: Parameters<typeof atValleys>[0], db: number[]) => atValleys(spans, Float64Array.from(db), 5);
const junctionsBeforeOnsets = (spans: Parameters<typeof beforeOnsets>[0], db: number[]) => beforeOnsets(spans, Float64Array.from(db), 5);
const w = (startMs: number, endMs: number) => ({ startMs, endMs });

/**
 * A real junction (a Greek speaker's "two" then "one", dB over the floor per 5 ms frame) from where
 * the search made the two words meet, on the "two"'s fading vowel: the level falls for 200 ms to
 * 13 dB (frame 40), where "one" begins, and rises.
 */
const FADE = [40, 41, 42, 43, 42, 40, 39, 38, 38, 38, 38, 37, 37, 36, 36, 36, 36, 35, 35, 34, 33, 32, 31, 30, 30, 30, 28, 27, 28, 26,
  25, 25, 24, 22, 22, 22, 21, 20, 19, 18, 13, 17, 19, 27, 32, 38, 40, 40];
/** The "two" before it (60 frames, loudest 45 dB) and the rest of the "one" after it (60 frames at 40 dB). */
const TWO = Array.from({ length: 60 }, (_, f) => (f < 10 ? 30 + f : 45));
const ONE = Array.from({ length: 60 }, () => 40);

describe('junctionsAtValleys', () => {
  it("moves a junction on the first word's fading vowel down the slope onto the valley before the next word rises", () => {
    // The junction at frame 60 (300 ms); the valley at frame 100 (500 ms).
    expect(junctionsAtValleys([w(0, 300), w(300, 840)], [...TWO, ...FADE, ...ONE])).toEqual([w(0, 500), w(500, 840)]);
    // A word of the text between them that found no place holds no audio there: the two still meet.
    expect(junctionsAtValleys([w(0, 300), null, w(300, 840)], [...TWO, ...FADE, ...ONE])).toEqual([w(0, 500), null, w(500, 840)]);
  });

  it("moves a junction on the next word's rising onset back onto the valley before it", () => {
    // The fade backwards between two words: the junction at frame 107 (535 ms), at the top of the rise from the valley at frame 67.
    const rising = [...ONE, ...FADE.slice(1).reverse(), ...TWO.map(() => 45)];
    expect(junctionsAtValleys([w(0, 535), w(535, 835)], rising)).toEqual([w(0, 335), w(335, 835)]);
  });

  it('leaves a junction already in a valley, and one with a stop closure inside the next word beyond its onset', () => {
    const dip = [...TWO, 30, 20, 13, 20, 30, ...ONE];
    expect(junctionsAtValleys([w(0, 310), w(310, 625)], dip)).toEqual([w(0, 310), w(310, 625)]);
    // Forward from the junction the next word's onset rises before its closure (frames 70–72 at 10 dB).
    const closure = [...TWO, 20, 30, 40, 40, 38, 35, 30, 25, 22, 20, 10, 10, 10, 40, ...ONE];
    expect(junctionsAtValleys([w(0, 300), w(300, 670)], closure)).toEqual([w(0, 300), w(300, 670)]);
  });

  it("leaves a junction at a step steeper than a fade (a word's abrupt end before the next word's faint fricative)", () => {
    // A Greek speaker's "nine" ends at 30 dB where the two meet (frame 78), "seven"'s /s/ at 13–19 dB, its vowel from frame 89: the
    // lowest frame (83) is inside the /s/.
    const db = [
      ...TWO, 38, 40, 39, 37, 36, 36, 35, 33, 32, 31, 30, 30, 31, 30, 34, 34, 32, 30,
      19, 19, 18, 15, 14, 13, 14, 14, 14, 18, 19, 28, 37, 43, ...ONE,
    ];
    expect(junctionsAtValleys([w(0, 390), w(390, 760)], db)).toEqual([w(0, 390), w(390, 760)]);
    // The same junction on a fade (3 dB a frame down to 12 dB at frame 83) moves onto the valley.
    const fading = db.map((d, f) => (f >= 78 && f < 84 ? 30 - 3 * (f - 77) : d));
    expect(junctionsAtValleys([w(0, 390), w(390, 760)], fading)).toEqual([w(0, 415), w(415, 760)]);
  });

  it('leaves the junction when the slope falls too little, the valley lies too far, the level does not rise again, or both sides fall', () => {
    // A fall of 10 dB (40 → 30), then a rise.
    const shallow = [...TWO, ...[40, 38, 36, 34, 32, 30, 40, 40], ...ONE];
    expect(junctionsAtValleys([w(0, 300), w(300, 640)], shallow)).toEqual([w(0, 300), w(300, 640)]);
    // The valley 205 ms (41 frames) from the junction.
    const far = [...TWO, 40, ...FADE, ...ONE];
    expect(junctionsAtValleys([w(0, 300), w(300, 845)], far)).toEqual([w(0, 300), w(300, 845)]);
    // Past the valley the level stays low for 50 ms (the end of the speech, not a next word's onset).
    const stays = [...TWO, ...FADE.slice(0, 41), ...Array.from({ length: 11 }, () => 15), ...ONE];
    expect(junctionsAtValleys([w(0, 300), w(300, 860)], stays)).toEqual([w(0, 300), w(300, 860)]);
    // Falling both ways from a peak at the junction: which valley is the junction is not known.
    const peak = [...TWO, ...[...FADE].reverse(), ...FADE, ...ONE];
    expect(junctionsAtValleys([w(0, 540), w(540, 1080)], peak)).toEqual([w(0, 540), w(540, 1080)]);
  });

  it('leaves words that do not touch, a valley past a word middle, and a valley not 20 dB under both words\' peaks', () => {
    const db = [...TWO, ...FADE, ...ONE];
    expect(junctionsAtValleys([w(0, 300), w(305, 840)], db)).toEqual([w(0, 300), w(305, 840)]);
    // The next word ends at 690 ms: its middle (frame 99) lies before the valley.
    expect(junctionsAtValleys([w(0, 300), w(300, 690)], db)).toEqual([w(0, 300), w(300, 690)]);
    // Both words no louder than 30 dB: the valley at 13 dB lies only 17 dB under them.
    const faint = db.map((d) => Math.min(d, 30));
    expect(junctionsAtValleys([w(0, 300), w(300, 840)], faint)).toEqual([w(0, 300), w(300, 840)]);
  });
});

/**
 * A US speaker's "six" (its vowel; 24 frames) and its final /s/ fading from 28 to 19 dB over the floor, as the search gave it to
 * "one" (25 frames).
 */
const SIX = [56, 56, 49, 49, 51, 53, 51, 48, 51, 45, 43, 41, 43, 39, 39, 40, 36, 35, 34, 30, 32, 32, 32, 32];
const HISS = [28, 29, 27, 28, 21, 27, 29, 29, 31, 26, 33, 26, 29, 28, 29, 27, 23, 23, 25, 24, 21, 20, 19, 21, 19];
/** "one"'s abrupt onset (frame 49 on), then 40 frames at 50 dB. */
const ONSET = [
  34, 42, 41, 40, 46, 43, 45, 42, 43, 46, 43, 45, 42, 47, 45, 47, 48, 47, 50, 48, 53, 52, 50, 52, 47,
  ...Array.from({ length: 40 }, () => 50),
];
/**
 * A synthetic "the" and "village"'s /v/ as the search placed them (the first two frames of the /v/ given to "the"), its vowel
 * from frame 40.
 */
const THE = [51, 40, 53, 44, 52, 43, 52, 47, 49, 48, 49, 49, 47, 47, 48, 48, 45, 47, 45, 48, 42, 46, 41, 48, 31, 30];
const VILLAGE = [
  32, 32, 33, 33, 34, 33, 35, 33, 35, 31, 36, 28, 38, 28, 42, 36, 45, 40, 49, 42, 51, 45, 55, 47,
  ...Array.from({ length: 40 }, () => 50),
];

describe('junctionsBeforeOnsets', () => {
  it("moves a junction in the first word's fading end to its last lowest frame before the next word's abrupt onset", () => {
    // The junction at frame 24 (120 ms); the hiss's last lowest frame is 48 (240 ms), where "one" rises within 10 ms.
    expect(junctionsBeforeOnsets([w(0, 120), w(120, 570)], [...SIX, ...HISS, ...ONSET])).toEqual([w(0, 240), w(240, 570)]);
    expect(junctionsBeforeOnsets([w(0, 120), null, w(120, 570)], [...SIX, ...HISS, ...ONSET])).toEqual([w(0, 240), null, w(240, 570)]);
  });

  it("leaves a junction before a faint stretch that holds its level (the next word's own first consonant, /v/ of \"village\")", () => {
    expect(junctionsBeforeOnsets([w(0, 130), w(130, 450)], [...THE, ...VILLAGE])).toEqual([w(0, 130), w(130, 450)]);
    // The same stretch fading (its second half 4 dB fainter) is the first word's end: the junction moves to its last lowest frame (39).
    const fading = [...THE, ...VILLAGE.map((d, f) => (f >= 7 && f < 14 ? d - 4 : d))];
    expect(junctionsBeforeOnsets([w(0, 130), w(130, 450)], fading)).toEqual([w(0, 195), w(195, 450)]);
  });

  it('leaves a junction in loud sound, one with no onset before the next word\'s middle, and words apart', () => {
    const db = [...SIX, ...HISS, ...ONSET];
    // Both words at most 40 dB: the junction's 28 dB lies 12 dB under them.
    expect(junctionsBeforeOnsets([w(0, 120), w(120, 570)], db.map((d) => Math.min(d, 40)))).toEqual([w(0, 120), w(120, 570)]);
    // The next word ends at 360 ms: its middle (frame 48) comes before the onset.
    expect(junctionsBeforeOnsets([w(0, 120), w(120, 360)], db)).toEqual([w(0, 120), w(120, 360)]);
    expect(junctionsBeforeOnsets([w(0, 120), w(125, 570)], db)).toEqual([w(0, 120), w(125, 570)]);
  });
});

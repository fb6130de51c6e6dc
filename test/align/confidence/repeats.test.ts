import { describe, expect, it } from 'vitest';
import { BAND_COUNT } from '../../../src/audio/bands.js';
import { recordingLevels } from '../../../src/align/confidence/levels.js';
import { clipDistance, clipShapes, NO_REPEATS, repeatMeasures, wordKey } from '../../../src/align/confidence/repeats.js';
import { word as timed } from './scored-words.js';

/** A word the aligner placed (the repeats measure no other). */
const word = (text: string, startMs: number, endMs: number, more: Parameters<typeof timed>[3] = {}) =>
  timed(text, startMs, endMs, { evidence: { frames: (endMs - startMs) / 10, alignedScore: 0, loopScore: 0, phones: 2 }, ...more });

/**
 * Levels of 10 ms frames from a plan: `.` quiet (RMS 10, flat bands), or a letter: a loud frame
 * (RMS 3000) whose bands peak at that letter's band (`a` band 0 … `p` band 15), so frames of one
 * letter are alike and of two letters differ. `bands: false`: no bands read.
 */
function levelsOf(plan: string, { bands = true } = {}): ReturnType<typeof recordingLevels> {
  const energies = Float64Array.from(plan, (c) => (c === '.' ? 10 : 3000) ** 2 * 160);
  const shape = new Float32Array(plan.length * BAND_COUNT);
  [...plan].forEach((c, f) => {
    if (c === '.') return;
    const peak = (c.charCodeAt(0) - 97) % BAND_COUNT;
    // A slight tilt that differs from frame to frame: no two stretches of the recording are alike to the sample.
    for (let b = 0; b < BAND_COUNT; b++) shape[f * BAND_COUNT + b] = 60 - 8 * Math.abs(b - peak) + ((f % 7) * b) / 20;
  });
  return recordingLevels(energies, 160, undefined, bands ? shape : undefined);
}

/** A word's sound: eight frames gliding up the bands, and another word's gliding down. */
const ONE = 'abcdefgh';
const TWO = 'ponmlkji';
const GAP = '..........';

describe('clipDistance: dynamic time warping over frame shapes', () => {
  const levels = levelsOf(ONE + GAP + 'aabbccddeeffgghh' + GAP + TWO);

  it('is near 0 between a clip and itself said twice as slowly, far more against another word, 0 against itself', () => {
    const one = clipShapes(levels, 0, 80)!;
    const slow = clipShapes(levels, 180, 340)!;
    const two = clipShapes(levels, 440, 520)!;
    expect(one.length).toBe(8 * BAND_COUNT);
    expect(slow.length).toBe(16 * BAND_COUNT);
    expect(clipDistance(one, one)).toBe(0);
    expect(clipDistance(one, slow)).toBeLessThan(0.5);
    expect(clipDistance(one, two)).toBeGreaterThan(10 * clipDistance(one, slow));
  });

  it('reads only the loud frames of a clip, and no clip without bands', () => {
    expect(clipShapes(levels, 0, 180)!.length).toBe(8 * BAND_COUNT);
    expect(clipShapes(levelsOf(ONE, { bands: false }), 0, 80)).toBeNull();
  });
});

describe('repeatMeasures: a word against its own other clips and other words\'', () => {
  // one, two, one, two, then a clip of two's sound that the text calls one.
  const plan = [ONE, TWO, ONE, TWO, TWO].join(GAP) + GAP;
  const levels = levelsOf(plan);
  const at = (k: number): [number, number] => [k * 180, k * 180 + 80];
  const words = ['one', 'two', 'One,', 'two', 'one'].map((text, k) => word(text, ...at(k)));

  it('puts 3 (the most) on the clip that sounds like another word, 0 on the others', () => {
    const measures = repeatMeasures(words, levels);
    expect(words.map((w) => measures.get(w)!.unlike)).toEqual([0, 0, 0, 0, 3]);
  });

  it('blames the one of two unlike clips of a word that is nearer another word\'s clip, not both', () => {
    // one, two, three (sounding nearly like one), and a clip of two's sound that the text calls one: the first "one" is
    // nearer "three" than its only sibling, yet that sibling is the clip nearer another word's ("two").
    const blamed = levelsOf([ONE, TWO, 'abcdefgi', TWO].join(GAP) + GAP);
    const clips = ['one', 'two', 'three', 'one'].map((text, k) => word(text, ...at(k)));
    const measures = repeatMeasures(clips, blamed);
    expect(clips.map((w) => measures.get(w)!.unlike)).toEqual([0, 0, 0, 3]);
  });

  it('leaves out a clip that is the same audio as another, sample for sample (pasted twice, never said so)', () => {
    const pasted = levelsOf(ONE + GAP + TWO + GAP + ONE);
    // The third clip's bands made a copy of the first's.
    const copy = { ...pasted, bands: pasted.bands!.slice() };
    copy.bands.copyWithin(36 * BAND_COUNT, 0, 8 * BAND_COUNT);
    const clips = [word('one', 0, 80), word('two', 180, 260), word('two', 360, 440)];
    // The "two" at 360 ms is the first clip's audio again: compared with nothing of its own word, it gets no likeness.
    expect(repeatMeasures(clips, copy).get(clips[2]!)).toEqual({ unlike: 0, length: 0 });
  });

  it('measures a clip\'s length against the median of its word\'s other clips: 0 within √2, 1 at twice, 2 at 2√2', () => {
    const long = levelsOf((ONE + GAP).repeat(3) + ONE + ONE + GAP + ONE + ONE + ONE + GAP);
    // Three clips of 80 ms, one of 110 ms (1.375 × the others' median), one of 160 ms (twice), one of 226 ms (2√2 × 80).
    const clips = [word('one', 0, 80), word('one', 180, 260), word('one', 360, 440), word('one', 540, 650)];
    const measures = repeatMeasures(clips, long);
    expect(clips.map((w) => measures.get(w)!.length)).toEqual([0, 0, 0, 0]);
    const twice = [...clips.slice(0, 3), word('one', 540, 700)];
    expect(repeatMeasures(twice, long).get(twice[3]!)!.length).toBe(1);
    const further = [...clips.slice(0, 3), word('one', 720, 80 * 2 * Math.SQRT2 + 720)];
    expect(repeatMeasures(further, long).get(further[3]!)!.length).toBeCloseTo(2, 12);
  });

  it('measures only words the aligner placed: the same clips timed by the recognizer get nothing', () => {
    const recognized = ['one', 'two', 'one', 'two', 'one'].map((text, k) => timed(text, ...at(k), { source: 'recognized' }));
    const measures = repeatMeasures(recognized, levels);
    expect(recognized.map((w) => measures.get(w))).toEqual(recognized.map(() => NO_REPEATS));
  });

  it('gives nothing to a word said once, to estimated words, and no likeness without bands', () => {
    const measures = repeatMeasures([words[0]!, words[1]!], levels);
    expect(measures.get(words[0]!)).toEqual(NO_REPEATS);
    const guessed = word('one', 720, 800, { source: 'estimated' });
    const withGuess = repeatMeasures([words[0]!, words[1]!, guessed], levels);
    expect([withGuess.get(words[0]!), withGuess.get(guessed)]).toEqual([NO_REPEATS, NO_REPEATS]);
    const noBands = repeatMeasures(words, levelsOf(plan, { bands: false }));
    expect(words.map((w) => noBands.get(w)!.unlike)).toEqual([0, 0, 0, 0, 0]);
  });

  it('takes one word\'s clips by their text as `--find` compares words: lower case, punctuation left out', () => {
    expect(['One,', '"one"', 'ONE'].map(wordKey)).toEqual(['one', 'one', 'one']);
    expect([wordKey("don't"), wordKey('follow-up')]).toEqual(['dont', 'follow up']);
  });
});

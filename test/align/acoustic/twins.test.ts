import { describe, expect, it } from 'vitest';
import { frameLevels } from '../../../src/align/acoustic/frame-levels.js';
import { placeTwins } from '../../../src/align/acoustic/twins.js';

/** Sum of squares of an 80-sample (5 ms) frame of RMS `rms`. */
const frame = (rms: number): number => rms * rms * 80;
/** Levels from a string, one 5 ms frame a character: `_` the floor (RMS 10), `n` +20 dB (a noise stretch), `L` +40 dB (a word). */
const levels = (text: string) => frameLevels(Float64Array.from(text, (c) => frame(10 * 10 ** ({ _: 0, n: 20, L: 40 }[c]! / 20))), 80);
const span = (startMs: number, endMs: number) => ({ startMs, endMs });
const words = (...texts: string[]) => texts.map((t) => [t]);

describe('placeTwins', () => {
  // 0–100 ms floor, 100–300 noise (200 ms of sound), 300–400 floor, a word 400–600, floor 600–700, a word 700–900, floor to 1000.
  const noiseFirst = levels(`${'_'.repeat(20)}${'n'.repeat(40)}${'_'.repeat(20)}${'L'.repeat(40)}${'_'.repeat(20)}${'L'.repeat(40)}${'_'.repeat(20)}`);

  it('gives the audio to the second of two identical words when the sound no word was given lies before it', () => {
    const spans = [span(400, 600), null, span(700, 900)];
    expect(placeTwins(spans, words('nine', 'nine', 'eight'), noiseFirst, 1000)).toEqual([null, span(400, 600), span(700, 900)]);
  });

  it('moves the word left out of a run of three to the end of the run when the sound lies after it', () => {
    // Words 0–200 and 300–500, noise 600–800, the next word 900–1000.
    const l = levels(`${'L'.repeat(40)}${'_'.repeat(20)}${'L'.repeat(40)}${'_'.repeat(20)}${'n'.repeat(40)}${'_'.repeat(20)}${'L'.repeat(20)}`);
    const spans = [null, span(0, 200), span(300, 500), span(900, 1000)];
    expect(placeTwins(spans, words('one', 'one', 'one', 'seven'), l, 1000)).toEqual([span(0, 200), span(300, 500), null, span(900, 1000)]);
  });

  it('leaves the run as the search placed it without 100 ms of unclaimed sound, or when the words left out already sit by the most', () => {
    const quiet = levels(`${'_'.repeat(80)}${'L'.repeat(40)}${'_'.repeat(20)}${'L'.repeat(40)}${'_'.repeat(20)}`);
    const spans = [span(400, 600), null, span(700, 900)];
    expect(placeTwins(spans, words('nine', 'nine', 'eight'), quiet, 1000)).toEqual(spans);
    // 95 ms of noise: under a word's worth.
    const brief = levels(`${'_'.repeat(20)}${'n'.repeat(19)}${'_'.repeat(41)}${'L'.repeat(40)}${'_'.repeat(20)}${'L'.repeat(40)}${'_'.repeat(20)}`);
    expect(placeTwins(spans, words('nine', 'nine', 'eight'), brief, 1000)).toEqual(spans);
    const already = [null, span(400, 600), span(700, 900)];
    expect(placeTwins(already, words('nine', 'nine', 'eight'), noiseFirst, 1000)).toEqual(already);
  });

  it('touches only runs of the same word with some of it placed and some not', () => {
    const spans = [span(400, 600), null, span(700, 900)];
    expect(placeTwins(spans, words('nine', 'five', 'eight'), noiseFirst, 1000)).toEqual(spans);
    expect(placeTwins([null, null, span(700, 900)], words('nine', 'nine', 'eight'), noiseFirst, 1000)).toEqual([null, null, span(700, 900)]);
    expect(placeTwins(spans, [['nine'], [], ['eight']], noiseFirst, 1000)).toEqual(spans);
  });
});

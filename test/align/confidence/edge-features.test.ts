import { describe, expect, it } from 'vitest';
import { judgeClips } from '../../../src/align/confidence/clips.js';
import { featureContext } from '../../../src/align/confidence/feature-context.js';
import { wordFeatures } from '../../../src/align/confidence/features.js';
import { recordingLevels } from '../../../src/align/confidence/levels.js';
import type { ScoredWord } from '../../../src/align/confidence/scored-word.js';
import { levelsOf, word } from './scored-words.js';

describe('edge features', () => {
  // Speech 100–400 ms, then noise, speech again 500–600 ms.
  const levels = levelsOf('..........' + '#'.repeat(30) + '..........' + '#'.repeat(10) + '..........');

  it('spill: sound going on past an edge before the neighbour; hollow: quiet inside an edge (tenths of a second)', () => {
    const words = [word('first', 100, 250), word('next', 500, 600)];
    const ctx = featureContext(words, levels);
    // The word ends at 250 ms; its sound goes on to 400 ms and falls quiet before the next word.
    expect(wordFeatures(words[0]!, ctx)).toMatchObject({ spill: 1.5, hollow: 0 });
    // Ending at 450 ms, its last 50 ms are quiet.
    expect(wordFeatures(word('first', 100, 450), featureContext([word('first', 100, 450), words[1]!], levels))).toMatchObject({
      spill: 0,
      hollow: 0.5,
    });
    // Sound running on into the neighbour is shared with it, not a spill.
    const touching = [word('first', 100, 250), word('next', 250, 400)];
    expect(wordFeatures(touching[0]!, featureContext(touching, levels))).toMatchObject({ spill: 0, hollow: 0 });
  });

  it('outside: sound past an edge up to a neighbour at least 150 ms away, whether or not it reaches it (tenths of a second)', () => {
    const words = [word('first', 100, 250), word('next', 500, 600)];
    expect(wordFeatures(words[0]!, featureContext(words, levels))).toMatchObject({ spill: 1.5, outside: 1.5 });
    // An end 170 ms before the next word whose sound runs on into the next word's start: no spill, but 170 ms outside.
    const loud = levelsOf('..........' + '#'.repeat(50) + '..........');
    const bridged = [word('first', 100, 280), word('next', 450, 600)];
    expect(wordFeatures(bridged[0]!, featureContext(bridged, loud))).toMatchObject({ spill: 0, outside: 1.7 });
    // The next word sees the same 170 ms of sound no word was given before its start.
    expect(wordFeatures(bridged[1]!, featureContext(bridged, loud))).toMatchObject({ spill: 0, outside: 1.7 });
    // 140 ms apart: the sound between them is the passage from one word to the next, not counted.
    const close = [word('first', 100, 280), word('next', 420, 600)];
    expect(wordFeatures(close[0]!, featureContext(close, loud))).toMatchObject({ spill: 0, outside: 0 });
    expect(wordFeatures(close[1]!, featureContext(close, loud))).toMatchObject({ spill: 0, outside: 0 });
  });
});

describe('unclaimed feature', () => {
  // 10 ms frames: `#` speech (69.5 dB), `+` 6 dB under it (63.5 dB), `-` 12 dB under it (57.5 dB), `.` noise (20 dB).
  const rms = { '#': 3000, '+': 1500, '-': 750, '.': 10 } as const;
  const levelsOf2 = (frames: string) => recordingLevels(Float64Array.from(frames, (c) => rms[c as keyof typeof rms] ** 2 * 160));

  it('is the speech-loud sound in a pause of 150 ms or more beside the word, past its first 150 ms, wherever it lies (tenths of a second)', () => {
    // 0–300 ms a word; 300–800 ms a pause holding 250 ms of speech-loud sound (6 dB under) apart from both edges; 800–1100 ms a word.
    const levels = levelsOf2('#'.repeat(30) + '..' + '+'.repeat(25) + '.'.repeat(23) + '#'.repeat(30) + '....');
    const words = [word('first', 0, 300), word('next', 800, 1100)];
    const ctx = featureContext(words, levels);
    // 250 ms loud, 100 ms past the first 150 ms: 1 (both words see the same pause); `outside` sees none of it (quiet at both edges).
    expect(wordFeatures(words[0]!, ctx)).toMatchObject({ unclaimed: 1, outside: 0 });
    expect(wordFeatures(words[1]!, ctx)).toMatchObject({ unclaimed: 1, outside: 0 });
    // Sound 12 dB under the speech (breath, a room) does not count.
    const faint = levelsOf2('#'.repeat(30) + '..' + '-'.repeat(25) + '.'.repeat(23) + '#'.repeat(30) + '....');
    expect(wordFeatures(words[0]!, featureContext(words, faint)).unclaimed).toBe(0);
    // A word's worth or less (150 ms) does not count.
    const short = levelsOf2('#'.repeat(30) + '..' + '+'.repeat(15) + '.'.repeat(33) + '#'.repeat(30) + '....');
    expect(wordFeatures(words[0]!, featureContext(words, short)).unclaimed).toBe(0);
    // The same sound given to a word between them: no pause of 150 ms is left beside either.
    const claimed = [word('first', 0, 300), word('middle', 320, 570), word('next', 800, 1100)];
    expect(wordFeatures(claimed[0]!, featureContext(claimed, levels)).unclaimed).toBe(0);
    // A neighbour overlapping the word by a fraction of a millisecond leaves no pause on that side.
    const overlapping = [word('first', 0, 300.5), word('next', 300, 1100)];
    expect(wordFeatures(overlapping[1]!, featureContext(overlapping, levels)).unclaimed).toBe(0);
  });
});

describe('cut feature', () => {
  it('is 1 when the word\'s own span cuts into speech as the cut-edge flag judges it (neighbours: the words starting just before and after), else 0', () => {
    // 10 ms frames: 0–100 quiet, 100–400 speech, 400–600 quiet, 600–800 speech, 800–900 quiet.
    const levels = levelsOf('.'.repeat(10) + '#'.repeat(30) + '.'.repeat(20) + '#'.repeat(20) + '.'.repeat(10));
    const whole = [word('first', 100, 400), word('next', 600, 800)];
    // Ending 100 ms before its own sound does (the sound then falls quiet before the next word): cut.
    const short = [word('first', 100, 300), word('next', 600, 800)];
    // Holding 60 ms of the next word's sound: cut; 40 ms (under 50): not.
    const into = [word('first', 100, 660), word('next', 600, 800)];
    const barely = [word('first', 100, 640), word('next', 600, 800)];
    const cut = (words: ScoredWord[], i: number) => wordFeatures(words[i]!, featureContext(words, levels)).cut;
    expect([cut(whole, 0), cut(whole, 1), cut(short, 0), cut(short, 1), cut(into, 0), cut(barely, 0)]).toEqual([0, 0, 1, 0, 1, 0]);
    // The flag on the same words' clips says the same.
    const clips = short.map((w, i) => ({ ...w, textStart: i, textLength: 1 }));
    const judged = short.map((w, i) => ({ ...w, textStart: i, confidence: 1 }));
    expect(judgeClips(clips, judged, levels, 0.5).map((j) => j.cutEdge)).toEqual([true, false]);
  });
});

describe('steady noise beside a word', () => {
  // 10 ms frames: 20 quiet, 30 of white noise (RMS 3000, 80 of 159 sample pairs change sign), a word of 20 frames whose level swells
  // from RMS 6000 to 12000 and back (10 of 159), 20 quiet.
  const swell = Array.from({ length: 20 }, (_, k) => 6000 + 6000 * Math.sin((Math.PI * k) / 19));
  const rms = [...Array<number>(20).fill(10), ...Array<number>(30).fill(3000), ...swell, ...Array<number>(20).fill(10)];
  const energies = Float64Array.from(rms, (r) => r * r * 160);
  const crossings = Uint32Array.from(rms, (_, f) => (f >= 20 && f < 50 ? 80 : 10));
  const seven = word('seven', 500, 700);

  it('is neither sound outside its edge nor unclaimed speech when the crossings are read', () => {
    const levels = recordingLevels(energies, 160, crossings);
    const steadyFrames = [...levels.steady!].flatMap((s, f) => (s === 1 ? [f] : []));
    expect(steadyFrames).toEqual(Array.from({ length: 30 }, (_, k) => 20 + k));
    const f = wordFeatures(seven, featureContext([seven], levels));
    expect([f.outside, f.unclaimed, f.hollow]).toEqual([0, 0, 0]);
    // A start put 100 ms early in the noise: quiet inside its edge.
    expect(wordFeatures(word('seven', 400, 700), featureContext([word('seven', 400, 700)], levels)).hollow).toBe(1);
  });

  it('is sound like any other without them', () => {
    const levels = recordingLevels(energies, 160);
    expect(levels.steady!.every((s) => s === 0)).toBe(true);
    const f = wordFeatures(seven, featureContext([seven], levels));
    // 300 ms of sound before the word (outside: tenths of a second), 300 ms within 10 dB of the speech level past the first 150 ms.
    expect([f.outside, f.unclaimed, f.hollow]).toEqual([3, 1.5, 0]);
  });

  it('between two words, is no word going on past its edge (`cut`) when the crossings are read', () => {
    // 20 quiet, a word (200–400 ms), 30 frames of the noise, a word (700–900 ms), 20 quiet.
    const between = [...Array<number>(20).fill(10), ...swell, ...Array<number>(30).fill(3000), ...swell, ...Array<number>(20).fill(10)];
    const e = Float64Array.from(between, (r) => r * r * 160);
    const noisy = Uint32Array.from(between, (_, f) => (f >= 40 && f < 70 ? 80 : 10));
    const words = [word('six', 200, 400), word('seven', 700, 900)];
    const cuts = (levels: ReturnType<typeof recordingLevels>) => words.map((w) => wordFeatures(w, featureContext(words, levels)).cut);
    const withCrossings = recordingLevels(e, 160, noisy);
    expect(Array.from(withCrossings.edgeQuiet.subarray(40, 70))).toEqual(Array(30).fill(1));
    expect(cuts(withCrossings)).toEqual([0, 0]);
    // Without them the 300 ms of sound runs from each word's edge to the other: both cut into it.
    expect(cuts(recordingLevels(e, 160))).toEqual([1, 1]);
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameLevels } from '../../../src/align/acoustic/frame-levels.js';
import { recordingLevels, settleSpans } from '../../../src/align/acoustic/settle.js';
import { readFrameEnergies, readFrameStats } from '../../../src/audio/index.js';
import type { AcousticSpan } from '../../../src/align/acoustic/types.js';
import { readWavInfo } from '../../../src/wav-header.js';
import { pcmWav } from '../../helpers/audio.js';

let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'settle-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

describe('settleSpans', () => {
  it('leaves out a word squeezed beside a missing word whose phones would fit its audio at the pace, and keeps it beside a longer one', async () => {
    // Six words of 3 phones on 30 frames each (the pace: 10 frames a phone), loud (±1000) over a floor of ±10; then a word of
    // 4 phones on 20 frames (0.5 of the pace), and a word of the text the search did not place.
    const spans: [number, AcousticSpan][] = [0, 1, 2, 3, 4, 5].map((w) => [
      w, { startMs: 100 + 400 * w, endMs: 400 + 400 * w, evidence: { frames: 30, alignedScore: -300, loopScore: -250, phones: 3 } },
    ]);
    const squeezed: AcousticSpan = { startMs: 2500, endMs: 2700, evidence: { frames: 20, alignedScore: -400, loopScore: -250, phones: 4 } };
    spans.push([6, squeezed]);
    const loud = (ms: number): boolean => spans.some(([, s]) => ms >= s.startMs && ms < s.endMs);
    // The sign changes every 4 samples (a quarter of the sample pairs, as voiced sound: every other one would be steady noise, no word's).
    const samples = Int16Array.from({ length: 48_000 }, (_, i) => (loud(i / 16) ? 1000 : 10) * (Math.floor(i / 4) % 2 === 0 ? 1 : -1));
    const path = join(dir, 'words.wav');
    await writeFile(path, pcmWav(samples));
    const wav = { ...(await readWavInfo(path)), path };
    const levels = await recordingLevels(wav, 10);
    const found = new Map(spans);
    const placed = spans.map(([, s]) => s);
    // The missing word of 2 phones would be at 1.0 of the pace on those 20 frames: the squeezed word is left out.
    expect(await settleSpans(found, [3, 3, 3, 3, 3, 3, 4, 2], wav, levels)).toEqual([...placed.slice(0, 6), null, null]);
    // One of 8 phones would be at 0.25: the word stays; so it does with no missing neighbour.
    expect(await settleSpans(found, [3, 3, 3, 3, 3, 3, 4, 8], wav, levels)).toEqual([...placed, null]);
    expect(await settleSpans(found, [3, 3, 3, 3, 3, 3, 4], wav, levels)).toEqual(placed);
  });
});

describe('settleSpans in takes with a noise bed', () => {
  /** `length` samples of a square wave of `amplitude`, its sign turning every `every` samples. */
  const part = (length: number, amplitude: number, every: number) =>
    Array.from({ length }, (_, i) => amplitude * (Math.floor(i / every) % 2 === 0 ? 1 : -1));
  /**
   * `n` takes of 4,800 samples (300 ms) over a floor (±10): a bed of noise (±300, the sign changing every sample) from sample
   * 1,675 to 2,160, a voiced word (±10000, the sign changing every 4 samples) to 3,760, the bed again to 4,245.
   */
  const takes = async (n: number) => {
    const take = [...part(1675, 10, 1), ...part(485, 300, 1), ...part(1600, 10000, 4), ...part(485, 300, 1), ...part(555, 10, 1)];
    const path = join(dir, `takes-${n}.wav`);
    await writeFile(path, pcmWav(Int16Array.from(Array.from({ length: n }, () => take).flat())));
    return { ...(await readWavInfo(path)), path };
  };
  /** Per take a span from its bed's first sample to its last, as a search that took the bed for speech gives it. */
  const wholeTakes = (n: number) =>
    new Map(Array.from({ length: n }, (_, k): [number, AcousticSpan] => [k, { startMs: 300 * k + 104.6875, endMs: 300 * k + 265.3125 }]));

  it('moves each end back from its take\'s cliff over the take\'s own noise, to the word\'s last frame, and each start on', async () => {
    const wav = await takes(10);
    const levels = await recordingLevels(wav, 10);
    expect(levels.bedDb).toBeNull();
    expect(levels.bedded).toBe(true);
    expect(levels.takes.noise).toBe(300);
    const settled = await settleSpans(wholeTakes(10), Array(10).fill(3), wav, levels);
    expect(settled.map((span) => span!.endMs)).toEqual(Array.from({ length: 10 }, (_, k) => 300 * k + 235));
    // Each start, at its take's rise, goes on over the bed to the word's first frame (sample 2,160 of the take: 135 ms).
    expect(settled.map((span) => span!.startMs)).toEqual(Array.from({ length: 10 }, (_, k) => 300 * k + 135));
  });

  it('moves an end left at a final stop\'s closure on to its faint release before the take\'s cliff', async () => {
    // Takes of 60 frames of 5 ms, every part a whole number of frames (so that noiseBedDb finds the bed and the edges take it
    // for floor): the floor to 75 ms, the bed, a word from 105 to 180 ms, a closure as quiet as the bed to 270 ms, a release
    // (±1000) to 275 ms, the bed to 290 ms, the floor. The search ended each word at its closure.
    const take = [
      ...part(1200, 10, 1), ...part(480, 300, 1), ...part(1200, 10000, 4), ...part(1440, 300, 1), ...part(80, 1000, 1),
      ...part(240, 300, 1), ...part(160, 10, 1),
    ];
    const path = join(dir, 'released.wav');
    await writeFile(path, pcmWav(Int16Array.from(Array.from({ length: 10 }, () => take).flat())));
    const wav = { ...(await readWavInfo(path)), path };
    const levels = await recordingLevels(wav, 10);
    expect(levels.bedDb).not.toBeNull();
    expect(levels.bedded).toBe(true);
    expect(levels.takes.noise).toBe(300);
    const atClosure = new Map(
      Array.from({ length: 10 }, (_, k): [number, AcousticSpan] => [k, { startMs: 300 * k + 105, endMs: 300 * k + 180 }]),
    );
    const settled = await settleSpans(atClosure, Array(10).fill(3), wav, levels);
    expect(settled.map((span) => span!.endMs)).toEqual(Array.from({ length: 10 }, (_, k) => 300 * k + 275));
  });

  it('leaves the ends where no bed stands out (three takes are too few plateaus for one)', async () => {
    const wav = await takes(3);
    const levels = await recordingLevels(wav, 10);
    expect(levels.bedded).toBe(false);
    const settled = await settleSpans(wholeTakes(3), [3, 3, 3], wav, levels);
    expect(settled.map((span) => span!.endMs)).toEqual([265.3125, 565.3125, 865.3125]);
    expect(settled.map((span) => span!.startMs)).toEqual([104.6875, 404.6875, 704.6875]);
  });

  it('moves a start put after its take\'s first sound back to it where no bed stands out, and leaves the end', async () => {
    // Three takes of 300 ms: the floor to 105 ms, a faint bed to 135, a burst (the word's /s/) to 155, a closure as quiet as
    // the bed to 185, the vowel to 260, the bed to 285, the floor. The search started each word at its vowel, 15 ms in; the
    // edge refinement stops at the closure, and the take's first sound over twice its noise is the burst.
    const take = [
      ...part(1680, 10, 1), ...part(480, 40, 1), ...part(320, 1000, 1), ...part(480, 40, 1), ...part(1200, 10000, 4),
      ...part(400, 40, 1), ...part(240, 10, 1),
    ];
    const path = join(dir, 'burst.wav');
    await writeFile(path, pcmWav(Int16Array.from(Array.from({ length: 3 }, () => take).flat())));
    const wav = { ...(await readWavInfo(path)), path };
    const levels = await recordingLevels(wav, 10);
    expect(levels.bedded).toBe(false);
    const late = new Map(
      Array.from({ length: 3 }, (_, k): [number, AcousticSpan] => [k, { startMs: 300 * k + 200, endMs: 300 * k + 260 }]),
    );
    const settled = await settleSpans(late, [3, 3, 3], wav, levels);
    expect(settled.map((span) => span!.startMs)).toEqual([135, 435, 735]);
    expect(settled.map((span) => span!.endMs)).toEqual([260, 560, 860]);
  });
});

describe('recordingLevels', () => {
  it('gives the search frames the levels a read in search frames gives, from one read in energy frames', async () => {
    // 1,001 samples: the last 10 ms frame holds a single sample.
    const samples = Int16Array.from({ length: 1001 }, (_, i) => Math.round(3000 * Math.sin(i / 7)) + (i % 3) * 40);
    const path = join(dir, 'odd.wav');
    await writeFile(path, pcmWav(samples));
    const wav = { ...(await readWavInfo(path)), path };
    const { energy, search } = await recordingLevels(wav, 10);
    const stats = await readFrameStats(wav, 80);
    expect(energy).toEqual(frameLevels(stats.energies, 80, stats.crossings));
    expect(energy.zcr?.length).toBe(13);
    expect(search.db.length).toBe(7);
    expect(search).toEqual(frameLevels(await readFrameEnergies(wav, 160), 160));
  });
});

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

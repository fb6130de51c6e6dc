import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameLevels } from '../../../src/align/acoustic/frame-levels.js';
import { edgeAmplitude, edgesOnSamples, loudSample } from '../../../src/align/acoustic/sample-edges.js';
import { readFrameEnergies } from '../../../src/audio/index.js';
import { readWavInfo } from '../../../src/wav-header.js';
import { pcmWav } from '../../helpers/audio.js';

let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'sample-edges-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

describe('edgesOnSamples', () => {
  it("puts each edge on the first and last sample of its 5 ms frame louder than 9 dB over the floor, and keeps a frame edge without one", async () => {
    // 400 ms of floor at ±10 (RMS 10, so the edge amplitude is 28.2); a word of ±1000 on samples 1283–2516 (80.19 ms to 157.31 ms).
    const samples = Int16Array.from({ length: 6400 }, (_, i) => (i >= 1283 && i <= 2516 ? 1000 : 10) * (i % 2 === 0 ? 1 : -1));
    const path = join(dir, 'word.wav');
    await writeFile(path, pcmWav(samples));
    const wav = { ...(await readWavInfo(path)), path };
    const levels = frameLevels(await readFrameEnergies(wav, 80), 80);
    const evidence = { frames: 8, alignedScore: -50, loopScore: -40, phones: 2 };
    const placed = await edgesOnSamples([null, { startMs: 80, endMs: 160, evidence }, { startMs: 300, endMs: 350 }], wav, levels);
    expect(placed).toEqual([null, { startMs: 1283 / 16, endMs: 2517 / 16, evidence }, { startMs: 300, endMs: 350 }]);
  });
});

describe('edgeAmplitude', () => {
  it('is 9 dB over the noise floor, as RMS', () => {
    const frame = (rms: number): number => rms * rms * 80;
    // Floor: RMS 10 (20 dB).
    const l = frameLevels(Float64Array.from([0, frame(2), frame(10), frame(25), frame(30), frame(1000), frame(10)]), 80);
    expect(edgeAmplitude(l)).toBeCloseTo(10 * 10 ** (9 / 20), 9);
  });
});

describe('loudSample', () => {
  it('finds the first or last sample louder than the amplitude from their squares, -1 when none is', () => {
    const squares = Float64Array.from([0, 100, 400, 90000, 100, 2500, 0], (x) => x);
    expect(loudSample(squares, 30, false)).toBe(3);
    expect(loudSample(squares, 30, true)).toBe(5);
    expect(loudSample(squares, 299, true)).toBe(3);
    expect(loudSample(squares, 300, true)).toBe(-1);
    expect(loudSample(squares, 300.5, false)).toBe(-1);
  });
});

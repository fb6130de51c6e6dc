import { statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeWavRange } from '../../src/audio/range.js';
import { findSplitPoints } from '../../src/audio/split.js';
import { readWavInfo, type WavInfo } from '../../src/audio/wav.js';
import { DictclipError } from '../../src/errors.js';
import { noise, useTempDir, writePcmWav } from './helpers.js';

const temp = useTempDir('split');
const RATE = 16000;
let wav: WavInfo & { path: string };

/** 20 s of loud noise with digital silence at 7.0–7.3 s and 14.0–14.3 s, and a quiet stretch at 3.0–3.5 s. */
beforeAll(async () => {
  const samples = noise(20 * RATE, 11, 10000);
  for (const [from, to] of [[7.0, 7.3], [14.0, 14.3]] as const) samples.fill(0, from * RATE, to * RATE);
  const quiet = noise(RATE / 2, 5, 30);
  samples.set(quiet, 3 * RATE);
  const path = writePcmWav(join(temp(), 'speechy.wav'), samples);
  wav = { ...(await readWavInfo(path)), path };
});

const cap8s = 44 + 2 * 8 * RATE; // chunks of at most 8 s

describe('findSplitPoints', () => {
  it('returns [] when the file fits', async () => {
    expect(await findSplitPoints(wav, 44 + wav.dataBytes)).toEqual([]);
  });

  it('splits in the middle of the silences, each chunk within the cap', async () => {
    // Search region of chunk 1: last 30 % of 128000 samples = [89600, 128000), 80 frames of 480.
    // Frames 47..55 lie inside the silence [112000, 116800): split at 89600 + (47 + 55 + 1) × 240.
    const points = await findSplitPoints(wav, cap8s);
    expect(points).toEqual([114320, 226240]);
    const bounds = [0, ...points, wav.samples];
    for (let i = 1; i < bounds.length; i++) expect(44 + 2 * (bounds[i]! - bounds[i - 1]!)).toBeLessThanOrEqual(cap8s);
    expect(await findSplitPoints(wav, cap8s)).toEqual(points); // deterministic
  });

  it('picks the quietest stretch even when it is not silent, and the chunks written fit the cap', async () => {
    const cap = 44 + 2 * Math.round(3.6 * RATE); // search [2.52 s, 3.6 s) for the first split
    const points = await findSplitPoints(wav, cap);
    expect(points[0]! >= 3 * RATE && points[0]! < 3.5 * RATE).toBe(true);
    const bounds = [0, ...points, wav.samples];
    for (let i = 1; i < bounds.length; i++) {
      expect(bounds[i]! - bounds[i - 1]!).toBeGreaterThan(0);
      const out = join(temp(), `chunk${i}.wav`);
      await writeWavRange(wav.path, bounds[i - 1]!, bounds[i]!, out);
      expect(statSync(out).size).toBeLessThanOrEqual(cap);
    }
    expect(points.length).toBe(6);
  });

  it('limits the searched stretch to 60 s', async () => {
    const long = noise(400 * RATE, 2, 8000);
    // Digital silence at 225–226 s lies within the last 30 % (90 s) before a 300 s cap but not
    // within its last 60 s, which hold only a quiet (not silent) stretch at 270–270.3 s.
    long.fill(0, 225 * RATE, 226 * RATE);
    long.set(noise(0.3 * RATE, 9, 30), 270 * RATE);
    const path = writePcmWav(join(temp(), 'long.wav'), long);
    const points = await findSplitPoints({ ...(await readWavInfo(path)), path }, 44 + 2 * 300 * RATE);
    expect(points.length).toBe(1);
    expect(points[0]! > 270 * RATE && points[0]! < 270.3 * RATE).toBe(true);
  });

  it('rejects a cap too small to hold two frames with E_CONFIG', async () => {
    const error: unknown = await findSplitPoints(wav, 44 + 1000).catch((e: unknown) => e);
    expect((error as DictclipError).code).toBe('E_CONFIG');
  });
});

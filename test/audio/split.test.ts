import { statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeWavRange } from '../../src/audio/range.js';
import { findSplitPoints } from '../../src/audio/split.js';
import { readWavInfo, type WavInfo } from '../../src/wav-header.js';
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
    // 30 ms frames of 480 samples. Chunk 1 may end in frames [133, 266]: frames 234..242 lie
    // inside the silence [7.0, 7.3) s, cut at 234 + 4 = 238. Chunk 2 (from frame 238) may end in
    // [371, 504]: frames 467..475 lie inside [14.0, 14.3) s, cut at 471.
    const points = await findSplitPoints(wav, cap8s);
    expect(points).toEqual([238 * 480, 471 * 480]);
    const bounds = [0, ...points, wav.samples];
    for (let i = 1; i < bounds.length; i++) expect(44 + 2 * (bounds[i]! - bounds[i - 1]!)).toBeLessThanOrEqual(cap8s);
    expect(await findSplitPoints(wav, cap8s)).toEqual(points); // deterministic
  });

  it('cuts at the longest pause of the window, not at the first or the last quiet point', async () => {
    const samples = noise(12 * RATE, 4, 9000);
    samples.fill(0, 4.5 * RATE, 5.1 * RATE); // 0.6 s pause, early in the window [4, 8] s
    samples.fill(0, 7.5 * RATE, 7.62 * RATE); // 0.12 s pause, near the cap
    const path = writePcmWav(join(temp(), 'two-pauses.wav'), samples);
    const points = await findSplitPoints({ ...(await readWavInfo(path)), path }, cap8s);
    // Frames 150..169 are silent (4.5–5.1 s): cut at 150 + 10 = 160 (4.8 s).
    expect(points).toEqual([160 * 480]);
  });

  it('cuts a window with no pause at its quietest frame, and the chunks written fit the cap', async () => {
    const cap = 44 + 2 * Math.round(3.6 * RATE); // first window [1.8 s, 3.6 s] holds only the quiet start at 3.0 s
    const points = await findSplitPoints(wav, cap);
    expect(points[0]! >= 3 * RATE && points[0]! < 3.5 * RATE).toBe(true);
    const bounds = [0, ...points, wav.samples];
    for (let i = 1; i < bounds.length; i++) {
      expect(bounds[i]! - bounds[i - 1]!).toBeGreaterThan(0);
      const out = join(temp(), `chunk${i}.wav`);
      await writeWavRange(wav.path, bounds[i - 1]!, bounds[i]!, out);
      expect(statSync(out).size).toBeLessThanOrEqual(cap);
    }
  });

  it('rejects a cap too small to hold two frames with E_CONFIG', async () => {
    const error: unknown = await findSplitPoints(wav, 44 + 1000).catch((e: unknown) => e);
    expect((error as DictclipError).code).toBe('E_CONFIG');
  });
});

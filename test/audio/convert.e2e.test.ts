/** convertWavs: clips to another rate and channel count, exact frame counts, a batch the same as one by one. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { convertWavs } from '../../src/audio/index.js';
import type { ConvertJob } from '../../src/audio/index.js';
import { ffmpegBinary, makeBursts, removeTempDirs, tempDir } from '../helpers/index.js';
import { wavFacts } from '../dataset/readers.js';

let dir: string;
let ffmpegPath: string;

beforeAll(async () => {
  dir = await tempDir('convert');
  ffmpegPath = await ffmpegBinary();
  // About 1010 frames at 44.1 kHz (ffmpeg's resampler alone turns 1010 into 367 frames at 16 kHz, not 366.4): the count is forced.
  await makeBursts(path.join(dir, 'a.wav'), [[0, 0.02]], { seconds: 1010 / 44_100, rate: 44_100, channels: 2 });
  await makeBursts(path.join(dir, 'b.wav'), [[0.1, 0.3]], { seconds: 0.5, rate: 16_000, channels: 1 });
  await makeBursts(path.join(dir, 'c.wav'), [[0.05, 0.2]], { seconds: 0.25, rate: 48_000, channels: 1 });
});

afterAll(removeTempDirs);

const JOBS = (suffix: string): ConvertJob[] => [
  { input: 'a.wav', sampleRate: 16_000, channels: 1, samples: 366 },
  { input: 'b.wav', sampleRate: 22_050, channels: 2, samples: 11_025 },
  { input: 'c.wav', sampleRate: 8_000, channels: 1, samples: 2_000 },
].map((j) => ({ ...j, input: path.join(dir, j.input), output: path.join(dir, `${path.basename(j.input, '.wav')}-${suffix}.wav`) }));

it('writes each clip at its rate and channels with exactly the frames asked for, a batch byte-identical to one process per clip', async () => {
  const batch = JOBS('batch');
  const infos = await convertWavs(batch, { ffmpegPath });
  expect(infos.map((i) => [i.sampleRate, i.channels, i.samples])).toEqual([[16_000, 1, 366], [22_050, 2, 11_025], [8_000, 1, 2_000]]);
  const alone = JOBS('alone');
  for (const job of alone) await convertWavs([job], { ffmpegPath });
  for (const [i, job] of batch.entries()) {
    const bytes = await readFile(job.output);
    expect(wavFacts(bytes)).toEqual({ rate: job.sampleRate, channels: job.channels, samples: job.samples });
    expect(bytes.equals(await readFile(alone[i]!.output)), job.output).toBe(true);
  }
});

it('fails with E_FFMPEG naming the batch when an input is missing', async () => {
  const jobs = JOBS('missing').map((j, i) => (i === 1 ? { ...j, input: path.join(dir, 'nowhere.wav') } : j));
  await expect(convertWavs(jobs, { ffmpegPath })).rejects.toMatchObject({ code: 'E_FFMPEG', message: expect.stringContaining('could not convert 3 clips from a.wav on') });
});

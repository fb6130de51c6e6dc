/**
 * An export on a full disk (issue 30 item 2): every format fails with E_OUTPUT on a real 2 MiB
 * tmpfs with 20 kB or 150 kB left (clips converted to 48 kHz stereo, two per shard), nothing uncaught, and no temp folder left behind.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDataset } from '../../src/dataset/index.js';
import { failure, removeTempDirs, tempDir } from '../helpers/index.js';
import { mountSmallDisk, type SmallDisk } from '../helpers/full-disk.js';
import { makeRun } from './fixture.js';

let disk: SmallDisk;
let runDir: string;

beforeAll(async () => {
  ({ runDir } = await makeRun(await tempDir('export-full-')));
  disk = await mountSmallDisk();
});

afterAll(async () => {
  await disk.unmount();
  await removeTempDirs();
});

describe('an export on a full disk', () => {
  const formats = ['webdataset', 'hf', 'lhotse', 'nemo', 'ljspeech', 'kaldi'] as const;
  // kaldi writes no audio: 150 kB is room enough for it.
  const cases = [
    ...formats.map((format) => [format, 20_000] as const),
    ...formats.filter((f) => f !== 'kaldi').map((format) => [format, 150_000] as const),
  ];
  it.each(cases)('%s with %i bytes left fails with E_OUTPUT and leaves no temp folder', async (format, left) => {
    await disk.fill(left);
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown): void => {
      uncaught.push(error);
    };
    process.on('uncaughtException', onUncaught);
    try {
      const error = await failure(
        exportDataset({ runDir, format, to: path.join(disk.dir, format), shardSize: 2, sampleRate: 48_000, channels: 2 }),
      );
      expect([error.code, error.message]).toEqual(['E_OUTPUT', expect.stringMatching(/no space left on device|write error/i)]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(uncaught).toEqual([]);
      expect(await readdir(disk.dir)).toEqual(['filler']);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});

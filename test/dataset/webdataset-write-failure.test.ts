/**
 * Issue 30 item 2: a WebDataset shard whose write fails (a full disk: here the shard is a link to
 * /dev/full, which answers every write with ENOSPC) fails every sample added from then on with that
 * error, and nothing is thrown where nobody listens (the uncaught `ENOSPC … Sink` of the issue came
 * from entries added to the pack the failed write had destroyed). Before f75d9f1 each of these
 * samples was taken into the destroyed pack as if written.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Sample, WriterContext } from '../../src/dataset/sample.js';
import { createWebDatasetWriter } from '../../src/dataset/writers/webdataset.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';

afterAll(removeTempDirs);

describe('a WebDataset shard whose write fails', () => {
  it('rejects every sample from the failure on with ENOSPC, nothing uncaught', async () => {
    const dir = await tempDir('webdataset-full-');
    await mkdir(path.join(dir, 'train'));
    await symlink('/dev/full', path.join(dir, 'train', 'shard-000000.tar'));
    const clip = path.join(dir, 'clip.wav');
    await writeFile(clip, Buffer.alloc(64 * 1024));
    const writer = createWebDatasetWriter({ dir, shardSize: 100 } as WriterContext);
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown): void => {
      uncaught.push(error);
    };
    process.on('uncaughtException', onUncaught);
    try {
      const codes: unknown[] = [];
      for (let i = 0; i < 20; i++) {
        await new Promise((resolve) => setTimeout(resolve, 5)); // as an export's reads between samples: the failed write lands
        const sample = {
          id: `c${i}`, split: 'train', group: 'g', clipPath: clip, audio: { sampleRate: 16_000, channels: 1 },
          row: { text: 'hello', source: 'a.wav', start_ms: 0, end_ms: 1, duration_ms: 1, kind: 'word', flags: '' },
        } as unknown as Sample;
        const commit = await writer.add(sample);
        codes.push(await commit().then(() => 'written', (error: NodeJS.ErrnoException) => error.code));
      }
      await new Promise((resolve) => setImmediate(resolve));
      // The first sample may be taken into the pack before the write fails; from the failure on, every one fails with it.
      const first = codes.indexOf('ENOSPC');
      expect(first).toBeGreaterThanOrEqual(0);
      expect(first).toBeLessThan(5);
      expect(codes.slice(first)).toEqual(codes.slice(first).map(() => 'ENOSPC'));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});

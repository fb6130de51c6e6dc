/**
 * No `MaxListenersExceededWarning … abort listeners` on a run of many recordings.
 * Every request, poll and child process listens on an abort signal while it is in flight; they
 * must not pile up on one signal (the run's), whatever the number of recordings and slots.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeBursts, removeTempDirs, runOptions, tempDir } from '../helpers/index.js';
import { runPipeline } from '../../src/pipeline/index.js';

afterAll(removeTempDirs);

describe('abort listeners of a run', () => {
  it('a run of 10 recordings at --concurrency 8 emits no process warning', async () => {
    const root = await tempDir('listeners-e2e');
    const input = path.join(root, 'in');
    // 10 different recordings (the embedded service would answer identical audio with one dictation).
    for (let i = 0; i < 10; i += 1) {
      await makeBursts(path.join(input, `r${String(i).padStart(2, '0')}.flac`), [[0.1, 0.4], [0.55, 0.7 + i * 0.02]], { seconds: 1 }, 300 + i * 40);
    }
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const result = await runPipeline(runOptions(input, path.join(root, 'out'), { concurrency: 8, transcodeConcurrency: 4 }));
      expect(result.summary).toMatchObject({ recordings: 10, done: 10, failed: 0 });
      await new Promise((done) => setImmediate(done)); // process warnings are emitted on the next tick
      expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  }, 120_000);
});

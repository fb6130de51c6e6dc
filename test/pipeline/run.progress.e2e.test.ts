/** A recording reports each stage change, and its chunks as they are dictated. */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeBursts, removeTempDirs, runOptions, tempDir } from '../helpers/index.js';
import { runPipeline, type StageChange } from '../../src/pipeline/index.js';

afterAll(removeTempDirs);

describe('stage changes (scripted engine)', () => {
  it('tells transcoding, splitting, uploading, the service, markers, cutting and writing, with chunks n/m', async () => {
    const root = await tempDir('progress-e2e');
    const input = path.join(root, 'in');
    await makeBursts(path.join(input, 'long.wav'), [[0.2, 0.8], [1.5, 2.1], [2.8, 3.4], [4.1, 4.7]], { seconds: 5 });
    const changes: StageChange[] = [];
    const result = await runPipeline(runOptions(input, path.join(root, 'out'), { maxUploadBytes: 65_536, concurrency: 1 }), {
      onStageChange: (change) => changes.push(change),
    });
    expect(result.failures).toEqual([]);
    const stages = changes.map((c) => c.stage).filter((stage, i, all) => stage !== all[i - 1]);
    expect(stages).toEqual(['transcode', 'split', 'upload', 'dictate', 'markers', 'cut', 'output']);
    expect(changes.every((c) => c.source === 'long.wav')).toBe(true);
    expect(changes.slice(1).every((c) => c.audioMs === 5000)).toBe(true);
    const chunkCounts = changes.flatMap((c) => (c.chunks === undefined ? [] : [`${c.chunks.done}/${c.chunks.total}`]));
    const total = changes.at(-1)?.chunks?.total ?? 0;
    expect(total).toBeGreaterThanOrEqual(3);
    expect([...new Set(chunkCounts)]).toEqual(Array.from({ length: total + 1 }, (_, done) => `${done}/${total}`));
    // While chunks are still dictating the stage is the service's, never "reading the markers"
    // (one chunk's markers once froze the label there for minutes).
    const early = changes.filter((c) => c.stage === 'markers' && c.chunks !== undefined && c.chunks.done < c.chunks.total);
    expect(early).toEqual([]);
    expect(changes.some((c) => c.stage === 'dictate' && c.chunks !== undefined && c.chunks.done > 0 && c.chunks.done < c.chunks.total)).toBe(true);
  });
});

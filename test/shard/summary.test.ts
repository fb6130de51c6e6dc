import { describe, expect, it } from 'vitest';
import { mergeSummaries } from '../../src/shard/summary.js';

describe('mergeSummaries', () => {
  it('sums objects of numbers per key; a shard without the object (an optional field) adds nothing', () => {
    const merged = mergeSummaries([
      { dir: 'a', summary: { done: 1, wallTimeMs: 5, stageMs: { cut: 3 }, earlierStageMs: { upload: 10, dictate: 200 } } },
      { dir: 'b', summary: { done: 2, wallTimeMs: 9, stageMs: { cut: 4, transcode: 1 } } },
      { dir: 'c', summary: { wallTimeMs: 2, stageMs: {}, earlierStageMs: { dictate: 50 } } },
    ], [100, 300], undefined);
    expect(merged).toEqual({
      done: 3, wallTimeMs: 9, stageMs: { cut: 7, transcode: 1 }, earlierStageMs: { upload: 10, dictate: 250 },
    });
  });

  it('refuses a field the shards disagree on that is not a number, an object of numbers or a string', () => {
    expect(() => mergeSummaries([{ dir: 'a', summary: { notes: ['x'] } }, { dir: 'b', summary: { notes: ['y'] } }], [], undefined))
      .toThrow(expect.objectContaining({ code: 'E_MERGE', message: 'b: summary.json field "notes" differs from a\'s and merge cannot combine it' }));
  });

  it('counts the recordings excluded by patterns once (every shard scans the whole input) and sums the rest', () => {
    const shard = (recordings: number) => ({
      recordings,
      done: recordings,
      skipped: 2,
      excluded: 3,
      wallTimeMs: 10 * recordings,
      clips: 0,
    });
    const merged = mergeSummaries([{ dir: 's0', summary: shard(4) }, { dir: 's1', summary: shard(5) }], [], 2);
    expect(merged).toEqual({ recordings: 9, done: 9, skipped: 2, excluded: 3, wallTimeMs: 50, clips: 0 });
  });

  it("joins the per-recording lists by source (confidence, recordings without a reference) and leaves out the shards' stale exports", () => {
    const merged = mergeSummaries(
      [
        {
          dir: 's0',
          summary: { confidence: [{ source: 'b.wav', mean: 0.8 }], withoutReference: ['d.wav'], staleExports: ['/s0/exports/hf'] },
        },
        { dir: 's1', summary: { confidence: [{ source: 'a.wav', mean: 0.6 }], withoutReference: ['c.wav'] } },
      ],
      [],
      undefined,
    );
    expect(merged).toEqual({
      confidence: [
        { source: 'a.wav', mean: 0.6 },
        { source: 'b.wav', mean: 0.8 },
      ],
      withoutReference: ['c.wav', 'd.wav'],
    });
  });
});

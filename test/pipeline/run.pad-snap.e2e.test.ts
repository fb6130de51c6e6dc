/**
 * Between touching words, `--snap-ms` moves the shared boundary
 * (both clips' edges) to the quiet point within reach; the summary counts padding cut short by a
 * neighbour; `padMode: 'overlap'` pads into neighbours. Real ffmpeg, the scripted engine, exact samples.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBursts, removeTempDirs, runOptions, tempDir } from '../helpers/index.js';
import { readWavInfo } from '../../src/audio/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
import type { RunOptions } from '../../src/pipeline/index.js';

afterAll(removeTempDirs);

let root = '';
let input = '';
let scriptFile = '';

beforeAll(async () => {
  root = await tempDir('pad-snap');
  input = path.join(root, 'in');
  // Speech 300–690 and 730–1200 ms: the pause is at 690–730, but the markers put the words' boundary at 740.
  await makeBursts(path.join(input, 'two.wav'), [[0.3, 0.69], [0.73, 1.2]], { seconds: 2 });
  scriptFile = path.join(root, 'script.json');
  await writeFile(scriptFile, JSON.stringify({
    fallback: 'none',
    scripts: [{ words: [{ word: 'one', startMs: 300, endMs: 740 }, { word: 'two', startMs: 740, endMs: 1200 }] }],
  }));
});

async function run(name: string, overrides: Partial<RunOptions>) {
  const out = path.join(root, name);
  const result = await runPipeline(runOptions(input, out, { scriptFile, confidenceThreshold: 0, ...overrides }));
  expect(result.failures).toEqual([]);
  const rows = parse(await readFile(path.join(out, 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
  const samples = await Promise.all(rows.map(async (r) => (await readWavInfo(path.join(out, r.file_name ?? ''))).samples));
  return { rows, samples, summary: result.summary };
}

describe('padding and snapping between touching words', () => {
  it('padding alone changes nothing between them, and the summary counts the two edges it was cut short on', async () => {
    const { rows, summary } = await run('pad', { padBeforeMs: 100, padAfterMs: 100 });
    expect(rows.map((r) => [r.text, r.start_ms, r.end_ms])).toEqual([['One', '200', '740'], ['two', '740', '1300']]);
    expect(summary.paddingClampedEdges).toBe(2);
  });

  it('--snap-ms 60 moves the shared boundary of both clips to 720, the quiet point nearest 740', async () => {
    // Without snapping both clips are cut at 740, 20 ms inside the second burst: a loud edge, but
    // under the 50 ms of a neighbour's sound that make a clip cut into speech (cut-edge).
    const plain = await run('plain', { padBeforeMs: 100, padAfterMs: 100 });
    expect(plain.rows.map((r) => r.flags)).toEqual(['', '']);
    const { rows, samples } = await run('snap', { padBeforeMs: 100, padAfterMs: 100, snapMs: 60 });
    // The boundary's quiet is measured ±10 ms: 700–720 is silent on both sides; 720 is nearest 740.
    expect(rows.map((r) => [r.text, r.start_ms, r.end_ms])).toEqual([['One', '200', '720'], ['two', '720', '1300']]);
    expect(samples).toEqual([(720 - 200) * 16, (1300 - 720) * 16]);
    // The cut falls in the pause: every edge is silent.
    expect(rows.map((r) => [r.edge_start_db, r.edge_end_db, r.flags])).toEqual([['-99', '-99', ''], ['-99', '-99', '']]);
  });

  it('padMode overlap pads the full 100 ms into the neighbour', async () => {
    const { rows, samples, summary } = await run('overlap', { padBeforeMs: 100, padAfterMs: 100, padMode: 'overlap' });
    expect(rows.map((r) => [r.text, r.start_ms, r.end_ms])).toEqual([['One', '200', '840'], ['two', '640', '1300']]);
    expect(samples).toEqual([640 * 16, 660 * 16]);
    expect(summary.paddingClampedEdges).toBe(0);
  });
});

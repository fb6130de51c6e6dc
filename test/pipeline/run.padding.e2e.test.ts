/**
 * The embedded engine's closing period is not heard audio, so the
 * last word of a recording is padded like any other. Real ffmpeg, the scripted engine, real clips.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { makeBursts, removeTempDirs, runOptions, tempDir } from '../helpers/index.js';
import { readWavInfo } from '../../src/audio/index.js';
import { runPipeline } from '../../src/pipeline/index.js';

afterAll(removeTempDirs);

describe('padding after the last word (scripted engine)', () => {
  it('cuts 0–750 and 750–1500 for words at 300–700 and 800–1200 of a 2 s recording padded 300 ms', async () => {
    const root = await tempDir('pad-e2e');
    const input = path.join(root, 'in');
    await makeBursts(path.join(input, 'two.wav'), [[0.3, 0.7], [0.8, 1.2]], { seconds: 2 });
    const scriptFile = path.join(root, 'script.json');
    await writeFile(scriptFile, JSON.stringify({
      fallback: 'none',
      scripts: [{ words: [{ word: 'one', startMs: 300, endMs: 700 }, { word: 'two', startMs: 800, endMs: 1200 }] }],
    }));
    const out = path.join(root, 'out');
    const result = await runPipeline(runOptions(input, out, { scriptFile, padBeforeMs: 300, padAfterMs: 300 }));
    expect(result.failures).toEqual([]);
    const rows = parse(await readFile(path.join(out, 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.text, r.start_ms, r.end_ms])).toEqual([['One', '0', '750'], ['two', '750', '1500']]);
    const samples = await Promise.all(rows.map(async (r) => (await readWavInfo(path.join(out, r.file_name ?? ''))).samples));
    expect(samples).toEqual([12_000, 12_000]);
    const saved = JSON.parse(await readFile(path.join(out, 'markers', 'two.wav.json'), 'utf8')) as { markers: unknown[] };
    expect(saved.markers.at(-1)).toEqual({ text: '.', textStart: 7, textLength: 1, startMs: 1200, endMs: 1200 });
  });
});

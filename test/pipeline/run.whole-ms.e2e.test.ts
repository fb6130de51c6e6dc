/**
 * Every `_ms` of the manifest (and of the saved markers) is a whole number of
 * milliseconds, also for a recording that is not a whole number of ms long. The rule: the audio's
 * end in whole ms is floor(samples × 1000 / rate), so a clip padded to the end stops at the last
 * whole millisecond inside the audio. Real ffmpeg, the scripted engine, real clips.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { pcmWav, removeTempDirs, runOptions, tempDir } from '../helpers/index.js';
import { readWavInfo } from '../../src/audio/index.js';
import { runPipeline } from '../../src/pipeline/index.js';

afterAll(removeTempDirs);

/** 105,819 samples at 16 kHz: 6613.6875 ms. */
const SAMPLES = 105_819;

describe('whole milliseconds in the manifest', () => {
  it('pads the last word to 6613 ms (not 6613.6875) and clamps a marker past the end to 6613', async () => {
    const root = await tempDir('whole-ms');
    const input = path.join(root, 'in');
    await mkdir(input, { recursive: true });
    const pcm = new Int16Array(SAMPLES);
    for (let i = 0; i < SAMPLES; i++) pcm[i] = Math.round(3000 * Math.sin(i / 5));
    await writeFile(path.join(input, 'odd.wav'), pcmWav(pcm));
    const scriptFile = path.join(root, 'script.json');
    await writeFile(scriptFile, JSON.stringify({
      fallback: 'none',
      // 'two' ends 20 ms past the audio: validation clamps it to the audio's end.
      scripts: [{ words: [{ word: 'one', startMs: 300, endMs: 700 }, { word: 'two', startMs: 6000, endMs: 6634 }] }],
    }));
    const out = path.join(root, 'out');
    const result = await runPipeline(runOptions(input, out, { scriptFile, padBeforeMs: 200, padAfterMs: 500 }));
    expect(result.failures).toEqual([]);
    const rows = parse(await readFile(path.join(out, 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.text, r.start_ms, r.end_ms, r.duration_ms])).toEqual([
      ['One', '100', '1200', '1100'],
      ['two', '5800', '6613', '813'],
    ]);
    // The clip holds exactly the samples round(ms × 16) locate.
    expect((await readWavInfo(path.join(out, rows[1]?.file_name ?? ''))).samples).toBe(6613 * 16 - 5800 * 16);
    const saved = JSON.parse(await readFile(path.join(out, 'markers', 'odd.wav.json'), 'utf8')) as { markers: { startMs: number; endMs: number }[] };
    for (const marker of saved.markers) {
      expect(Number.isInteger(marker.startMs) && Number.isInteger(marker.endMs)).toBe(true);
    }
    expect(saved.markers.map((m) => m.endMs)).toEqual([700, 6613, 6613]);
  });
});

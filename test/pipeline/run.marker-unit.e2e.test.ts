/**
 * The embedded service sends seconds; read as milliseconds they
 * would make 1 ms clips. The recording fails with E_MARKER_UNIT and no clip is cut.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles, makeBursts, removeTempDirs, runOptions, tempDir } from '../helpers/index.js';
import { runPipeline } from '../../src/pipeline/index.js';

afterAll(removeTempDirs);

describe('a wrong --marker-unit (scripted engine)', () => {
  it('fails the recording with E_MARKER_UNIT instead of cutting 1 ms clips', async () => {
    const root = await tempDir('unit-e2e');
    const input = path.join(root, 'in');
    await makeBursts(path.join(input, 'ten.wav'), [[0.3, 0.7], [1.0, 1.4], [5, 5.5]], { seconds: 6 });
    const scriptFile = path.join(root, 'script.json');
    writeFileSync(scriptFile, JSON.stringify({ fallback: 'none', scripts: [{ words: [
      { word: 'one', startMs: 300, endMs: 700 }, { word: 'two', startMs: 1000, endMs: 1400 }, { word: 'three', startMs: 5000, endMs: 5500 }] }] }));
    const out = path.join(root, 'out');
    const result = await runPipeline(runOptions(input, out, { scriptFile, markerUnit: 'milliseconds' }));
    expect(result.summary).toMatchObject({ done: 0, failed: 1, clips: 0 });
    expect(result.failures).toEqual([expect.objectContaining({
      source: 'ten.wav', code: 'E_MARKER_UNIT',
      message: expect.stringMatching(/^word markers read as milliseconds cannot fit the audio: every word ends within the first 5\.5 ms of 6000 ms of audio; .*--marker-unit seconds.*--marker-unit auto/),
    })]);
    expect(readFileSync(path.join(out, 'manifest.csv'), 'utf8').trim().split('\n')).toHaveLength(1);
    expect((await listFiles(out)).filter((f) => f.endsWith('.wav') && !f.startsWith('.dictclip/'))).toEqual([]);
  });
});

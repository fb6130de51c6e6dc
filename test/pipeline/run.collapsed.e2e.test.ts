/**
 * The substitution effect (spec 2.3) end to end: a profile whose rule rewrites the whole
 * transcript collapses the service's markers into one, and the pipeline cuts one `utterance`
 * clip spanning it, with a warning. Without the profile the same audio gives word clips.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWavInfo } from '../../src/audio/index.js';
import { defaultValues } from '../../src/config/index.js';
import { runPipeline, type RunOptions } from '../../src/pipeline/index.js';
import { makeBursts, removeTempDirs, tempDir } from '../helpers/index.js';

let root: string;
let scriptFile: string;

function options(outDir: string, overrides: Partial<RunOptions> = {}): RunOptions {
  return {
    ...defaultValues(outDir), inputDir: path.join(root, 'in'), outDir, engine: 'scripted', scriptFile,
    pollInitialMs: 50, pollMaxMs: 100, confidenceThreshold: 0, ...overrides,
  };
}

beforeAll(async () => {
  root = await tempDir('collapsed');
  await makeBursts(path.join(root, 'in', 'memo.wav'), [[0.2, 0.6], [0.9, 1.3], [1.6, 1.9]], { seconds: 2.5 });
  scriptFile = path.join(root, 'script.json');
  await writeFile(scriptFile, JSON.stringify({
    fallback: 'none',
    scripts: [{ match: { durationMs: 2500 }, words: [
      { word: 'call', startMs: 200, endMs: 600 }, { word: 'me', startMs: 900, endMs: 1300 }, { word: 'later', startMs: 1600, endMs: 1900 }] }],
  }));
}, 60_000);

afterAll(removeTempDirs);

describe('collapsed markers', () => {
  it('cut one utterance clip over the whole marker, and warn with the cause', async () => {
    const outDir = path.join(root, 'out');
    // The embedded service reads profiles from its data folder, <out>/.dictclip/service.
    await mkdir(path.join(outDir, '.dictclip', 'service'), { recursive: true });
    await writeFile(path.join(outDir, '.dictclip', 'service', 'profiles.json'), JSON.stringify([
      { name: 'whole', substitutions: [{ kind: 'regex', pattern: '^[\\s\\S]+$', to: '[memo] $&' }] },
    ]));
    const warnings: string[] = [];
    const result = await runPipeline(options(outDir, { profile: 'whole' }), { onWarning: ({ message }) => warnings.push(message) });
    expect(result.failures).toEqual([]);
    const rows = (await readFile(result.manifestPath, 'utf8')).trimEnd().split('\n').slice(1);
    expect(rows).toHaveLength(1);
    const [file, ...rest] = rows[0]!.split(',');
    // The marker spans the whole utterance: audio of the first word's start to the final period's end.
    expect(rest.slice(0, 6)).toEqual(['[memo] Call me later.', 'memo.wav', '200', '2500', '2300', 'utterance']);
    expect(rest.slice(10, 13)).toEqual(['utterance', '16000', '1']); // flags, sample_rate, channels
    expect(result.summary).toMatchObject({ clips: 1, flaggedClips: 1, flaggedClipMs: 2300, droppedClips: 0 });
    expect((await readWavInfo(path.join(outDir, file!))).samples).toBe(2300 * 16);
    expect(warnings.some((w) => /substitution/i.test(w))).toBe(true);
  }, 60_000);

  it('gives word clips for the same audio without the profile', async () => {
    const result = await runPipeline(options(path.join(root, 'out-plain')));
    const rows = (await readFile(result.manifestPath, 'utf8')).trimEnd().split('\n').slice(1);
    expect(rows.map((r) => r.split(',').slice(1, 7))).toEqual([
      ['Call', 'memo.wav', '200', '600', '400', 'word'],
      ['me', 'memo.wav', '900', '1300', '400', 'word'],
      ['later', 'memo.wav', '1600', '1900', '300', 'word'],
    ]);
  }, 60_000);
});

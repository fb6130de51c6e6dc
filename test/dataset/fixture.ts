/**
 * A real run output for the export tests: four recordings, one per speaker folder, made with
 * ffmpeg (tone bursts at known times) and dictated by the embedded scripted engine.
 *   alice/a.wav  2.0 s: "hello" 300–700, "world" 1000–1400
 *   bob/b.wav    2.6 s: "alpha" 200–500, "beta" 520–800, "gamma" 1800–2200
 *   carol/c.wav  3.2 s: "one" 500–900, "two" 1500–1900
 *   dave/d e.wav 1.6 s: "yes" 100–400, "no" 900–1200   (a space in the name)
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runPipeline } from '../../src/pipeline/index.js';
import type { RunOptions, RunResult } from '../../src/index.js';
import { makeBursts, runOptions } from '../helpers/index.js';
import { writeRunOutput } from '../helpers/run-output.js';

export interface FixtureRecording { source: string; seconds: number; words: [string, number, number][] }

export const RECORDINGS: FixtureRecording[] = [
  { source: 'alice/a.wav', seconds: 2, words: [['hello', 300, 700], ['world', 1000, 1400]] },
  { source: 'bob/b.wav', seconds: 2.6, words: [['alpha', 200, 500], ['beta', 520, 800], ['gamma', 1800, 2200]] },
  { source: 'carol/c.wav', seconds: 3.2, words: [['one', 500, 900], ['two', 1500, 1900]] },
  { source: 'dave/d e.wav', seconds: 1.6, words: [['yes', 100, 400], ['no', 900, 1200]] },
];

/** Run the pipeline over the fixture recordings into `<root>/out` (word clips unless `mode`); returns the run folder. */
export async function makeRun(root: string, mode: 'word' | 'phrase' = 'word'): Promise<{ inputDir: string; runDir: string }> {
  const inputDir = path.join(root, 'in');
  const runDir = path.join(root, 'out');
  for (const r of RECORDINGS) {
    await makeBursts(path.join(inputDir, r.source), r.words.map(([, a, b]) => [a / 1000, b / 1000] as const), { seconds: r.seconds });
  }
  const scriptFile = path.join(root, 'script.json');
  await writeFile(scriptFile, JSON.stringify({
    fallback: 'none',
    scripts: RECORDINGS.map((r) => ({
      match: { durationMs: r.seconds * 1000, toleranceMs: 5 },
      words: r.words.map(([word, startMs, endMs]) => ({ word, startMs, endMs })),
    })),
  }));
  const result = await runPipeline(runOptions(inputDir, runDir, { scriptFile, concurrency: 2, mode }));
  if (result.failures.length > 0) throw new Error(`fixture run failed: ${JSON.stringify(result.failures)}`);
  return { inputDir, runDir };
}

/** The output `makeRun` gives, written without ffmpeg or a service (silent clips at the same times), for the fast tier. */
export async function writeRun(root: string): Promise<{ inputDir: string; runDir: string }> {
  const inputDir = path.join(root, 'in');
  const runDir = path.join(root, 'out');
  await writeRunOutput(runDir, {
    inputDir,
    recordings: RECORDINGS.map((r) => ({
      source: r.source,
      durationMs: r.seconds * 1000,
      heard: r.words.map(([text, startMs, endMs]) => ({ text, startMs, endMs })),
    })),
  });
  return { inputDir, runDir };
}

/** The output `makeHelloRun` gives for `names`, written without ffmpeg or a service, for the fast tier. */
export async function writeHelloRun(root: string, names: readonly string[] = ['a.wav'], out = 'out'): Promise<{ inputDir: string; runDir: string }> {
  const inputDir = path.join(root, 'in');
  const runDir = path.join(root, out);
  const hello = [{ text: 'hello', startMs: 300, endMs: 700 }];
  await writeRunOutput(runDir, { inputDir, recordings: names.map((source) => ({ source, durationMs: 1200, heard: hello })) });
  return { inputDir, runDir };
}

/**
 * A small run for the path-safety tests: each of `names` (relative to `<root>/in`) is 1.2 s with one
 * burst at 300–700 ms, dictated "hello" by the scripted engine, into `<root>/<out>`.
 */
export async function makeHelloRun(root: string, names: readonly string[] = ['a.wav'], out = 'out', options: Partial<RunOptions> = {}): Promise<{ inputDir: string; runDir: string; result: RunResult }> {
  const inputDir = path.join(root, 'in');
  const runDir = path.join(root, out);
  for (const name of names) await makeBursts(path.join(inputDir, name), [[0.3, 0.7]], { seconds: 1.2 });
  const scriptFile = path.join(root, 'hello-script.json');
  await writeFile(scriptFile, JSON.stringify({ fallback: 'none', scripts: [{ match: { durationMs: 1200, toleranceMs: 5 }, words: [{ word: 'hello', startMs: 300, endMs: 700 }] }] }));
  const result = await runPipeline(runOptions(inputDir, runDir, { scriptFile, concurrency: 1, ...options }));
  if (result.failures.length > 0) throw new Error(`hello run failed: ${JSON.stringify(result.failures)}`);
  return { inputDir, runDir, result };
}

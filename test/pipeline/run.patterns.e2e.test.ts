/**
 * Include/exclude patterns through the built CLI (scripted engine, inputs already in the work
 * format): the dry run and the summary say how many recordings the patterns leave out, the
 * manifest and run.json hold only the others, and a rerun with other patterns never deletes
 * what an earlier run made of a recording it now leaves out: widening the patterns again resumes it.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcmWav, removeTempDirs, runCli, tempDir } from '../helpers/index.js';
import { clipDir } from '../../src/run-output/naming.js';

afterAll(removeTempDirs);

let root: string;
const RECORDINGS = ['a.wav', 'drafts/c.wav', 'talks/b.wav', 'talks/e.wav'];

beforeAll(async () => {
  root = await tempDir('patterns-e2e');
  for (const [i, rel] of RECORDINGS.entries()) {
    await mkdir(path.dirname(path.join(root, 'in', rel)), { recursive: true });
    await writeFile(path.join(root, 'in', rel), pcmWav(Int16Array.from({ length: 16_000 }, (_, j) => Math.round(6000 * Math.sin(j / (4 + i))))));
  }
});

const run = (...args: string[]) => runCli(['run', 'in', '--out', 'out', '--engine', 'scripted', '--no-report', '--confidence-threshold', '0', ...args], { cwd: root, timeoutMs: 120_000 });
const sources = async () => {
  const rows = parse(await readFile(path.join(root, 'out', 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
  return [...new Set(rows.map((r) => r.source))].sort();
};
const json = async (name: string) => JSON.parse(await readFile(path.join(root, 'out', name), 'utf8')) as Record<string, unknown>;

describe('run --include/--exclude', () => {
  it('plans, runs and records only the recordings the patterns keep, and counts the others', async () => {
    const dry = await run('--include', '**/*.wav', '--exclude', 'drafts,talks/e.wav', '--dry-run');
    expect([dry.code, dry.stderr]).toEqual([0, '']);
    expect(dry.stdout.split('\n').filter((line) => /^(todo|done|redo)/.test(line)).map((line) => line.split(/\s+/)[1])).toEqual(['a.wav', 'talks/b.wav']);
    expect(dry.stdout).toContain('dry run: 2 recordings (2 todo, 0 done, 0 redo); 2 recordings excluded by --include/--exclude; ');
    expect(existsSync(path.join(root, 'out'))).toBe(false);

    const first = await run('--include', '**/*.wav', '--exclude', 'drafts,talks/e.wav');
    expect([first.code, first.stderr.split('\n')[0]]).toEqual([0, 'excluded 2 recordings by --include/--exclude']);
    expect(first.stdout).toContain('recordings: 2 done, 0 failed (of 2)\nexcluded: 2 recordings by --include/--exclude patterns (not recordings of this run)\n');
    expect(await sources()).toEqual(['a.wav', 'talks/b.wav']);
    expect(await json('summary.json')).toMatchObject({ recordings: 2, done: 2, skipped: 0, excluded: 2 });
    const record = await json('run.json');
    expect(record).toMatchObject({ recordings: ['a.wav', 'talks/b.wav'], options: { include: ['**/*.wav'], exclude: ['drafts', 'talks/e.wav'] } });
  }, 120_000);

  it('keeps on disk what an earlier run made of a recording now left out, and resumes it when the patterns take it again', async () => {
    const narrowed = await run('--exclude', 'a.wav');
    expect([narrowed.code, narrowed.stderr.split('\n')[0]]).toEqual([0, 'excluded 1 recording by --include/--exclude']);
    expect(await json('summary.json')).toMatchObject({ recordings: 3, done: 2, resumed: 1, excluded: 1 });
    expect(await sources()).toEqual(['drafts/c.wav', 'talks/b.wav', 'talks/e.wav']);
    expect(existsSync(clipDir(path.join(root, 'out'), 'a.wav'))).toBe(true);

    const all = await run('--quiet');
    expect([all.code, all.stderr]).toEqual([0, '']);
    const summary = await json('summary.json');
    expect(summary).toMatchObject({ recordings: 4, done: 0, resumed: 4 });
    expect('excluded' in summary).toBe(false);
    expect(await sources()).toEqual(RECORDINGS);
    expect((await json('run.json'))['options']).not.toHaveProperty('include');
  }, 180_000);
});

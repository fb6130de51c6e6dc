/**
 * `dictclip export`'s options and refusals on a run output written in-process (fixture.ts
 * `writeRun`: the clips of `makeRun` at the same times, silent): no ffmpeg, no service. The
 * formats read back, flags and confidence, and `run --export` are in export.e2e.test.ts.
 */
import { createHash } from 'node:crypto';
import { cp, readFile, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { exportDataset } from '../../src/index.js';
import { fakeIo } from '../cli/fake-io.js';
import { listFiles, removeTempDirs, tempDir } from '../helpers/index.js';
import { writeRun } from './fixture.js';

let root: string;
let runDir: string;
interface Row { file_name: string; text: string }
let rows: Row[];
const SPLIT = 'train=50,dev=25,test=25';

beforeAll(async () => {
  root = await tempDir('export');
  ({ runDir } = await writeRun(root));
  rows = parse(await readFile(path.join(runDir, 'manifest.csv')), { columns: true }) as Row[];
});

afterAll(removeTempDirs);

async function treeHash(dir: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const rel of await listFiles(dir)) hashes.set(rel, createHash('sha256').update(await readFile(path.join(dir, rel))).digest('hex'));
  return hashes;
}

describe('export options', () => {
  it('replaces an export whole: a re-export without splits leaves only train', async () => {
    const to = path.join(root, 'replace');
    await exportDataset({ runDir, format: 'hf', to, split: SPLIT, groupBy: 'dir' });
    expect((await readdir(to)).sort()).toEqual(['splits.csv', 'test', 'train', 'validation']);
    const result = await exportDataset({ runDir, format: 'hf', to });
    expect(result.splits).toEqual({ train: { clips: 9, ms: 3180 } });
    expect((await readdir(to)).sort()).toEqual(['splits.csv', 'train']);
    expect(await readdir(root)).not.toContainEqual(expect.stringMatching(/\.tmp/));
  });

  it('a clip that cannot be read fails the export, keeps the previous export and leaves no temp folder', async () => {
    const copy = path.join(root, 'missing-clip-run');
    await cp(runDir, copy, { recursive: true });
    const to = path.join(root, 'missing-clip-export');
    await exportDataset({ runDir: copy, format: 'ljspeech', to });
    const before = await treeHash(to);
    const firstClip = rows.find((r) => r.text === 'gamma')!.file_name;
    await rm(path.join(copy, ...firstClip.split('/')));
    await expect(exportDataset({ runDir: copy, format: 'ljspeech', to })).rejects.toMatchObject({ code: 'E_INPUT' });
    expect(await treeHash(to)).toEqual(before);
    expect((await readdir(root)).filter((name) => name.includes('missing-clip-export'))).toEqual(['missing-clip-export']);
  });

  it('groups by a regex capture over the source path', async () => {
    const result = await exportDataset({ runDir, format: 'ljspeech', to: path.join(root, 'regex'), split: 'train=50,test=50', groupBy: '^(alice|bob|carol|dave)/' });
    const groups = parse(await readFile(path.join(result.to, 'splits.csv')), { columns: true }) as { group: string }[];
    expect(groups.map((g) => g.group)).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(Object.keys(result.splits)).toEqual(['train', 'test']);
  });
});

describe('refusals: exit 2, a clear message, nothing written', () => {
  const cases: [string, string[], RegExp][] = [
    ['unknown format', ['--format', 'tfrecord'], /unknown format "tfrecord"; the formats are hf, nemo, ljspeech, kaldi, lhotse, webdataset/],
    ['proportions not summing to 100', ['--format', 'hf', '--split', 'train=80,dev=10,test=5'], /sum to 95, not 100/],
    ['unknown split name', ['--format', 'hf', '--split', 'train=80,holdout=20'], /unknown split name "holdout"/],
    ['regex that does not compile', ['--format', 'hf', '--group-by', '(['], /is not a valid regular expression/],
    ['regex without a capture group', ['--format', 'hf', '--group-by', '^[a-z]+/'], /has no capture group/],
    ['regex that misses a source', ['--format', 'hf', '--group-by', '^(alice|bob)/'], /does not match the source "carol\/c.wav"/],
    ['--to inside the clips folder', ['--format', 'hf', '--to', 'out/clips/ds'], /inside the run's clips folder/],
  ];
  it.each(cases)('%s', async (_name, args, message) => {
    const fresh = await tempDir('refuse');
    await cp(runDir, path.join(fresh, 'out'), { recursive: true });
    const before = await listFiles(path.join(fresh, 'out'));
    const io = fakeIo({ cwd: fresh });
    expect(await main(['export', 'out', ...args], io.io)).toBe(2);
    expect(io.stderr()).toMatch(message);
    expect(io.stderr()).not.toMatch(/\n\s+at /); // no stack trace
    expect(await listFiles(path.join(fresh, 'out'))).toEqual(before);
  });

  it('a folder that is not a run output, naming what is missing', async () => {
    const empty = await tempDir('not-a-run');
    const io = fakeIo({ cwd: empty });
    expect(await main(['export', '.', '--format', 'nemo'], io.io)).toBe(2);
    expect(io.stderr()).toBe(`dictclip: E_NOT_RUN_OUTPUT: ${empty} is not a dictclip run output: manifest.csv and summary.json are missing. Fix: pass the --out folder of a finished \`dictclip run\`.\n`);
    const io2 = fakeIo({ cwd: empty });
    expect(await main(['export', 'nowhere', '--format', 'nemo'], io2.io)).toBe(2);
    expect(io2.stderr()).toContain('the folder does not exist');
    expect(await readdir(empty)).toEqual([]);
  });

  it('run --export with a bad format stops before the run', async () => {
    const io = fakeIo({ cwd: root });
    expect(await main(['run', 'in', '--out', 'out-never', '--engine', 'scripted', '--export', 'hf,csv'], io.io)).toBe(2);
    expect(io.stderr()).toContain('unknown format "csv"');
    expect(existsSync(path.join(root, 'out-never'))).toBe(false);
  });
});

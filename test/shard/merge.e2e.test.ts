/**
 * Sharded runs end to end with the built CLI: three shard processes at once (`--shard auto/3`,
 * K from the Kubernetes, Slurm and AWS Batch variables in turn), then `dictclip merge`, against
 * one unsharded run of the same folder: same manifest rows in the same order (dictation ids
 * aside), byte-identical clips, the same failures, transcripts, markers and summary counts.
 * Then what merge refuses, resumes and leaves alone. Scripted engine (`segments` fallback).
 */
import { mkdir, readFile, rm, stat, writeFile, cp, link } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardOf } from '../../src/shard/select.js';
import { listFiles, makeBursts, removeTempDirs, runCli, spawnCli, finished, tempDir, type CliResult } from '../helpers/index.js';

let root = '';
let input = '';
const RECORDINGS = ['a.wav', 'b.flac', 'c.wav', 'd/e.wav', 'd/f.flac', 'g/h/i.wav', 'j.wav', 'k.flac'];
const SCRIPTED = ['--engine', 'scripted', '--poll-initial-ms', '50', '--pad-ms', '30', '--quiet'];

const out = (name: string): string => path.join(root, name);
const run = (name: string, ...args: string[]): Promise<CliResult> => runCli(['run', input, '--out', out(name), ...SCRIPTED, ...args], { timeoutMs: 120_000 });
const merge = (name: string, ...shards: string[]): Promise<CliResult> => runCli(['merge', ...shards.map(out), '--out', out(name)]);

async function manifest(dir: string): Promise<Record<string, string>[]> {
  return parse(await readFile(path.join(dir, 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
}
const withoutIds = (rows: Record<string, string>[]): Record<string, string>[] => rows.map(({ dictation_id: _id, ...rest }) => rest);

beforeAll(async () => {
  root = await tempDir('merge');
  input = path.join(root, 'in');
  for (const [i, name] of RECORDINGS.entries()) {
    const bursts: [number, number][] = [[0.2, 0.5], [0.7, 0.9 + i * 0.05], [1.2, 1.4]].slice(0, 1 + (i % 3)) as [number, number][];
    await makeBursts(path.join(input, name), bursts, { seconds: 1.6 + i * 0.1 });
  }
  await mkdir(path.join(input, 'broken'), { recursive: true });
  await writeFile(path.join(input, 'broken', 'bad.wav'), 'not audio at all');
  const whole = run('whole');
  const shards = [
    { JOB_COMPLETION_INDEX: '0' },
    { SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_MIN: '1' },
    { AWS_BATCH_JOB_ARRAY_INDEX: '2' },
  ].map((env, k) => finished(spawnCli(['run', input, '--out', out(`s${k}`), ...SCRIPTED, '--shard', 'auto/3'], { env }), 120_000));
  const [wholeResult, ...shardResults] = await Promise.all([whole, ...shards]);
  // broken/bad.wav fails: exit 1 in the whole run and in its shard, 0 in the others.
  expect(wholeResult?.code, wholeResult?.stderr).toBe(1);
  expect(shardResults.map((r) => r.code)).toEqual([0, 1, 2].map((k) => (k === shardOf('broken/bad.wav', 3) ? 1 : 0)));
}, 240_000);

afterAll(removeTempDirs);

describe('sharded run and merge', () => {
  it('each shard holds exactly its recordings, K taken from each engine variable', async () => {
    const all = [...RECORDINGS, 'broken/bad.wav'];
    for (let k = 0; k < 3; k++) {
      const record = JSON.parse(await readFile(path.join(out(`s${k}`), 'run.json'), 'utf8')) as { shard: string; recordings: string[] };
      expect(record.shard).toBe(`${k}/3`);
      expect(record.recordings).toEqual(all.filter((p) => shardOf(p, 3) === k).sort());
    }
  });

  it('merged output equals the unsharded run', async () => {
    const merged = await merge('merged', 's2', 's0', 's1');
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toMatch(new RegExp(`^merged 3 shard outputs: 9 recordings, \\d+ clips, 1 failed → ${out('merged')} \\(files linked \\d+, copied 0\\)\\n` +
      `report: ${path.join(out('merged'), 'report', 'index.html')}\\n$`));
    const [whole, mine] = [await manifest(out('whole')), await manifest(out('merged'))];
    expect(whole.length).toBeGreaterThan(10);
    expect(withoutIds(mine)).toEqual(withoutIds(whole));
    for (const row of whole) {
      const file = row['file_name'] ?? '';
      expect(await readFile(path.join(out('merged'), file))).toEqual(await readFile(path.join(out('whole'), file)));
    }
    expect(await readFile(path.join(out('merged'), 'failures.csv'), 'utf8')).toBe(await readFile(path.join(out('whole'), 'failures.csv'), 'utf8'));
    const visible = (rel: string): boolean => rel.startsWith('.dictclip/') || rel.startsWith('.');
    expect(await listFiles(out('merged'), { exclude: visible })).toEqual(await listFiles(out('whole'), { exclude: visible }));
    for (const rel of await listFiles(path.join(out('whole'), 'transcripts'))) {
      expect(await readFile(path.join(out('merged'), 'transcripts', rel), 'utf8')).toBe(await readFile(path.join(out('whole'), 'transcripts', rel), 'utf8'));
    }
    for (const rel of await listFiles(path.join(out('whole'), 'markers'))) {
      const strip = async (dir: string): Promise<unknown> => ({ ...JSON.parse(await readFile(path.join(dir, 'markers', rel), 'utf8')) as object, dictationIds: null });
      expect(await strip(out('merged'))).toEqual(await strip(out('whole')));
    }
    const summary = async (dir: string): Promise<Record<string, unknown>> => {
      const { wallTimeMs: _w, stageMs, inputDir: _i, ...rest } = JSON.parse(await readFile(path.join(dir, 'summary.json'), 'utf8')) as Record<string, unknown>;
      return { ...rest, stages: Object.keys(stageMs as object) };
    };
    expect(await summary(out('merged'))).toEqual(await summary(out('whole')));
  });

  it('merging again into a finished merge does nothing', async () => {
    const again = await merge('merged', 's0', 's1', 's2');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^already merged: 9 recordings, \d+ clips, 1 failed → /);
  });

  it('resumes an interrupted merge and starts over a leftover of another one', async () => {
    const record = JSON.parse(await readFile(path.join(out('merged'), 'run.json'), 'utf8')) as { mergedFrom: unknown };
    const temp = out('.resumed.merging');
    const [row] = await manifest(out('merged'));
    await mkdir(path.dirname(path.join(temp, row?.['file_name'] ?? '')), { recursive: true });
    await link(path.join(out('merged'), row?.['file_name'] ?? ''), path.join(temp, row?.['file_name'] ?? ''));
    await writeFile(path.join(temp, '.merge-plan.json'), JSON.stringify(record.mergedFrom));
    expect((await merge('resumed', 's0', 's1', 's2')).code).toBe(0);
    await mkdir(out('.other.merging'), { recursive: true });
    await writeFile(path.join(out('.other.merging'), 'stale.txt'), 'from another merge');
    expect((await merge('other', 's0', 's1', 's2')).code).toBe(0);
    for (const name of ['resumed', 'other']) {
      expect(await listFiles(out(name))).toEqual(await listFiles(out('merged')));
      expect(await readFile(path.join(out(name), 'manifest.csv'), 'utf8')).toBe(await readFile(path.join(out('merged'), 'manifest.csv'), 'utf8'));
    }
    await expect(stat(temp)).rejects.toThrow(/ENOENT/);
  });

  it('refuses overlapping, mismatched, incomplete and unfinished shard outputs (exit 2, naming the source, nothing written)', async () => {
    await cp(out('s1'), out('s1-copy'), { recursive: true });
    await run('s1-padded', '--shard', '1/3', '--pad-ms', '80');
    await run('two-0', '--shard', '0/2');
    await mkdir(out('empty'));
    const cases: [string[], string][] = [
      [['s0', 's1', 's1-copy', 's2'], `dictclip: E_MERGE: ${out('s1-copy')}: is shard 1/3, like ${out('s1')}: overlapping outputs\n`],
      [['s0', 's1', 's1'], `dictclip: E_MERGE: ${out('s1')}: given twice (same folder as ${out('s1')})\n`],
      [['s0', 's1-padded', 's2'], `dictclip: E_MERGE: ${out('s1-padded')}: made with different options than ${out('s0')} (padAfterMs: 80 vs 30, padBeforeMs: 80 vs 30); every shard must run with the same service and clip options and choose its recordings the same way\n`],
      [['s0', 'two-0'], `dictclip: E_MERGE: ${out('two-0')}: is shard 0/2 but ${out('s0')} is 0/3: made with different shard counts\n`],
      [['s0', 's2'], 'dictclip: E_MERGE: missing shard output 1/3: merge needs all 3 shards of the run\n'],
      [['whole'], `dictclip: E_MERGE: ${out('whole')}: not a shard output (made without --shard K/N)\n`],
      [['empty'], `dictclip: E_MERGE: ${out('empty')}: no readable run.json: not a finished dictclip run (still running, interrupted, or made before run.json existed); run it again to finish it\n`],
    ];
    for (const [shards, message] of cases) {
      const result = await merge('refused', ...shards);
      expect([result.code, result.stderr]).toEqual([2, message]);
      await expect(stat(out('refused'))).rejects.toThrow(/ENOENT/);
    }
    await writeFile(path.join(out('s1-copy'), 'report.html'), '<html>');
    const unknown = await merge('refused', 's0', 's1-copy', 's2');
    expect([unknown.code, unknown.stderr]).toEqual([2, `dictclip: E_MERGE: ${out('s1-copy')}: holds "report.html", which is not a run output merge knows ` +
      '(manifest.csv, failures.csv, summary.json, skipped.csv, run.json, clips, transcripts, markers, alignments, corrections, .dictclip, report); reports and exports are made from a run output: ' +
      'move it away, merge, then make it from the merged output\n']);
    expect((await merge('merged', 's0', 's1-padded', 's2')).code).toBe(2);
    await rm(out('s1-copy'), { recursive: true });
  });
  it('links the shard files instead of copying them, and the merge resumes like an ordinary run output', async () => {
    const [row] = await manifest(out('merged'));
    const file = row?.['file_name'] ?? '';
    const owner = [0, 1, 2].find((k) => shardOf(row?.['source'] ?? '', 3) === k);
    const [a, b] = [await stat(path.join(out('merged'), file)), await stat(path.join(out(`s${owner ?? 0}`), file))];
    expect(a.ino).toBe(b.ino); // one file, two names: linked, not copied
    const before = await readFile(path.join(out('merged'), 'manifest.csv'), 'utf8');
    const again = await runCli(['run', input, '--out', out('merged'), '--engine', 'scripted', '--poll-initial-ms', '50', '--pad-ms', '30'], { timeoutMs: 120_000 });
    expect(again.stdout).toContain('recordings: 0 done, 1 failed, 8 kept from an earlier run (of 9)');
    expect(await readFile(path.join(out('merged'), 'manifest.csv'), 'utf8')).toBe(before);
  });

});

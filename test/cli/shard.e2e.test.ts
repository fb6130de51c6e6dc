/**
 * `dictclip run --shard`: auto/N from each batch engine's variable (the CLI maps the environment),
 * the error when none is set, and the dry run's per-shard recordings and audio.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardOf } from '../../src/shard/select.js';
import { makeSilence, removeTempDirs, runCli, tempDir } from '../helpers/index.js';

let input = '';
let outDir = '';
// Durations in seconds (wav and flac: exact in their headers).
const FILES: Record<string, number> = { 'a.wav': 61, 'b.flac': 2, 'c/d.wav': 3.5, 'c/e.flac': 1, 'f.wav': 1800.4 };

beforeAll(async () => {
  const root = await tempDir('shard-cli');
  input = path.join(root, 'in');
  outDir = path.join(root, 'out');
  // 1 kHz keeps the half-hour file small (3.6 MB).
  for (const [name, seconds] of Object.entries(FILES)) await makeSilence(path.join(input, name), { seconds, rate: 1000 });
}, 120_000);

afterAll(removeTempDirs);

const dryRun = (env: Record<string, string>): ReturnType<typeof runCli> =>
  runCli(['run', input, '--out', outDir, '--engine', 'scripted', '--shard', 'auto/3', '--dry-run'], { env });

function clock(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

describe('run --shard', () => {
  it.each([
    [{ JOB_COMPLETION_INDEX: '1' }, 1],
    [{ SLURM_ARRAY_TASK_ID: '7', SLURM_ARRAY_TASK_MIN: '5' }, 2],
    [{ AWS_BATCH_JOB_ARRAY_INDEX: '0' }, 0],
  ])('auto/3 with %o plans shard %i and prints every shard\'s recordings and audio', async (env, index) => {
    const durations = FILES;
    const result = await dryRun(env);
    expect(result.code, result.stderr).toBe(0);
    const mine = Object.keys(FILES).filter((name) => shardOf(name, 3) === index);
    const planned = result.stdout.split('\n').filter((line) => /^(todo|done|redo)\s/.test(line)).map((line) => line.split(/\s+/)[1]);
    expect(planned.sort()).toEqual(mine.sort());
    const lines = result.stdout.split('\n');
    const start = lines.indexOf('shards of 3 (first 8 bytes of sha256(path relative to the input folder) mod 3):');
    expect(start).toBeGreaterThan(0);
    const expected = [0, 1, 2].map((k) => {
      const names = Object.keys(durations).filter((name) => shardOf(name, 3) === k);
      const seconds = names.reduce((sum, name) => sum + (durations[name] ?? 0), 0);
      return `  ${k}/3  ${String(names.length).padStart(7)} ${names.length === 1 ? 'recording ' : 'recordings'} ${(seconds / 3600).toFixed(2).padStart(9)} h (${clock(seconds)})${k === index ? '  ← this shard' : ''}`;
    });
    const total = Object.values(durations).reduce((sum, s) => sum + s, 0);
    expect(lines.slice(start + 1, start + 5)).toEqual([...expected, `  all  ${String(5).padStart(7)} recordings ${(total / 3600).toFixed(2).padStart(9)} h (${clock(total)})`]);
  });

  it('auto/N with no engine variable exits 2 and says what it looked for', async () => {
    const result = await dryRun({});
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^dictclip: E_CONFIG: --shard auto\/3: no batch engine variable is set \(looked for JOB_COMPLETION_INDEX/);
  });
});

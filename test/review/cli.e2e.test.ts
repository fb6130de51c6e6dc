/**
 * `dictclip review` as a person starts it: the built binary prints `review: http://127.0.0.1:<port>/`,
 * serves the run, and Ctrl-C (SIGINT) closes it with exit 0; a folder that is no run output is a
 * usage error (exit 2) and --help documents the command.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, finished, removeTempDirs, runCli, spawnCli, tempDir, waitForLine } from '../helpers/index.js';
import { makeRun, type RunFixture } from '../report/fixture.js';

let run: RunFixture;

beforeAll(async () => {
  await ensureBuilt();
  run = await makeRun(await tempDir('review-cli'));
}, 120_000);

afterAll(removeTempDirs);

describe('dictclip review', () => {
  it('prints its address, serves the run and stops on SIGINT with exit 0', async () => {
    const child = spawnCli(['review', run.out, '--port', '0']);
    const done = finished(child);
    const [, url] = await waitForLine(child, /^review: (http:\/\/127\.0\.0\.1:\d+\/)$/);
    const res = await fetch(`${url ?? ''}api/recordings`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { recordings: { source: string }[] }).recordings.map((r) => r.source)).toContain('talk.wav');
    child.kill('SIGINT');
    const result = await done;
    expect([result.code, result.signal]).toEqual([0, null]);
  });

  it('refuses a folder that is not a run output (exit 2) and explains itself in --help', async () => {
    const empty = path.join(run.out, '..', 'empty');
    await mkdir(empty, { recursive: true });
    const refused = await runCli(['review', empty]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('E_NOT_RUN_OUTPUT');
    const help = await runCli(['review', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('review: http://127.0.0.1:<port>/');
    expect(help.stdout).toContain('exits 0');
  });
});

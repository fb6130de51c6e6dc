import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { makeEngineTempDir, sweepEngineTempDirs } from '../../../src/service/engines/pocketsphinx-temp.js';

const parent = await mkdtemp(join(tmpdir(), 'ps-temp-test-'));
afterAll(async () => rm(parent, { recursive: true, force: true }));

it('removes the temp folders (FIFOs inside) of dead processes only, never a live one\'s', async () => {
  // A pid that is gone: a child that has exited.
  const dead = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).toString());
  const stale = join(parent, `dictclip-ps-${dead}-abc123`);
  await mkdir(stale);
  execFileSync('mkfifo', [join(stale, 'ctl')]);
  const mine = await makeEngineTempDir(parent);
  expect(mine).toMatch(new RegExp(`dictclip-ps-${process.pid}-`));
  const other = join(parent, 'unrelated-1-folder');
  await mkdir(other);
  expect(await sweepEngineTempDirs(parent)).toBe(1);
  expect([existsSync(stale), existsSync(mine), existsSync(other)]).toEqual([false, true, true]);
});

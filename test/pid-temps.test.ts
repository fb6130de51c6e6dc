import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive, makePidFolder, pidFolderPattern, sweepPidStamped } from '../src/pid-temps.js';

/** Above Linux's largest pid (2^22): no process runs under it. */
const DEAD = 4_194_305;
const parent = await mkdtemp(join(tmpdir(), 'pid-temps-test-'));
afterAll(async () => rm(parent, { recursive: true, force: true }));

describe('isProcessAlive', () => {
  it('is true for this process and its parent, false for a pid no process has', () => {
    expect([isProcessAlive(process.pid), isProcessAlive(process.ppid), isProcessAlive(DEAD)]).toEqual([true, true, false]);
  });
});

describe('pid-stamped folders', () => {
  it('names a new folder <prefix><pid>-XXXXXX, matched by the pattern with the pid as group 1', async () => {
    const folder = await makePidFolder(parent, 'dictclip-t.');
    const name = folder.slice(parent.length + 1);
    expect(name).toMatch(new RegExp(`^dictclip-t\\.${process.pid}-[A-Za-z0-9]{6}$`));
    expect(pidFolderPattern('dictclip-t.').exec(name)?.[1]).toBe(String(process.pid));
    expect(pidFolderPattern('dictclip-t.').test(`dictclip-tx${process.pid}-abc123`)).toBe(false); // the dot is literal
  });

  it('sweeps the folders of dead processes (their contents too), never a live one\'s or another name', async () => {
    const dir = join(parent, 'folders');
    await mkdir(dir);
    const dead = join(dir, `dictclip-x-${DEAD}-abc123`);
    await mkdir(dead);
    await writeFile(join(dead, 'inside'), 'x');
    const live = join(dir, `dictclip-x-${process.ppid}-abc123`);
    await mkdir(live);
    const mine = await makePidFolder(dir, 'dictclip-x-');
    await mkdir(join(dir, `other-${DEAD}-abc123`));
    expect(await sweepPidStamped(dir, pidFolderPattern('dictclip-x-'))).toBe(1);
    expect([existsSync(dead), existsSync(live), existsSync(mine)]).toEqual([false, true, true]);
    expect(await readdir(dir)).toHaveLength(3);
  });

  it('with startedMs also removes entries without a pid or with this pid when older than it', async () => {
    const dir = join(parent, 'files');
    await mkdir(dir);
    const startedMs = Date.now() - 60_000;
    const before = new Date(startedMs - 1_000);
    const files: Record<string, Date | undefined> = {
      [`a.${DEAD}.tmp`]: undefined, // dead process: removed
      [`b.${process.ppid}.tmp`]: before, // live process: kept however old
      [`c.${process.pid}.tmp`]: undefined, // this process, written since it started: kept
      [`d.${process.pid}.tmp`]: before, // this pid, older than this process (reused): removed
      'e.tmp': before, // no pid, older: removed
      'f.tmp': undefined, // no pid, newer: kept
      'g.json': before, // not matched: kept
    };
    for (const [name, time] of Object.entries(files)) {
      await writeFile(join(dir, name), 'x');
      if (time !== undefined) await utimes(join(dir, name), time, time);
    }
    const pattern = /^[a-z]+(?:\.(\d+))?\.tmp$/;
    expect(await sweepPidStamped(dir, pattern)).toBe(1); // without startedMs: only the dead process's
    await writeFile(join(dir, `a.${DEAD}.tmp`), 'x');
    expect(await sweepPidStamped(dir, pattern, { startedMs })).toBe(3);
    expect((await readdir(dir)).sort()).toEqual([`b.${process.ppid}.tmp`, `c.${process.pid}.tmp`, 'f.tmp', 'g.json'].sort());
  });

  it('finds nothing in a missing folder', async () => {
    expect(await sweepPidStamped(join(parent, 'missing'), /^(\d+)$/)).toBe(0);
  });
});

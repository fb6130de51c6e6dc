import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createUsers, startTestService, tempDir, type TestService } from './helpers.js';

/** The pid of a process that has exited (reaped): no process runs under it. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid ?? 0;
}

describe('partial uploads left by a killed service', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('removes at start the temps of dead processes and old pid-less ones, keeps live ones', async () => {
    const dataDir = await tempDir('service');
    await createUsers(dataDir);
    const tenantDir = join(dataDir, 'audio', 'acme');
    await mkdir(tenantDir, { recursive: true });
    const dead = await deadPid();
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const beforeThisProcess = new Date(Date.now() - process.uptime() * 1000 - 60_000);
      const files: Record<string, Date | undefined> = {
        [`dead01.${dead}.tmp`]: undefined, // its process is gone: removed
        [`live01.${live.pid}.tmp`]: beforeThisProcess, // its process runs (a slow upload): kept, however old
        [`mine01.${process.pid}.tmp`]: undefined, // this process's, written after it started: kept
        [`reuse01.${process.pid}.tmp`]: beforeThisProcess, // same pid, older than this process: removed
        'old01.tmp': beforeThisProcess, // pid-less, older than this process: removed
        'new01.tmp': undefined, // pid-less, written since this process started: kept
        'keep01.audio': beforeThisProcess,
        'keep01.json': beforeThisProcess,
      };
      for (const [name, time] of Object.entries(files)) {
        await writeFile(join(tenantDir, name), Buffer.alloc(4096, 1));
        if (time !== undefined) await utimes(join(tenantDir, name), time, time);
      }
      t = await startTestService({}, dataDir);
      expect((await readdir(tenantDir)).sort()).toEqual(
        ['keep01.audio', 'keep01.json', `live01.${live.pid}.tmp`, `mine01.${process.pid}.tmp`, 'new01.tmp'].sort(),
      );
    } finally {
      live.kill();
    }
  });
});

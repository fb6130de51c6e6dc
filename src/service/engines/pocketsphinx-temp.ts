/**
 * PocketSphinx's private temp folders (`<tmpdir>/dictclip-ps-<pid>-XXXXXX`: the control FIFO of a
 * recognizer process, a symlink for a path with spaces). A `kill -9` leaves them behind; the next
 * engine start removes those whose process is gone, and never another live process's.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'dictclip-ps-';
const NAME = /^dictclip-ps-(\d+)-/;

/** A new temp folder of this process. */
export function makeEngineTempDir(parent = tmpdir()): Promise<string> {
  return mkdtemp(join(parent, `${PREFIX}${process.pid}-`));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

/** Remove the temp folders of processes that no longer run; returns how many. */
export async function sweepEngineTempDirs(parent = tmpdir()): Promise<number> {
  const names = await readdir(parent).catch(() => [] as string[]);
  const stale = names.filter((name) => {
    const pid = Number(NAME.exec(name)?.[1] ?? Number.NaN);
    return Number.isSafeInteger(pid) && pid > 0 && !isAlive(pid);
  });
  await Promise.all(stale.map((name) => rm(join(parent, name), { recursive: true, force: true }).catch(() => undefined)));
  return stale.length;
}

/**
 * PocketSphinx's private temp folders (`<tmpdir>/dictclip-ps-<pid>-XXXXXX`: the control FIFO of a
 * recognizer process, a symlink for a path with spaces). A `kill -9` leaves them behind; the next
 * engine start removes those whose process is gone, and never another live process's.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isProcessAlive } from '../../process-alive.js';

const PREFIX = 'dictclip-ps-';
const NAME = /^dictclip-ps-(\d+)-/;

/** A new temp folder of this process. */
export function makeEngineTempDir(parent = tmpdir()): Promise<string> {
  return mkdtemp(join(parent, `${PREFIX}${process.pid}-`));
}

/** Remove the temp folders of processes that no longer run; returns how many. */
export async function sweepEngineTempDirs(parent = tmpdir()): Promise<number> {
  const names = await readdir(parent).catch(() => [] as string[]);
  const stale = names.filter((name) => {
    const pid = Number(NAME.exec(name)?.[1] ?? Number.NaN);
    return Number.isSafeInteger(pid) && pid > 0 && !isProcessAlive(pid);
  });
  await Promise.all(stale.map((name) => rm(join(parent, name), { recursive: true, force: true }).catch(() => undefined)));
  return stale.length;
}

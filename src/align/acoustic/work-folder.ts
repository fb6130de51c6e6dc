/**
 * The aligner's private working folder: `dictclip-align-<pid>-<random>` inside the folder the
 * caller gives. It is removed when the alignment ends; one whose process no longer runs (killed
 * with SIGKILL, the machine restarted) is removed by the next alignment in the same folder.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DictclipError } from '../../errors.js';

const PREFIX = 'dictclip-align-';
const NAME = /^dictclip-align-(\d+)-[A-Za-z0-9]+$/;

/** Whether process `pid` runs (EPERM: it does, as another user's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Remove working folders in `parent` left by processes that no longer run; returns how many. */
export async function removeStaleWorkFolders(parent: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return 0;
  }
  const stale = names.filter((name) => {
    const pid = Number(NAME.exec(name)?.[1] ?? Number.NaN);
    return Number.isInteger(pid) && pid !== process.pid && !running(pid);
  });
  await Promise.all(stale.map((name) => rm(join(parent, name), { recursive: true, force: true })));
  return stale.length;
}

/** Make a working folder in `parent` (after sweeping stale ones). */
export async function makeWorkFolder(parent: string): Promise<{ path: string; remove: () => Promise<void> }> {
  await removeStaleWorkFolders(parent);
  let path: string;
  try {
    path = await mkdtemp(join(parent, `${PREFIX}${process.pid}-`));
  } catch (cause) {
    throw new DictclipError('E_OUTPUT', `Cannot make the aligner's working folder in ${parent}`, { path: parent, cause });
  }
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

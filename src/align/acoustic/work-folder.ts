/**
 * The aligner's private working folder: `dictclip-align-<pid>-<random>` inside the folder the
 * caller gives. It is removed when the alignment ends; one whose process no longer runs (killed
 * with SIGKILL, the machine restarted) is removed by the next alignment in the same folder.
 */
import { rm } from 'node:fs/promises';
import { DictclipError } from '../../errors.js';
import { makePidFolder, pidFolderPattern, sweepPidStamped } from '../../pid-temps.js';

const PREFIX = 'dictclip-align-';
const NAME = pidFolderPattern(PREFIX);

/** Remove working folders in `parent` left by processes that no longer run; returns how many. */
export function removeStaleWorkFolders(parent: string): Promise<number> {
  return sweepPidStamped(parent, NAME);
}

/** Make a working folder in `parent` (after sweeping stale ones). */
export async function makeWorkFolder(parent: string): Promise<{ path: string; remove: () => Promise<void> }> {
  await removeStaleWorkFolders(parent);
  let path: string;
  try {
    path = await makePidFolder(parent, PREFIX);
  } catch (cause) {
    throw new DictclipError('E_OUTPUT', `Cannot make the aligner's working folder in ${parent}`, { path: parent, cause });
  }
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

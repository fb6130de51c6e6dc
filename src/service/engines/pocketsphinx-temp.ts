/**
 * PocketSphinx's private temp folders (`<tmpdir>/dictclip-ps-<pid>-XXXXXX`: the control FIFO of a
 * recognizer process, a symlink for a path with spaces). A `kill -9` leaves them behind; the next
 * engine start removes those whose process is gone, and never another live process's.
 */
import { tmpdir } from 'node:os';
import { makePidFolder, pidFolderPattern, sweepPidStamped } from '../../pid-temps.js';

const PREFIX = 'dictclip-ps-';
const NAME = pidFolderPattern(PREFIX);

/** A new temp folder of this process. */
export function makeEngineTempDir(parent = tmpdir()): Promise<string> {
  return makePidFolder(parent, PREFIX);
}

/** Remove the temp folders of processes that no longer run; returns how many. */
export function sweepEngineTempDirs(parent = tmpdir()): Promise<number> {
  return sweepPidStamped(parent, NAME);
}

/**
 * Temporary files a killed run left in its output folder. Every run output is written by
 * `writeFileAtomic` (temp file beside the target, then rename), so a `kill -9` between the two
 * leaves `<file>.<12 hex>.tmp` behind; the next run into the same folder removes them before it
 * writes anything. Clip folders are not walked: a recording's clip folder is emptied before it is
 * cut again.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ATOMIC_TEMP_NAME } from '../../files.js';
import { MIRRORED_DIRS, REPORT_DIR } from '../../run-output/layout.js';

/** Folders of the output (relative) whose whole tree holds atomically written files. */
const TREES = [...MIRRORED_DIRS, REPORT_DIR];

/** Remove stale atomic-write temp files from `outDir` (top level and {@link TREES}); returns how many. */
export async function removeStaleTemps(outDir: string): Promise<number> {
  let removed = await sweep(outDir, false);
  for (const tree of TREES) removed += await sweep(path.join(outDir, tree), true);
  return removed;
}

async function sweep(dir: string, recursive: boolean): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive });
  } catch {
    return 0; // no such folder yet
  }
  const stale = entries.filter((entry) => entry.isFile() && ATOMIC_TEMP_NAME.test(entry.name));
  await Promise.all(stale.map((entry) => rm(path.join(entry.parentPath, entry.name), { force: true })));
  return stale.length;
}

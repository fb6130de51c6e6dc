/**
 * Bringing a shard's files into the merge folder without copying: a hard link per file (the
 * shard output keeps its files, nothing is read or written but directory entries), a copy only
 * where the file system refuses links (another device, or no hard links). Idempotent: a file
 * already present in the target (an interrupted merge resumed) is left as it is.
 */
import { copyFile, link, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { DictclipError } from '../errors.js';

/** Files linked and copied. */
export interface LinkCounts {
  linked: number;
  copied: number;
}

/** Link (else copy) one file; nothing when the target exists. */
export async function linkFile(from: string, to: string, counts: LinkCounts): Promise<void> {
  try {
    await link(from, to);
    counts.linked += 1;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EEXIST') return;
    if (code === 'ENOENT') {
      await mkdir(path.dirname(to), { recursive: true });
      return linkFile(from, to, counts);
    }
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') {
      throw new DictclipError('E_OUTPUT', `cannot link ${from} to ${to}`, { path: to, cause: error });
    }
    await copyFile(from, to).catch((cause: unknown) => {
      throw new DictclipError('E_OUTPUT', `cannot copy ${from} to ${to}`, { path: to, cause });
    });
    counts.copied += 1;
  }
}

/**
 * Link every file under `fromDir` to the same relative path under `toDir` (nothing when `fromDir`
 * is absent), leaving out leftovers of interrupted writes (names with `.tmp`).
 */
export async function linkTree(fromDir: string, toDir: string, counts: LinkCounts): Promise<void> {
  let entries;
  try {
    entries = await readdir(fromDir, { withFileTypes: true });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return;
    throw new DictclipError('E_MERGE', `cannot read ${fromDir}`, { path: fromDir, cause: error });
  }
  await mkdir(toDir, { recursive: true });
  for (const entry of entries) {
    const from = path.join(fromDir, entry.name);
    const to = path.join(toDir, entry.name);
    if (entry.isDirectory()) await linkTree(from, to, counts);
    else if (entry.isFile() && !/\.tmp/.test(entry.name)) await linkFile(from, to, counts);
  }
}

/** Temp folders and output-tree inspection. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

const created: string[] = [];

/** A fresh folder under the OS temp dir; removed by {@link removeTempDirs}. */
export async function tempDir(prefix = 'test'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `dictclip-${prefix}-`));
  created.push(dir);
  return dir;
}

/** Remove every folder made by {@link tempDir} (call from afterAll). */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Every file below `root` as a sorted list of `/`-separated relative paths (symlinks not followed). */
export async function listFiles(root: string, options: { exclude?: (rel: string) => boolean } = {}): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => !e.isDirectory())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((rel) => !(options.exclude?.(rel) ?? false))
    .sort();
}

/** Names that look like leftovers of an interrupted write (temp files, partial downloads). */
export function isTempName(rel: string): boolean {
  const name = rel.split('/').pop() ?? '';
  return /\.tmp|\.part$|\.partial$|~$|^\.#/.test(name);
}

/** Finding executables: a file the process may run, the first match on a PATH value. */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** True for an existing regular file the process may execute. */
export async function isExecutableFile(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Find an executable: a bare name (no path separator) is looked up in the folders of `pathEnv`;
 * anything else is a path that must itself be an executable file.
 */
export async function findExecutable(nameOrPath: string, pathEnv: string | undefined): Promise<string | undefined> {
  const bare = !nameOrPath.includes('/') && !nameOrPath.includes('\\');
  if (bare) return searchPath(nameOrPath, pathEnv);
  return (await isExecutableFile(nameOrPath)) ? nameOrPath : undefined;
}

/** The first executable `name` in the folders of `pathEnv` (a PATH value). */
export async function searchPath(name: string, pathEnv: string | undefined): Promise<string | undefined> {
  for (const dir of (pathEnv ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

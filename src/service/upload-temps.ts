/**
 * Partial uploads: an upload streams into `<data>/audio/<tenant>/<random>.<pid>.tmp` and is renamed
 * when complete, so a `kill -9` mid-upload (up to a whole upload's bytes) leaves the temp behind.
 * The next service start removes those provably stale: the pid in the name no longer runs (or is
 * this process's own pid, reused after a restart, and the file predates this process); names
 * without a pid (written before pids were added) only when older than this process. A live
 * process's upload is never removed.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isProcessAlive } from '../process-alive.js';

/** `<random>.<pid>.tmp` (this version) or `<random>.tmp` (older versions, no pid). */
const UPLOAD_TEMP = /^[A-Za-z0-9_-]+(?:\.(\d+))?\.tmp$/;

/** Temp-file name of an upload in progress in this process. */
export function uploadTempName(random: string): string {
  return `${random}.${process.pid}.tmp`;
}

/** When this process started (ms since the epoch). */
function processStartMs(): number {
  return Date.now() - process.uptime() * 1000;
}

async function isStale(file: string, pidText: string | undefined, startedMs: number): Promise<boolean> {
  const pid = pidText === undefined ? undefined : Number(pidText);
  if (pid !== undefined && pid !== process.pid) return pid > 0 && !isProcessAlive(pid);
  const info = await stat(file).catch(() => undefined);
  return info !== undefined && info.mtimeMs < startedMs;
}

/** Remove stale partial uploads from every tenant folder under `audioRoot`; returns how many. */
export async function sweepUploadTemps(audioRoot: string, startedMs = processStartMs()): Promise<number> {
  const tenants = await readdir(audioRoot, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const tenant of tenants.filter((entry) => entry.isDirectory())) {
    const dir = join(audioRoot, tenant.name);
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const match = UPLOAD_TEMP.exec(name);
      if (match === null || !(await isStale(join(dir, name), match[1], startedMs))) continue;
      await rm(join(dir, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

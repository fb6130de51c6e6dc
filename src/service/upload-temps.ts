/**
 * Partial uploads: an upload streams into `<data>/audio/<tenant>/<random>.<pid>.tmp` and is renamed
 * when complete, so a `kill -9` mid-upload (up to a whole upload's bytes) leaves the temp behind.
 * The next service start removes those provably stale: the pid in the name no longer runs (or is
 * this process's own pid, reused after a restart, and the file predates this process); a name
 * without a pid only when older than this process. A live process's upload is never removed.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { processStartMs, sweepPidStamped } from '../pid-temps.js';

/** `<random>.<pid>.tmp`, or `<random>.tmp` with no pid. */
const UPLOAD_TEMP = /^[A-Za-z0-9_-]+(?:\.(\d+))?\.tmp$/;

/** Temp-file name of an upload in progress in this process. */
export function uploadTempName(random: string): string {
  return `${random}.${process.pid}.tmp`;
}

/** Remove stale partial uploads from every tenant folder under `audioRoot`; returns how many. */
export async function sweepUploadTemps(audioRoot: string, startedMs = processStartMs()): Promise<number> {
  const tenants = await readdir(audioRoot, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const tenant of tenants.filter((entry) => entry.isDirectory())) {
    removed += await sweepPidStamped(join(audioRoot, tenant.name), UPLOAD_TEMP, { startedMs });
  }
  return removed;
}

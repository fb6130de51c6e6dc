/**
 * Temp entries stamped with the pid of the process that made them (a folder
 * `<prefix><pid>-XXXXXX`, a partial upload `<random>.<pid>.tmp` …). A `kill -9` leaves them behind;
 * the one sweep here removes those whose process no longer runs and never a live process's.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Whether a process id names a running process (`kill(pid, 0)`): ESRCH means gone; EPERM means
 * alive but another user's.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A new folder `<parent>/<prefix><pid>-XXXXXX` of this process (see {@link pidFolderPattern}). */
export function makePidFolder(parent: string, prefix: string): Promise<string> {
  return mkdtemp(join(parent, `${prefix}${process.pid}-`));
}

/** The names {@link makePidFolder} gives with `prefix`; group 1 is the pid. */
export function pidFolderPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)-[A-Za-z0-9]+$`);
}

/** When this process started (ms since the epoch): the `startedMs` of a sweep at start-up. */
export function processStartMs(): number {
  return Date.now() - process.uptime() * 1000;
}

export interface PidSweepOptions {
  /**
   * When this process started (ms since the epoch). Given, an entry with no pid in its name (the
   * pattern's group 1 did not take part) or with this process's own pid (reused after a restart)
   * is removed when it was last modified before then; not given, such entries are kept.
   */
  readonly startedMs?: number;
}

/**
 * Remove the entries of `dir` (files or whole folders) whose name `pattern` matches (group 1: the
 * pid) and whose process no longer runs; returns how many. A missing `dir` holds none.
 */
export async function sweepPidStamped(dir: string, pattern: RegExp, options: PidSweepOptions = {}): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const stale: string[] = [];
  for (const name of names) {
    const match = pattern.exec(name);
    if (match !== null && (await isStale(join(dir, name), match[1], options.startedMs))) stale.push(name);
  }
  await Promise.all(stale.map((name) => rm(join(dir, name), { recursive: true, force: true }).catch(() => undefined)));
  return stale.length;
}

async function isStale(entry: string, pidText: string | undefined, startedMs: number | undefined): Promise<boolean> {
  const pid = pidText === undefined ? undefined : Number(pidText);
  if (pid !== undefined && pid !== process.pid) return Number.isSafeInteger(pid) && pid > 0 && !isProcessAlive(pid);
  if (startedMs === undefined) return false;
  const info = await stat(entry).catch(() => undefined);
  return info !== undefined && info.mtimeMs < startedMs;
}

/**
 * The temp folder an export is written into beside its target, `.<name>.<pid>-<12 hex>.tmp` (and
 * `<that>.old`, the replaced export on its way out), and the sweep of those a killed export left:
 * before an export writes, the temp folders of exports whose process no longer runs are removed
 * from the target's parent folder (any target name, any format), through the one pid-stamped sweep
 * (src/pid-temps.ts). Pid-less `.<name>.<12 hex>.tmp` folders of earlier versions are removed when
 * they are of this target and older than this process. A finished export is put in place of the
 * old one by renames: the old moved aside, the new renamed in, the old removed.
 */
import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { processStartMs, sweepPidStamped } from '../pid-temps.js';

/** A new temp folder name for an export to `to`, stamped with this process's pid. */
export function exportTempPath(to: string): string {
  return path.join(path.dirname(to), `.${path.basename(to)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Remove the temp folders killed exports left beside `to` (see the module comment); returns how many. */
export async function sweepExportTemps(to: string): Promise<number> {
  const parent = path.dirname(to);
  const stamped = await sweepPidStamped(parent, /^\..+\.(\d+)-[0-9a-f]{12}\.tmp(?:\.old)?$/);
  const legacy = await sweepPidStamped(parent, new RegExp(`^\\.${escape(path.basename(to))}\\.[0-9a-f]{12}\\.tmp(?:\\.old)?$`), {
    startedMs: processStartMs(),
  });
  return stamped + legacy;
}

/** Put `temp` in place of `target`: the old export (if any) is moved aside, then removed. */
export async function replaceDir(temp: string, target: string): Promise<void> {
  const old = `${temp}.old`;
  const hadOld = await rename(target, old).then(() => true, (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return false;
    throw error;
  });
  try {
    await rename(temp, target);
  } catch (error) {
    if (hadOld) await rename(old, target).catch(() => undefined);
    throw error;
  }
  if (hadOld) await rm(old, { recursive: true, force: true });
}

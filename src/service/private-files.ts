/**
 * The permissions of everything the service stores (accounts with password and key hashes, audio,
 * dictations, work and spool files): files 0600, folders 0700, whatever the umask (a umask only
 * removes bits). Folders made by an older version are tightened at start.
 */
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Mode of the service's files. */
export const FILE_MODE = 0o600;
/** Mode of the service's folders. */
export const DIR_MODE = 0o700;

/** Create a folder (and its parents) with {@link DIR_MODE}. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
}

/** Create the data folder and tighten it, its own folders and accounts.json (made by an older version). */
export async function securePrivateData(dataDir: string): Promise<void> {
  await makePrivateDir(dataDir);
  for (const name of ['', 'audio', 'dictations', 'work', 'ws']) await chmod(join(dataDir, name), DIR_MODE).catch(() => undefined);
  await chmod(join(dataDir, 'accounts.json'), FILE_MODE).catch(() => undefined);
}

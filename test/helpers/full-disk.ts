/** A real small file system for full-disk tests: a tmpfs of a few MiB (tests run as root), filled up to the last bytes on demand. */
import { execa } from 'execa';
import { rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempDir } from './fs.js';

export interface SmallDisk {
  /** The mount point. */
  readonly dir: string;
  /** Fill the disk until `leaveBytes` (or a block more) are free, with one file `filler`. */
  fill(leaveBytes: number): Promise<void>;
  /** Remove the filler. */
  free(): Promise<void>;
  /** Unmount (the files on it go). */
  unmount(): Promise<void>;
}

/** Mount a tmpfs of `bytes` on a new temp folder. */
export async function mountSmallDisk(bytes = 2 * 1024 * 1024): Promise<SmallDisk> {
  const dir = await tempDir('small-disk-');
  await execa('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir]);
  const filler = path.join(dir, 'filler');
  return {
    dir,
    async fill(leaveBytes) {
      await rm(filler, { force: true });
      const { bavail, bsize } = await statfs(dir);
      await writeFile(filler, Buffer.alloc(Math.max(0, bavail * bsize - leaveBytes)));
    },
    free: () => rm(filler, { force: true }),
    async unmount() {
      await execa('umount', ['--lazy', dir]); // lazy: a file a failed write left open must not keep the mount
    },
  };
}

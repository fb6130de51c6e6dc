/**
 * Checks of the input and output folders before a run writes anything: the output folder must not
 * be the input folder (its clips would be read back as recordings on the next run), and it must be
 * a folder when it exists. An output folder inside the input folder is fine: the scan leaves it out.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { DictclipError } from '../../errors.js';

async function canonical(dir: string): Promise<string> {
  return realpath(dir).catch(() => dir);
}

/**
 * @throws DictclipError `E_CONFIG` (key `outDir`) when the output folder is the input folder (also
 * through a symlink) or exists as something other than a folder.
 */
export async function checkRunFolders(inputDir: string, outDir: string): Promise<void> {
  const input = path.resolve(inputDir);
  const out = path.resolve(outDir);
  if ((await canonical(input)) === (await canonical(out))) {
    throw new DictclipError(
      'E_CONFIG',
      `the output folder (--out) ${out} is the input folder: the next run would read its clips back as recordings. ` +
        'Fix: pass --out a folder of its own, e.g. a sibling of the input folder or a subfolder of it (left out of the scan).',
      { key: 'outDir', path: out },
    );
  }
  const stats = await stat(out).catch(() => undefined);
  if (stats !== undefined && !stats.isDirectory()) {
    throw new DictclipError('E_CONFIG', `the output folder (--out) ${out} is a file, not a folder. Fix: pass --out a folder (it is created when missing).`, {
      key: 'outDir',
      path: out,
    });
  }
}

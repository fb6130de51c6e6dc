/**
 * The run's reference of a recording from the output's corrections/: a regular file inside the
 * output folder is the review's correction; a link there (to a file outside) is refused with
 * E_UNSAFE_PATH, as the review refuses it, instead of being read as the recording's reference.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openRunReferences } from '../../../src/pipeline/run/references.js';
import { removeTempDirs, tempDir } from '../../helpers/index.js';

afterAll(removeTempDirs);

async function outputWith(correction: (file: string, root: string) => Promise<void>): Promise<string> {
  const root = await tempDir('run-references');
  const outDir = path.join(root, 'out');
  await mkdir(path.join(outDir, 'corrections'), { recursive: true });
  await correction(path.join(outDir, 'corrections', 'a.wav.txt'), root);
  return outDir;
}
const find = async (outDir: string) =>
  (await openRunReferences({ outDir, given: undefined, remembered: undefined, reuse: true, relPaths: ['a.wav'] })).find('a.wav', () => {});

describe('a correction as the run finds it', () => {
  it('takes a regular corrections/<src>.txt as the review\'s reference', async () => {
    const outDir = await outputWith((file) => writeFile(file, 'Please call Stella.\n'));
    expect(await find(outDir)).toMatchObject({ from: 'review', edits: [], reference: { text: 'Please call Stella.\n' } });
  });

  it('refuses a corrections/<src>.txt that links to a file outside the output folder with E_UNSAFE_PATH', async () => {
    const outDir = await outputWith(async (file, root) => {
      await writeFile(path.join(root, 'secret.txt'), 'TOP SECRET\n');
      await symlink(path.join(root, 'secret.txt'), file);
    });
    await expect(find(outDir)).rejects.toMatchObject({ code: 'E_UNSAFE_PATH' });
  });
});

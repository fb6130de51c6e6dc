/**
 * Temp folders of killed exports (issue 30 item 3): the next export beside them removes those whose
 * process no longer runs (any format, any target name) and the pid-less ones of earlier versions
 * that are older than it; a running export's folder is kept.
 */
import { mkdir, readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { exportDataset } from '../../src/dataset/index.js';
import { isProcessAlive } from '../../src/pid-temps.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';
import { writeHelloRun } from './fixture.js';

afterAll(removeTempDirs);

it('sweeps dead exports\' temp folders beside the target, keeps a live one', async () => {
  const root = await tempDir('export-temps-');
  const { runDir } = await writeHelloRun(root);
  const parent = path.join(root, 'exports');
  let dead = 4_194_303;
  while (isProcessAlive(dead)) dead -= 1;
  const live = process.ppid;
  const names = [
    `.hf.${dead}-0123456789ab.tmp`, `.wds.${dead}-0123456789ab.tmp.old`, '.hf.0123456789ab.tmp', '.other.0123456789ab.tmp',
    `.hf.${live}-0123456789ab.tmp`, 'keep.tmp',
  ];
  for (const name of names) await mkdir(path.join(parent, name, 'train'), { recursive: true });
  const old = new Date(Date.now() - 3600_000);
  await utimes(path.join(parent, '.hf.0123456789ab.tmp'), old, old);
  await utimes(path.join(parent, '.other.0123456789ab.tmp'), old, old);
  await exportDataset({ runDir, format: 'hf', to: path.join(parent, 'hf') });
  expect((await readdir(parent)).sort()).toEqual([`.hf.${live}-0123456789ab.tmp`, '.other.0123456789ab.tmp', 'hf', 'keep.tmp']);
});

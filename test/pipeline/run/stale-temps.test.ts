import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { removeStaleTemps } from '../../../src/pipeline/run/stale-temps.js';
import { removeTempDirs, tempDir } from '../../helpers/index.js';

afterAll(removeTempDirs);

it('removes the temp files a killed run left beside its outputs, and nothing else', async () => {
  const out = await tempDir('stale');
  await mkdir(path.join(out, 'markers', 'a'), { recursive: true });
  await mkdir(path.join(out, 'clips', 'x'), { recursive: true });
  const files = {
    'manifest.csv': 'keep', 'manifest.csv.0123456789ab.tmp': 'stale',
    'markers/a/b.wav.json': 'keep', 'markers/a/b.wav.json.a1b2c3d4e5f6.tmp': 'stale',
    'markers/notes.tmp': 'keep (not an atomic-write name)', 'clips/x/00000_a.wav.0123456789ab.tmp': 'not walked',
  };
  for (const [rel, text] of Object.entries(files)) await writeFile(path.join(out, rel), text);
  expect(await removeStaleTemps(out)).toBe(2);
  const left = (await readdir(out, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())
    .map((e) => path.relative(out, path.join(e.parentPath, e.name))).sort();
  expect(left).toEqual(['clips/x/00000_a.wav.0123456789ab.tmp', 'manifest.csv', 'markers/a/b.wav.json', 'markers/notes.tmp']);
  expect(await removeStaleTemps(path.join(out, 'missing'))).toBe(0);
});

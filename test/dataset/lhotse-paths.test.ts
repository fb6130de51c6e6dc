/**
 * lhotse recording paths are relative to the export folder (lhotse opens a relative path against
 * the working directory, or a folder given to `with_path_prefix`), so a moved export still finds
 * every clip.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportDataset } from '../../src/index.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';
import { writeRun } from './fixture.js';
import { jsonLinesGz, readLhotse, wavFacts } from './readers.js';

let root: string;
let runDir: string;

beforeAll(async () => {
  root = await tempDir('lhotse-paths');
  ({ runDir } = await writeRun(root));
});

afterAll(removeTempDirs);

it('writes every recording path relative to the export folder, so a moved export still reads', async () => {
  const first = path.join(root, 'first');
  await exportDataset({ runDir, format: 'lhotse', to: first, split: 'train=50,test=50', seed: 1 });
  const moved = path.join(root, 'elsewhere', 'moved');
  await mkdir(path.dirname(moved));
  await rename(first, moved);
  expect(existsSync(first)).toBe(false);

  const sources = (split: string): string[] => jsonLinesGz<{ sources: { type: string; source: string }[] }>(path.join(moved, split, 'recordings.jsonl.gz'))
    .map((r) => r.sources.map((s) => `${s.type} ${s.source}`).join());
  expect({ train: sources('train'), test: sources('test') }).toEqual({
    train: [
      'file train/audio/bob__b-3209c314-00000_alpha.wav',
      'file train/audio/bob__b-3209c314-00001_beta.wav',
      'file train/audio/bob__b-3209c314-00002_gamma.wav',
      'file train/audio/dave__d_e-1021f02b-00000_yes.wav',
      'file train/audio/dave__d_e-1021f02b-00001_no.wav',
    ],
    test: [
      'file test/audio/alice__a-9c180b65-00000_hello.wav',
      'file test/audio/alice__a-9c180b65-00001_world.wav',
      'file test/audio/carol__c-2d01e725-00000_one.wav',
      'file test/audio/carol__c-2d01e725-00001_two.wav',
    ],
  });
  // Every path resolves against the moved folder (as with_path_prefix("<export>") joins it) to the clip it names.
  const { splits } = readLhotse(moved);
  const clips = Object.values(splits).flat();
  expect(clips).toHaveLength(9);
  for (const clip of clips) {
    const file = clip.file ?? '';
    expect(file.startsWith(`${moved}${path.sep}`), file).toBe(true);
    expect(wavFacts(readFileSync(file)).samples).toBe(Math.round(clip.seconds * 16_000));
  }
}, 60_000);

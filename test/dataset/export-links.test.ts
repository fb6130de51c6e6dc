/**
 * Issue 30 items 7 and 8, the export's side: an export reads only regular files inside the output
 * folder. A clip replaced by a symbolic link (to a file outside), a clips folder linked elsewhere
 * and a hand-edited `file_name` leaving the folder each stop the export with E_UNSAFE_PATH
 * (exit 2) before anything is written; the intact run exports as before.
 */
import { existsSync } from 'node:fs';
import { cp, readFile, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { fakeIo } from '../cli/fake-io.js';
import { pcmWav, removeTempDirs, tempDir } from '../helpers/index.js';
import { writeHelloRun } from './fixture.js';
import { jsonLinesGz } from './readers.js';

let root: string;
let runDir: string;
let pristine: string;
let clip: string;
let secret: string;

beforeAll(async () => {
  root = await tempDir('export-links');
  pristine = (await writeHelloRun(root, ['a.wav'], 'pristine')).runDir;
  secret = path.join(root, 'secret.wav'); // a valid WAV outside the output folder, as a clip would be
  await writeFile(secret, pcmWav(new Int16Array(6400)));
});

beforeEach(async () => {
  runDir = path.join(root, 'out');
  await rm(runDir, { recursive: true, force: true });
  await cp(pristine, runDir, { recursive: true });
  const [row] = parse(await readFile(path.join(runDir, 'manifest.csv')), { columns: true }) as { file_name: string }[];
  clip = path.join(runDir, ...row!.file_name.split('/'));
});

afterAll(removeTempDirs);

async function refused(format: string, message: string): Promise<void> {
  const io = fakeIo({ cwd: root });
  const to = path.join(root, `to-${format}`);
  expect(await main(['export', runDir, '--format', format, '--to', to], io.io)).toBe(2);
  expect(io.stderr()).toContain(`dictclip: E_UNSAFE_PATH: ${message}`);
  expect(existsSync(to)).toBe(false);
  expect((await readdir(root)).filter((name) => name.startsWith(`.to-${format}`))).toEqual([]);
}

describe('exports read only regular files inside the output folder (issue 30 item 7)', () => {
  it('exports the intact run', async () => {
    const io = fakeIo({ cwd: root });
    expect(await main(['export', runDir, '--format', 'webdataset', '--to', path.join(root, 'ok')], io.io)).toBe(0);
  });

  it('refuses a clip that is a symbolic link to a file outside, in every format that holds clips', async () => {
    await rm(clip);
    await symlink(secret, clip);
    for (const format of ['webdataset', 'hf', 'nemo', 'ljspeech', 'lhotse']) await refused(format, `the clip ${clip} is a symbolic link: only regular files of the output folder are read`);
  });

  it('refuses a clip whose folder is a link out of the output folder', async () => {
    const dir = path.dirname(clip);
    const elsewhere = path.join(root, 'elsewhere');
    await rm(elsewhere, { recursive: true, force: true });
    await rename(dir, elsewhere);
    await symlink(elsewhere, dir);
    await refused('webdataset', `the clip ${clip} is outside the output folder ${runDir} (after following links): refused`);
  });

  it('lhotse never reads a markers file that is a link: the supervision gets no word alignment', async () => {
    const markers = path.join(runDir, 'markers', 'a.wav.json');
    const outside = path.join(root, 'markers-elsewhere.json');
    await cp(markers, outside);
    const alignment = async (): Promise<unknown> => {
      const to = path.join(root, 'lhotse');
      await rm(to, { recursive: true, force: true });
      expect(await main(['export', runDir, '--format', 'lhotse', '--to', to], fakeIo({ cwd: root }).io)).toBe(0);
      return jsonLinesGz<{ alignment?: unknown }>(path.join(to, 'train', 'supervisions.jsonl.gz')).map((s) => s.alignment !== undefined);
    };
    expect(await alignment()).toEqual([true]);
    await rm(markers);
    await symlink(outside, markers);
    expect(await alignment()).toEqual([false]);
  });

  it('refuses a hand-edited file_name that leaves the output folder', async () => {
    const file = path.join(runDir, 'manifest.csv');
    const rows = parse(await readFile(file), { columns: true }) as Record<string, string>[];
    await writeFile(file, stringify(rows.map((r) => ({ ...r, file_name: '../secret.wav' })), { header: true, record_delimiter: 'unix' }));
    await refused('hf', `the clip ${secret} is outside the output folder ${runDir} (after following links): refused`);
  });
});

/**
 * Issue 30 item 8: a hand-edited manifest row with `source=../base.wav` must not make the review
 * serve a file outside the input folder, nor an export (Kaldi's wav.scp) name one: every source
 * is resolved inside the input folder first.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startReview } from '../../src/review/index.js';
import { fakeIo } from '../cli/fake-io.js';
import { writeHelloRun } from '../dataset/fixture.js';
import { pcmWav, removeTempDirs, tempDir } from '../helpers/index.js';

let root: string;
let runDir: string;

beforeAll(async () => {
  root = await tempDir('source-paths');
  ({ runDir } = await writeHelloRun(root));
  await writeFile(path.join(root, 'base.wav'), pcmWav(new Int16Array(8000))); // beside the input folder, not in it
  const file = path.join(runDir, 'manifest.csv');
  const rows = parse(await readFile(file), { columns: true }) as Record<string, string>[];
  await writeFile(file, stringify(rows.map((r) => ({ ...r, source: '../base.wav' })), { header: true, record_delimiter: 'unix' }));
});

afterAll(removeTempDirs);

describe('a source outside the input folder (issue 30 item 8)', () => {
  it('is never served by the review', async () => {
    const review = await startReview({ runDir, port: 0 });
    try {
      for (const source of ['../base.wav', 'x/../../base.wav', '/etc/hostname']) {
        const audio = await request(new URL(`/api/audio?source=${encodeURIComponent(source)}`, review.url));
        expect([audio.statusCode, (await audio.body.json() as { error: string }).error]).toEqual([404, 'unknown-source']);
      }
      const list = await request(new URL('/api/recordings', review.url));
      const { recordings } = await list.body.json() as { recordings: { source: string; playable: boolean }[] };
      expect(recordings.map((r) => [r.source, r.playable])).toEqual([['a.wav', true]]); // a.wav from its saved markers
    } finally {
      await review.close();
    }
  });

  it('stops a Kaldi export with E_UNSAFE_PATH before anything is written', async () => {
    const io = fakeIo({ cwd: root });
    expect(await main(['export', runDir, '--format', 'kaldi', '--to', path.join(root, 'kaldi')], io.io)).toBe(2);
    expect(io.stderr()).toBe(`dictclip: E_UNSAFE_PATH: the source "../base.wav" is not a path inside the input folder ${path.join(root, 'in')}: refused\n`);
  });
});

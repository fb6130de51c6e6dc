import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readReportModel } from '../../src/report/model.js';
import * as layout from '../../src/run-output/layout.js';
import { checkRunOutput, readManifest, readSummary, readTable } from '../../src/run-output/read.js';
import { writeRunOutputs } from '../../src/run-output/write.js';

const SRC = path.resolve(import.meta.dirname, '../../src');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'run-output-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('the run-output room', () => {
  it('is the only module of src/ that spells a run-output name', async () => {
    // `clips` and `transcripts` are left out: they are also a summary field, a key group and a config key.
    const names = [...layout.RUN_FILES, layout.ALIGNMENTS_DIR, layout.CORRECTIONS_DIR, layout.INTERNAL_DIR];
    const files = (await readdir(SRC, { recursive: true })).filter((f) => f.endsWith('.ts') && f !== path.join('run-output', 'layout.ts'));
    const spelled: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(SRC, file), 'utf8');
      for (const name of names) if (text.includes(`'${name}'`) || text.includes(`"${name}"`)) spelled.push(`${file}: ${name}`);
    }
    expect(files.length).toBeGreaterThan(100);
    expect(spelled).toEqual([]);
  });

  it('reads back exactly what it writes: manifest rows, failures, summary', async () => {
    const row = {
      file_name: 'clips/a-1/00000_hello_there.wav', text: 'hello, "there"', source: 'a b.wav', start_ms: 120, end_ms: 480, duration_ms: 360,
      kind: 'word' as const, method: 'new' as const, dictation_id: 'd1', text_start: 0, text_length: 14, flags: 'short', sample_rate: 44100, channels: 2,
    };
    const summary = {
      recordings: 1,
      done: 1,
      failed: 1,
      resumed: 0,
      skipped: 0,
      clips: 1,
      totalClipMs: 360,
      medianClipMs: 360,
      minClipMs: 360,
      maxClipMs: 360,
      droppedClips: 0,
      droppedClipMs: 0,
      flaggedClips: 1,
      flaggedClipMs: 360,
      paddingClampedEdges: 0,
      wallTimeMs: 5,
      stageMs: {},
      inputDir: '/in',
    };
    await writeRunOutputs(dir, [row], [{ source: 'b.wav', stage: 'cut', code: 'E_OUTPUT', message: 'disk, full' }], summary);
    expect(await checkRunOutput(dir)).toEqual({ inputDir: '/in' });
    expect(await collect(readManifest(dir))).toEqual([{
      file_name: row.file_name, text: row.text, source: row.source, start_ms: 120, end_ms: 480, duration_ms: 360,
      kind: 'word', flags: 'short', text_start: 0, text_length: 14, sample_rate: 44100, channels: 2,
    }]);
    expect(await readTable(dir, layout.FAILURES_FILE)).toEqual({
      columns: ['source', 'stage', 'code', 'message'], rows: [{ source: 'b.wav', stage: 'cut', code: 'E_OUTPUT', message: 'disk, full' }],
    });
    expect(await readTable(dir, 'absent.csv')).toBeUndefined();
    expect((await readSummary(dir))['failed']).toBe(1);
  });

  it('fails as E_NOT_RUN_OUTPUT, one code for every reader, naming what is missing', async () => {
    const empty = path.join(dir, 'empty');
    await mkdir(empty);
    await expect(checkRunOutput(empty)).rejects.toMatchObject({
      code: 'E_NOT_RUN_OUTPUT',
      message: `${empty} is not a dictclip run output: manifest.csv and summary.json are missing. Fix: pass the --out folder of a finished \`dictclip run\`.`,
    });
    await expect(readReportModel(empty)).rejects.toMatchObject({
      code: 'E_NOT_RUN_OUTPUT',
      message: expect.stringContaining('manifest.csv is missing'),
    });
    await expect(readSummary(empty)).rejects.toMatchObject({
      code: 'E_NOT_RUN_OUTPUT',
      message: expect.stringContaining('summary.json is missing'),
    });
    await writeFile(path.join(empty, layout.FAILURES_FILE), 'source,stage\n"unclosed\n');
    await expect(readTable(empty, layout.FAILURES_FILE)).rejects.toMatchObject({
      code: 'E_NOT_RUN_OUTPUT',
      message: expect.stringContaining('failures.csv is not valid CSV'),
    });
    await writeFile(path.join(empty, layout.MANIFEST_FILE), 'file_name,text\nx.wav,x\n');
    await expect(collect(readManifest(empty))).rejects.toMatchObject({
      code: 'E_NOT_RUN_OUTPUT',
      message: expect.stringContaining('source, start_ms, end_ms, duration_ms are missing'),
    });
  });
});

/**
 * Issue 15, item 4 (and the 0-byte file of item 13), end to end: the containers ffmpeg decodes
 * are all processed, every other file is named in skipped.csv and counted as `skipped`, reused
 * recordings are counted as `resumed`, and an input without any recording gives a warning.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { ffmpegBinary, removeTempDirs, runOptions, tempDir } from '../helpers/index.js';
import { runPipeline } from '../../src/pipeline/index.js';

const exec = promisify(execFile);
afterAll(removeTempDirs);

/** 1 s of tone with ffmpeg options for a container; video ones get a tiny black picture. */
const CONTAINERS: [string, string[]][] = [
  ['a.aiff', []], ['b.au', []], ['c.caf', []], ['d.wma', []], ['e.opus', []],
  ['f.mov', ['-c:a', 'aac']], ['g.mkv', []], ['h.avi', ['-c:a', 'mp3']], ['i.webm', []],
];
const VIDEO = new Set(['.mov', '.mkv', '.avi', '.webm']);

async function render(file: string, extra: string[]): Promise<void> {
  const video = VIDEO.has(path.extname(file)) ? ['-f', 'lavfi', '-i', 'color=c=black:s=32x32:d=1:r=5'] : [];
  await exec(await ffmpegBinary(), [
    '-v', 'error', '-nostdin', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000:duration=1',
    ...video, ...extra, '-shortest', '-y', file,
  ]);
}

describe('input files (scripted engine)', () => {
  it('processes every accepted container and names every other file in skipped.csv', async () => {
    const root = await tempDir('inputs-e2e');
    const input = path.join(root, 'in');
    await mkdir(input, { recursive: true });
    for (const [name, extra] of CONTAINERS) await render(path.join(input, name), extra);
    await writeFile(path.join(input, 'notes.txt'), 'not audio');
    await writeFile(path.join(input, '.DS_Store'), 'x');
    await writeFile(path.join(input, 'empty.mp3'), '');
    const out = path.join(root, 'out');
    const warnings: string[] = [];
    const result = await runPipeline(runOptions(input, out), { onWarning: (w) => warnings.push(w.message) });
    expect(result.failures).toEqual([{
      source: 'empty.mp3', stage: 'scan', code: 'E_INPUT', message: 'the file is empty (0 bytes): there is no audio to dictate',
    }]);
    expect(result.summary).toMatchObject({ recordings: CONTAINERS.length + 1, done: CONTAINERS.length, failed: 1, resumed: 0, skipped: 2 });
    const rows = parse(await readFile(path.join(out, 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect([...new Set(rows.map((r) => r.source))].sort()).toEqual(CONTAINERS.map(([name]) => name));
    expect(await readFile(path.join(out, 'skipped.csv'), 'utf8')).toBe(
      'source,reason\n.DS_Store,"hidden file (name starts with ""."")"\nnotes.txt,""".txt"" is not an accepted audio or video type"\n',
    );
    expect(warnings).toEqual([]);

    const again = await runPipeline(runOptions(input, out));
    expect(again.summary).toMatchObject({ done: 0, resumed: CONTAINERS.length, skipped: 2, failed: 1 });
    expect(JSON.parse(await readFile(path.join(out, 'summary.json'), 'utf8'))).toMatchObject({ resumed: CONTAINERS.length, skipped: 2 });
  }, 120_000);

  it('warns when the input folder holds no recording at all', async () => {
    const root = await tempDir('inputs-e2e');
    const input = path.join(root, 'in');
    await mkdir(input, { recursive: true });
    await writeFile(path.join(input, 'readme.md'), '#');
    const warnings: string[] = [];
    const result = await runPipeline(runOptions(input, path.join(root, 'out')), { onWarning: (w) => warnings.push(w.message) });
    expect(result.summary).toMatchObject({ recordings: 0, skipped: 1 });
    expect(warnings).toEqual([`no recordings in ${input} (1 file not processed: see skipped.csv and the accepted types in dictclip run --help)`]);
  });
});

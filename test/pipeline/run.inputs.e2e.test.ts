/**
 * The containers ffmpeg decodes
 * are all processed, every other file is named in skipped.csv and counted as `skipped`, reused
 * recordings are counted as `resumed`, and an input without any recording gives a warning.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ffmpegBinary, pcmWav, removeTempDirs, runCli, runOptions, tempDir } from '../helpers/index.js';
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

  it('takes a single file as the input: its source is its base name', async () => {
    await ensureBuilt();
    const root = await tempDir('inputs-e2e');
    await mkdir(path.join(root, 'talks'), { recursive: true });
    await render(path.join(root, 'talks', 'talk.mp3'), []);
    await writeFile(path.join(root, 'talks', 'other.mp3'), 'never read');
    await writeFile(path.join(root, 'talks', 'notes.txt'), 'not audio');
    const result = await runCli(['run', 'talks/talk.mp3', '--out', 'o', '--engine', 'scripted', '--no-report', '--quiet'], { cwd: root, timeoutMs: 120_000 });
    expect([result.code, result.stderr]).toEqual([0, '']);
    const rows = parse(await readFile(path.join(root, 'o', 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['talk.mp3']));
    // The input folder of the run (read by the report and the kaldi export) is the file's folder.
    expect(JSON.parse(await readFile(path.join(root, 'o', 'summary.json'), 'utf8'))).toMatchObject({ inputDir: path.join(root, 'talks'), recordings: 1 });
    const notAudio = await runCli(['run', 'talks/notes.txt', '--out', 'o2', '--engine', 'scripted'], { cwd: root });
    expect([notAudio.code, notAudio.stderr]).toEqual([1,
      `dictclip: E_INPUT: input ${path.join(root, 'talks', 'notes.txt')} is neither a folder nor a recording: ".txt" is not an accepted audio or video type\n`]);
  }, 120_000);

  it('reads recordings reached through relative symlinks, in the work format or not', async () => {
    const root = await tempDir('inputs-e2e');
    await mkdir(path.join(root, 'annex'), { recursive: true });
    await mkdir(path.join(root, 'data', 'speaker'), { recursive: true });
    // Already in the work format (16 kHz mono, plain header): placed by a hard link, not ffmpeg.
    await writeFile(path.join(root, 'annex', 'work.wav'), pcmWav(Int16Array.from({ length: 16_000 }, (_, i) => Math.round(8000 * Math.sin(i / 6)))));
    await render(path.join(root, 'annex', 'object.flac'), []);
    await symlink('../../annex/work.wav', path.join(root, 'data', 'speaker', 'a.wav'));
    await symlink('../../annex/object.flac', path.join(root, 'data', 'speaker', 'b.flac'));
    const result = await runPipeline(runOptions(path.join(root, 'data'), path.join(root, 'out')));
    expect(result.failures).toEqual([]);
    expect(result.summary).toMatchObject({ recordings: 2, done: 2, failed: 0 });
  }, 120_000);
});

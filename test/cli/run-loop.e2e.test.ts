/**
 * The correction loop as a user types it (README, "The correction loop"): references → run →
 * review's corrections (text and word edits, as the review page saves them) → the same `dictclip
 * run` again → export only verified clips; and a strict run over a misnamed reference.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { makeBursts, removeTempDirs, runCli, tempDir } from '../helpers/index.js';
import { writeReview } from '../helpers/run-output.js';

afterAll(removeTempDirs);

async function manifest(out: string): Promise<string[][]> {
  const rows = parse(await readFile(path.join(out, 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
  // Flags about the audio of test bursts (no speech) are left out: `loud-edge`, `cut-edge`, `low-confidence`.
  return rows.map((r) => [r['source']!, r['text']!, r['start_ms']!, r['end_ms']!, r['flags']!.split(' ').filter((f) => !['loud-edge', 'cut-edge', 'low-confidence'].includes(f)).join(' ')]);
}

describe('the correction loop on the command line', () => {
  it('re-cuts after a review with the same command, edited edges to the ms, and exports only verified clips', async () => {
    const root = await tempDir('cli-loop');
    await makeBursts(path.join(root, 'in', 'talk.wav'), [[0.25, 0.55], [0.85, 1.15]], { seconds: 2 });
    await makeBursts(path.join(root, 'in', 'other.wav'), [[0.3, 0.6]], { seconds: 3 });
    const script = path.join(root, 'script.json');
    await writeFile(script, JSON.stringify({ fallback: 'none', scripts: [
      { match: { durationMs: 2000, toleranceMs: 5 }, words: [{ word: 'hello', startMs: 200, endMs: 600 }, { word: 'wold', startMs: 800, endMs: 1200 }] },
      { match: { durationMs: 3000, toleranceMs: 5 }, words: [{ word: 'yes', startMs: 300, endMs: 600 }] },
    ] }));
    await mkdir(path.join(root, 'refs'));
    await writeFile(path.join(root, 'refs', 'talk.txt'), 'Hello, world!\n');
    await writeFile(path.join(root, 'refs', 'other.txt'), 'Yes.\n');
    const out = path.join(root, 'out');
    const base = ['run', path.join(root, 'in'), '--out', out, '--engine', 'scripted', '--script-file', script, '--align', 'text', '--no-report'];
    let result = await runCli([...base, '--transcripts', path.join(root, 'refs')]);
    expect(result.code, result.stderr).toBe(0);
    // The review corrected talk.wav only: its text, one word's edges dragged, both words verified.
    await writeReview(out, 'talk.wav', 'Hello, World!', [
      { textStart: 0, textLength: 5, verified: true },
      { textStart: 7, textLength: 5, startMs: 812, endMs: 1187, verified: true },
    ]);
    result = await runCli(base);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('recordings: 1 done, 0 failed, 1 kept from an earlier run (of 2)\n');
    expect(await manifest(out)).toEqual([
      ['other.wav', 'Yes', '300', '600', ''], ['talk.wav', 'Hello', '200', '600', 'verified'], ['talk.wav', 'World', '812', '1187', 'verified'],
    ]);
    result = await runCli(['export', out, '--format', 'hf', '--only-verified']);
    expect(result.code, result.stderr).toBe(0);
    const metadata = parse(await readFile(path.join(out, 'exports', 'hf', 'train', 'metadata.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(metadata.map((r) => [r['text'], r['start_ms'], r['end_ms']])).toEqual([['Hello', '200', '600'], ['World', '812', '1187']]);
    // Another correction changes the manifest: the export is named stale until made again.
    await writeFile(path.join(out, 'corrections', 'other.wav.txt'), 'Yes, sir.\n');
    result = await runCli(base);
    expect(result.stdout).toContain(`exports: 1 stale (made from an earlier manifest; this run changed it): ${path.join(out, 'exports', 'hf')}; ` +
      `rebuild with dictclip export ${out} --format <format> [--to <folder>] and the options used before\n`);
    result = await runCli([...base, '--export', 'hf', '--only-verified']);
    expect([result.code, result.stdout.includes('stale')], result.stderr).toEqual([0, false]);
  });

  it('--require-transcripts fails a recording whose text is misnamed (exit 1), and without it the summary line names it', async () => {
    const root = await tempDir('cli-strict');
    await makeBursts(path.join(root, 'in', 'sonnet001.wav'), [[0.3, 0.6]], { seconds: 3 });
    const script = path.join(root, 'script.json');
    await writeFile(script, JSON.stringify({ fallback: 'none', scripts: [{ words: [{ word: 'shall', startMs: 300, endMs: 600 }] }] }));
    await mkdir(path.join(root, 'refs'));
    await writeFile(path.join(root, 'refs', 'sonnet_001.txt'), 'Shall.\n');
    const out = path.join(root, 'out');
    const base = ['run', path.join(root, 'in'), '--out', out, '--engine', 'scripted', '--script-file', script, '--transcripts', path.join(root, 'refs'), '--no-report'];
    let result = await runCli(base);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('recordings: 1 done, 0 failed (of 1); 1 without a reference transcript (cut from what the recognizer heard): sonnet001.wav\n');
    result = await runCli([...base, '--require-transcripts']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `sonnet001.wav [scan] E_REFERENCE_MISSING: no reference transcript for sonnet001.wav: looked for ${path.join(root, 'refs', 'sonnet001.wav.txt')} ` +
        `and ${path.join(root, 'refs', 'sonnet001.txt')}; the closest reference that matches no recording is ${path.join(root, 'refs', 'sonnet_001.txt')}`,
    );
    expect(await manifest(out)).toEqual([]); // nothing cut from it
  });
});

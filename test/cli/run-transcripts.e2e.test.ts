/**
 * `dictclip run --transcripts` as a user types it: the embedded service with the scripted engine,
 * a reference named as the run names its own transcripts (`<rel>.txt`), and the usage refusal.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeBursts, removeTempDirs, runCli, tempDir } from '../helpers/index.js';

afterAll(removeTempDirs);

describe('dictclip run --transcripts', () => {
  it('cuts the reference words of a corrected copy of transcripts/ at the recognizer times', async () => {
    const root = await tempDir('cli-transcripts');
    await makeBursts(path.join(root, 'in', 'talk.wav'), [[0.25, 0.55], [0.85, 1.15]], { seconds: 2 });
    const script = path.join(root, 'script.json');
    await writeFile(script, JSON.stringify({ fallback: 'none', scripts: [{ words: [{ word: 'hello', startMs: 200, endMs: 600 }, { word: 'wold', startMs: 800, endMs: 1200 }] }] }));
    const out = path.join(root, 'out');
    const base = ['run', path.join(root, 'in'), '--out', out, '--engine', 'scripted', '--script-file', script, '--no-report', '-q'];
    expect((await runCli(base)).code).toBe(0);
    expect(await readFile(path.join(out, 'transcripts', 'talk.wav.txt'), 'utf8')).toBe('Hello wold.\n');
    await mkdir(path.join(root, 'fixed'));
    await writeFile(path.join(root, 'fixed', 'talk.wav.txt'), 'Hello, World!\n');
    const result = await runCli([...base, '--transcripts', path.join(root, 'fixed'), '--align', 'text']);
    expect(result.code, result.stderr).toBe(0);
    const manifest = (await readFile(path.join(out, 'manifest.csv'), 'utf8')).trimEnd().split('\n').map((line) => line.split(','));
    const col = (name: string): number => manifest[0]!.indexOf(name);
    // "World" takes the times of the word the recognizer heard as "wold": a word heard as another is flagged for a check
    // (the confidence benchmark's text-aligned pass: most such words' times are more than 50 ms off).
    expect(manifest.slice(1).map((r) => [r[col('text')], r[col('start_ms')], r[col('end_ms')], r[col('text_start')], r[col('text_length')], r[col('flags')]])).toEqual([
      ['Hello', '200', '600', '0', '5', ''], ['World', '800', '1200', '7', '5', 'low-confidence'],
    ]);
  });

  it('exits 2 for a --transcripts folder that does not exist, writing nothing', async () => {
    const root = await tempDir('cli-transcripts');
    await makeBursts(path.join(root, 'in', 'talk.wav'), [[0.2, 0.6]], { seconds: 1 });
    const result = await runCli(['run', path.join(root, 'in'), '--out', path.join(root, 'out'), '--engine', 'scripted', '--transcripts', path.join(root, 'missing')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`E_CONFIG: --transcripts: ${path.join(root, 'missing')} does not exist`);
    await expect(readFile(path.join(root, 'out', 'manifest.csv'))).rejects.toThrow(/ENOENT/);
  });
});

/**
 * `dictclip run` with the embedded PocketSphinx engine, as a real process with piped output: it
 * prints its summary after the service and the recognizer processes were closed. (Closing idle,
 * unref'd recognizer processes once let Node end the program at that point: exit 0, no summary.)
 */
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, ROOT, runCli, tempDir } from '../helpers/index.js';

afterAll(removeTempDirs);

describe('dictclip run with the pocketsphinx engine', () => {
  it('prints the summary after closing the recognizer', async () => {
    const root = await tempDir('run-exit');
    await mkdir(path.join(root, 'in'));
    await copyFile(path.join(ROOT, 'samples', 'snow-peas.mp3'), path.join(root, 'in', 'snow-peas.mp3'));
    const result = await runCli(['run', path.join(root, 'in'), '--out', path.join(root, 'out'), '--no-report'], { timeoutMs: 120_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('recordings: 1 done, 0 failed (of 1)\n');
  }, 150_000);
});

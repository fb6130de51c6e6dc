/**
 * The README's library example is examples/library.mjs word for word, and it
 * runs: real speech (espeak-ng) through the embedded PocketSphinx service, the report, an hf export.
 * And `RunOptions.report` says what runPipeline does with it: nothing (the CLI writes the report).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, cliEnv, ensureBuilt, finished, removeTempDirs, tempDir } from '../helpers/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
import { runOptions } from '../helpers/index.js';
import { keySpec } from '../../src/config/keys.js';
import type { RunOptions } from '../../src/config/options.js';

afterAll(removeTempDirs);

const EXAMPLE = path.join(ROOT, 'examples', 'library.mjs');

describe('the library example', () => {
  it('is in the README as it is in examples/library.mjs', async () => {
    const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
    const block = /<!-- library-example:start -->\n```js\n([\s\S]*?)```\n<!-- library-example:end -->/.exec(readme)?.[1];
    expect(block).toBe(await readFile(EXAMPLE, 'utf8'));
  });

  it('runs: clips, the report and an hf export of one spoken recording', async () => {
    await ensureBuilt();
    const root = await tempDir('library-example');
    const input = path.join(root, 'in');
    await mkdir(input, { recursive: true });
    await promisify(execFile)('espeak-ng', ['-w', path.join(input, 'hello.wav'), 'hello world, this is a test']);
    const out = path.join(root, 'out');
    const result = await finished(spawn(process.execPath, [EXAMPLE, input, out], { cwd: ROOT, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] }), 120_000);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const clips = Number(/^(\d+) clips, manifest /m.exec(result.stdout)?.[1]);
    expect(clips).toBeGreaterThan(0);
    expect(result.stdout).toContain(`report ${path.join(out, 'report', 'index.html')}`);
    expect(result.stdout).toContain(`hf export ${path.join(out, 'exports', 'hf')}: ${clips} clips in train`);
    expect(existsSync(path.join(out, 'exports', 'hf', 'train', 'metadata.csv'))).toBe(true);
  }, 150_000);

  it('runPipeline writes no report: report is a CLI-only key, no option of runPipeline', async () => {
    const root = await tempDir('library-report');
    const out = path.join(root, 'out');
    await mkdir(path.join(root, 'in'), { recursive: true });
    await runPipeline(runOptions(path.join(root, 'in'), out, { report: true } as Partial<RunOptions>));
    expect(existsSync(path.join(out, 'report'))).toBe(false);
    expect(keySpec('report').appliesTo).toBe('cli');
  });
});

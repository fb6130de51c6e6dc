/**
 * The newcomer's path, the README's quick start as typed: a fresh clone (no node_modules, no dist)
 * runs `npm run demo` to the end, setting itself up (npm ci from the registry, the build), a second
 * set-up does nothing, and then `npm test` passes in that same clone, with the demo's out/ and
 * samples/speech/ lying in it. That `npm test` is the whole suite (about 5 minutes), so this is
 * CI's one run of the README's test command. Slow: runs only with DICTCLIP_FRESH_CLONE_TEST=1
 * (`npm run test:fresh-clone`, called by .ci/run).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { removeTempDirs, tempDir } from '../helpers/fs.js';

afterAll(removeTempDirs);

describe.runIf(process.env['DICTCLIP_FRESH_CLONE_TEST'] === '1')('fresh clone', () => {
  it('runs npm run demo to completion, skips the set-up the second time, then passes npm test', async () => {
    const clone = join(await tempDir('clone'), 'dictclip');
    execFileSync('git', ['clone', '--quiet', ROOT, clone]);
    expect([existsSync(join(clone, 'node_modules')), existsSync(join(clone, 'dist'))]).toEqual([false, false]);
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('DICTCLIP_') && !key.startsWith('npm_')));
    const demo = spawnSync('npm', ['run', 'demo'], { cwd: clone, encoding: 'utf8', env, timeout: 15 * 60_000 });
    expect(demo.status, demo.stderr).toBe(0);
    expect(demo.stdout).toContain('setup: npm ci --no-audit --no-fund');
    expect(demo.stdout).toMatch(/recordings: 10 done, 0 failed \(of 10\)/);
    // The readings are cut with their reference: (nearly) every one of its 71 words placed and labelled, beside recognition's WER.
    const all = /all: (\d+) of 71 reference words placed in the audio, (\d+) labelled[^]*?given \d+ errors in 71 words = WER \d+\.\d %/
      .exec(demo.stdout);
    expect(all, demo.stdout.slice(-2000)).not.toBeNull();
    expect([Number(all?.[1]) >= 69, Number(all?.[2]) >= 69]).toEqual([true, true]);
    expect(readFileSync(join(clone, 'out', 'manifest.csv'), 'utf8').split('\n')[0]).toMatch(/^file_name,text,source,/);
    const again = spawnSync(process.execPath, [join(clone, 'scripts', 'setup.mjs'), 'demo'], { cwd: clone, encoding: 'utf8', env });
    expect(again).toMatchObject({ status: 0, stdout: '', stderr: '' });
    // The quick start's second command, in the clone the demo has just filled (out/report/*.js
    // once stopped its lint with 41 no-undef errors).
    const test = spawnSync('npm', ['test'], { cwd: clone, encoding: 'utf8', env, timeout: 30 * 60_000 });
    expect(test.status, `${test.stdout.slice(-4000)}\n${test.stderr.slice(-4000)}`).toBe(0);
    expect(stripVTControlCharacters(test.stdout)).toMatch(/Test Files {2}\d+ passed/);
  }, 50 * 60_000);
});

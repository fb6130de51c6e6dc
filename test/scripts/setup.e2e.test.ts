/**
 * scripts/setup.mjs, run as a process in a throw-away project folder, with fake `dpkg-query`,
 * `apt-get`, `sudo` and `npm` first on PATH that log their arguments: what it decides to do
 * (nothing on a second run; packages, npm ci, build when each is missing or stale).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { removeTempDirs, tempDir } from '../helpers/fs.js';

afterAll(removeTempDirs);

const LOCK = {
  lockfileVersion: 3,
  packages: { '': { name: 'x' }, 'node_modules/a': { version: '1.0.0' }, 'node_modules/b': { version: '2.0.0', optional: true } },
};

let dir = '';
let bin = '';
let log = '';

function write(path: string, text: string, mtimeS: number): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  utimesSync(path, mtimeS, mtimeS);
}

function fake(name: string, body: string): void {
  writeFileSync(join(bin, name), `#!/bin/sh\nprintf '%s\\n' "${name} $*" >> "${log}"\n${body}\n`);
  chmodSync(join(bin, name), 0o755);
}

beforeEach(async () => {
  dir = await tempDir('setup');
  bin = join(dir, 'fake-bin');
  log = join(dir, 'calls.log');
  mkdirSync(bin);
  mkdirSync(join(dir, 'project', 'scripts'), { recursive: true });
  copyFileSync(join(ROOT, 'scripts', 'setup.mjs'), join(dir, 'project', 'scripts', 'setup.mjs'));
  const p = (rel: string): string => join(dir, 'project', rel);
  // Every package reported installed except those named in FAKE_MISSING.
  fake('dpkg-query', 'shift 2; for p in "$@"; do case " $FAKE_MISSING " in *" $p "*) ;; *) echo "$p install ok installed";; esac; done');
  fake('apt-get', 'exit 0');
  fake('sudo', 'exit 0');
  fake('npm', 'exit 0');
  write(p('package.json'), '{}', 1000);
  write(p('package-lock.json'), JSON.stringify(LOCK), 1000);
  write(p('node_modules/.package-lock.json'), JSON.stringify({ packages: { 'node_modules/a': { version: '1.0.0' } } }), 2000);
  write(p('src/index.ts'), 'export {};', 2000);
  utimesSync(p('src'), 2000, 2000);
  write(p('dist/cli/index.js'), '', 3000);
});

function setup(
  target: string,
  env: Record<string, string> = {},
  ...args: string[]
): { status: number | null; stdout: string; stderr: string; calls: string[] } {
  const result = spawnSync(process.execPath, [join(dir, 'project', 'scripts', 'setup.mjs'), target, ...args], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}:${process.env['PATH'] ?? ''}`, ...env },
  });
  const calls = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  rmSync(log, { force: true });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, calls };
}

describe('scripts/setup.mjs', () => {
  it('does nothing and prints nothing when everything is present (the second run)', () => {
    const run = setup('test');
    expect(run).toMatchObject({ status: 0, stdout: '', stderr: '' });
    expect(run.calls).toEqual([
      'dpkg-query -W -f=${Package} ${Status}\\n ffmpeg pocketsphinx pocketsphinx-en-us pocketsphinx-testdata espeak-ng sox chromium',
    ]);
    expect(setup('demo').calls).toEqual([
      'dpkg-query -W -f=${Package} ${Status}\\n ffmpeg pocketsphinx pocketsphinx-en-us pocketsphinx-testdata',
    ]);
  });

  it('builds when a source file is newer than dist/', () => {
    write(join(dir, 'project', 'src', 'index.ts'), 'export const x = 1;', 4000);
    const run = setup('demo');
    expect(run.status).toBe(0);
    expect(run.calls.slice(1)).toEqual(['npm run build --silent']);
    expect(run.stdout).toBe('setup: npm run build --silent\nsetup: done (build)\n');
  });

  it('builds when dist/ is missing', () => {
    rmSync(join(dir, 'project', 'dist'), { recursive: true });
    expect(setup('demo').calls.slice(1)).toEqual(['npm run build --silent']);
  });

  it('runs npm ci when node_modules is missing or pins other versions, not when the lock file was only touched', () => {
    write(join(dir, 'project', 'package-lock.json'), JSON.stringify(LOCK), 5000);
    expect(setup('demo').calls.slice(1)).toEqual([]);
    const changed = { ...LOCK, packages: { ...LOCK.packages, 'node_modules/a': { version: '1.0.1' } } };
    write(join(dir, 'project', 'package-lock.json'), JSON.stringify(changed), 5000);
    expect(setup('demo').calls.slice(1)).toEqual(['npm ci --no-audit --no-fund']);
    rmSync(join(dir, 'project', 'node_modules'), { recursive: true });
    expect(setup('demo').calls.slice(1)).toEqual(['npm ci --no-audit --no-fund']);
  });

  it('installs only the missing Debian packages, as root or through sudo -n', () => {
    const run = setup('demo', { FAKE_MISSING: 'pocketsphinx-testdata' });
    expect(run.status).toBe(0);
    const root = process.getuid?.() === 0;
    const pre = root ? 'apt-get' : 'sudo -n apt-get';
    expect(run.calls.slice(1)).toEqual([
      ...(root ? [] : ['sudo -n true']),
      `${pre} update -qq`,
      `${pre} install -y -qq --no-install-recommends pocketsphinx-testdata`,
    ]);
  });

  it('stops with the exact command to run when it may not install (--check)', () => {
    const run = setup('test', { FAKE_MISSING: 'sox chromium' }, '--check');
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('setup: missing Debian packages: sox chromium\nsetup: install them with:\n' +
      '  sudo apt-get update && sudo apt-get install -y --no-install-recommends sox chromium\n');
    expect(run.calls.slice(1)).toEqual([]);
  });

  it('refuses an unknown target', () => {
    expect(setup('nope')).toMatchObject({ status: 2, stderr: 'usage: node scripts/setup.mjs demo|test|bench [--check]\n' });
  });
});

/**
 * A recording the user running dictclip cannot read is a failures.csv row at stage `scan` and
 * makes the exit status 1. Run as a non-root user (root reads everything): the built CLI under
 * `setpriv` (or `runuser`) as nobody, over a root-owned 0600 recording beside a readable one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, cliEnv, ensureBuilt, finished, makeBursts, ROOT } from '../helpers/index.js';

const NOBODY = 65534;
const asNobody = existsSync('/usr/bin/setpriv')
  ? ['/usr/bin/setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups']
  : existsSync('/usr/sbin/runuser') ? ['/usr/sbin/runuser', '-u', 'nobody', '--'] : undefined;
const isRoot = process.getuid?.() === 0;
let root: string | undefined;

/**
 * The built CLI as nobody can run it: the checkout's own when nobody can read it, else (a clone in
 * a private folder such as `mktemp -d`) a copy of dist/, package.json and node_modules under `dir`.
 */
async function cliNobodyCanRun(prefix: string[], dir: string): Promise<string> {
  const [command = '', ...args] = prefix;
  const probe = spawnSync(command, [...args, process.execPath, '-e', `require('fs').accessSync(${JSON.stringify(CLI)})`]);
  if (probe.status === 0) return CLI;
  for (const part of ['dist', 'package.json', 'node_modules']) {
    await cp(join(ROOT, part), join(dir, part), { recursive: true, verbatimSymlinks: true });
  }
  return join(dir, relative(ROOT, CLI));
}

afterAll(async () => {
  if (root !== undefined) await rm(root, { recursive: true, force: true });
});

describe.runIf(isRoot && asNobody !== undefined)('a recording the running user cannot read (as nobody)', () => {
  it('is a failures.csv row at stage scan with E_INPUT, the others are done, exit status 1', async () => {
    await ensureBuilt();
    root = await mkdtemp(join(tmpdir(), 'dictclip-nobody-'));
    await chmod(root, 0o755);
    const input = join(root, 'in');
    const out = join(root, 'out');
    await mkdir(input, { mode: 0o755 });
    await makeBursts(join(input, 'open.wav'), [[0.2, 0.6]], { seconds: 1 });
    await makeBursts(join(input, 'secret.wav'), [[0.2, 0.6]], { seconds: 1 });
    await chmod(join(input, 'open.wav'), 0o644);
    await chmod(join(input, 'secret.wav'), 0o600); // root's own: nobody cannot read it
    await mkdir(out, { mode: 0o755 });
    await chown(out, NOBODY, NOBODY); // the only place nobody can write
    const [command = '', ...prefix] = asNobody ?? [];
    const cli = await cliNobodyCanRun(asNobody ?? [], join(root, 'app'));
    const child = spawn(command, [...prefix, process.execPath, cli, 'run', input, '--out', out, '--engine', 'scripted', '--quiet', '--no-report'], {
      cwd: root, env: cliEnv({ HOME: root }), stdio: ['ignore', 'pipe', 'pipe'],
    });
    const result = await finished(child, 120_000);
    expect(result.stderr).toContain('secret.wav [scan] E_INPUT');
    expect(result.code).toBe(1);
    const failures = (await readFile(join(out, 'failures.csv'), 'utf8')).trim().split('\n');
    expect(failures[0]).toBe('source,stage,code,message');
    expect(failures.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual(['secret.wav,scan,E_INPUT']);
    const summary = JSON.parse(await readFile(join(out, 'summary.json'), 'utf8')) as { recordings: number; done: number; failed: number };
    expect(summary).toMatchObject({ recordings: 2, done: 1, failed: 1 });
  });
});

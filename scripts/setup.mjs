#!/usr/bin/env node
// Sets up what `npm run demo` or `npm test` needs and is missing, then gets out of the way:
//   1. the Debian packages (apt-get, as root or through non-interactive `sudo -n`; where neither
//      works it stops and prints the exact command to run),
//   2. `npm ci` when node_modules is missing or does not hold what package-lock.json pins,
//   3. the build (`npm run build`) when dist/ is missing or older than src/.
// Node built-ins only: it runs before any dependency is installed, from inside `npm run`.
// A second run finds everything present and returns in a few tens of milliseconds.
//
// Usage: node scripts/setup.mjs demo|test|bench [--check]   (--check: report, change nothing)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian packages each command needs. */
export const PACKAGES = {
  demo: ['ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us', 'pocketsphinx-testdata'],
  test: ['ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us', 'pocketsphinx-testdata', 'espeak-ng', 'sox', 'chromium'],
  bench: ['ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us', 'espeak-ng', 'sox', 'python3-pydub', 'time'],
};

/** Where dpkg is absent: the command each package provides, checked on PATH instead. */
const COMMANDS = {
  ffmpeg: 'ffmpeg', pocketsphinx: 'pocketsphinx_batch', 'espeak-ng': 'espeak-ng', sox: 'sox', chromium: 'chromium',
};

/** Installed packages among `names`, by one `dpkg-query` call; undefined when dpkg is absent. */
export function installedPackages(names) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Package} ${Status}\\n', ...names], { encoding: 'utf8' });
  if (result.error !== undefined) return undefined;
  const installed = new Set();
  for (const line of result.stdout.split('\n')) {
    const [name, ...status] = line.trim().split(' ');
    if (status.join(' ') === 'install ok installed') installed.add(name.split(':')[0]);
  }
  return installed;
}

function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, command)));
}

/** The packages of `names` that are missing (by dpkg, else by their command on PATH). */
export function missingPackages(names) {
  const installed = installedPackages(names);
  if (installed !== undefined) return names.filter((name) => !installed.has(name));
  return names.filter((name) => COMMANDS[name] !== undefined && !onPath(COMMANDS[name]));
}

/**
 * How to install packages: `[]` as root, `['sudo', '-n']` when sudo works without a password,
 * undefined when neither (the caller prints the command for the user).
 */
function privilegePrefix() {
  if (process.getuid?.() === 0) return [];
  const probe = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return probe.status === 0 ? ['sudo', '-n'] : undefined;
}

/** The shell command a user runs to install `names` by hand. */
export function installCommand(names) {
  return `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${names.join(' ')}`;
}

/**
 * True when node_modules holds every non-optional package of package-lock.json at its locked
 * version (npm's own record of what it installed, node_modules/.package-lock.json). When the
 * lock file is not newer than that record the answer is yes without reading either file.
 */
export function nodeModulesFresh(root) {
  const lockPath = join(root, 'package-lock.json');
  const installedPath = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installedPath)) return false;
  if (statSync(lockPath).mtimeMs <= statSync(installedPath).mtimeMs) return true;
  // A checkout touches package-lock.json without changing it: compare what it pins.
  const locked = JSON.parse(readFileSync(lockPath, 'utf8')).packages ?? {};
  const installed = JSON.parse(readFileSync(installedPath, 'utf8')).packages ?? {};
  return Object.entries(locked).every(([path, entry]) =>
    path === '' || entry.optional === true || entry.link === true || installed[path]?.version === entry.version);
}

function newestMtime(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** True when dist/ exists and is newer than every file of src/ and the build configuration. */
export function buildFresh(root) {
  const built = join(root, 'dist', 'cli', 'index.js');
  if (!existsSync(built)) return false;
  const inputs = ['src', 'scripts/build-pages.mjs', 'tsconfig.json', 'tsconfig.build.json', 'package.json'].map((p) => join(root, p)).filter(existsSync);
  return Math.max(...inputs.map(newestMtime)) <= statSync(built).mtimeMs;
}

function run(command, args, root) {
  console.log(`setup: ${[command, ...args].join(' ')}`);
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** Run the three steps for `target`; returns the exit status (0 ready, 1 stopped). */
export function setup(target, { root, check = false } = {}) {
  const missing = missingPackages(PACKAGES[target]);
  const steps = [];
  if (missing.length > 0) {
    const prefix = check ? undefined : privilegePrefix();
    if (prefix === undefined) {
      console.error(`setup: missing Debian packages: ${missing.join(' ')}\nsetup: install them with:\n  ${installCommand(missing)}`);
      return 1;
    }
    const [cmd = 'apt-get', ...pre] = [...prefix, 'apt-get'];
    run(cmd, [...pre, 'update', '-qq'], root);
    run(cmd, [...pre, 'install', '-y', '-qq', '--no-install-recommends', ...missing], root);
    steps.push('packages');
  }
  if (!nodeModulesFresh(root)) {
    if (check) return report(1, 'node_modules is missing or out of date (run: npm ci)');
    // `npm ci` also builds (the prepare script), so the build check below usually passes.
    run('npm', ['ci', '--no-audit', '--no-fund'], root);
    steps.push('npm ci');
  }
  if (!buildFresh(root)) {
    if (check) return report(1, 'dist/ is missing or older than src/ (run: npm run build)');
    run('npm', ['run', 'build', '--silent'], root);
    steps.push('build');
  }
  if (steps.length > 0) console.log(`setup: done (${steps.join(', ')})`);
  return 0;
}

function report(status, message) {
  console.error(`setup: ${message}`);
  return status;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [target = 'test', ...rest] = process.argv.slice(2);
  if (!(target in PACKAGES)) {
    console.error(`usage: node scripts/setup.mjs ${Object.keys(PACKAGES).join('|')} [--check]`);
    process.exit(2);
  }
  const root = fileURLToPath(new URL('..', import.meta.url));
  try {
    process.exit(setup(target, { root, check: rest.includes('--check') }));
  } catch (error) {
    console.error(`setup: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

/**
 * Shared helpers of the benchmark suite: child processes under `/usr/bin/time`, medians,
 * generated inputs, machine/version facts and the per-part result files that
 * `bench/report.mjs` turns into BENCHMARKS.md.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Generated inputs and outputs (git-ignored). */
export const OUT = join(ROOT, 'bench', 'out');
/** One JSON file per part, read by report.mjs. */
export const RESULTS = join(OUT, 'results');
export const SAMPLE_RATE = 16000;

/** Absolute path of a built module: `$DICTCLIP_DIST` (fallback build) or `<root>/dist`. */
export function distPath(rel) {
  return join(process.env.DICTCLIP_DIST ?? join(ROOT, 'dist'), rel);
}

/** Import a built module, or return undefined when it has not been built (yet). */
export async function importDist(rel) {
  const path = distPath(rel);
  if (!existsSync(path)) return undefined;
  return import(pathToFileURL(path).href);
}

/** A command line as one copy-pasteable string, paths shown relative to the repository root. */
export function commandLine(cmd, args) {
  const quote = (s) => {
    const shown = s.startsWith(ROOT + '/') ? relative(ROOT, s) : s;
    return /^[\w@%+=:,./-]+$/.test(shown) ? shown : `'${shown.replaceAll("'", "'\\''")}'`;
  };
  return [cmd, ...args].map(quote).join(' ');
}

/**
 * Run `cmd args` under `/usr/bin/time -f '%e %M %U %S'`: wall seconds, peak RSS (KB) of the largest
 * process in the tree and CPU seconds (user + system) of the tree (getrusage of the children).
 * Rejects on a non-zero exit.
 * @returns {Promise<{ wallS: number, maxRssKb: number, cpuS: number, stdout: string, stderr: string, command: string }>}
 */
export async function timed(cmd, args, { env, cwd = ROOT, stdin } = {}) {
  await mkdir(OUT, { recursive: true });
  const timeFile = join(OUT, `.time-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const child = spawn('/usr/bin/time', ['-f', '%e %M %U %S', '-o', timeFile, cmd, ...args], {
    cwd, env: { ...process.env, ...env }, stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (stdin !== undefined) child.stdin.end(stdin);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-20000); });
  const code = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const command = commandLine(cmd, args);
  if (code !== 0) throw new Error(`${command} exited ${code}: ${stderr.slice(-2000)}`);
  const [wall, rss, user, sys] = (await readFile(timeFile, 'utf8')).trim().split('\n').at(-1).split(' ');
  await rm(timeFile, { force: true });
  return { wallS: Number(wall), maxRssKb: Number(rss), cpuS: Number(user) + Number(sys), stdout, stderr, command };
}

/** Median of numbers (mean of the middle two for an even count). */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** `timed` `runs` times (with `before()` run untimed each time); median wall and median RSS. */
export async function timedMedian(runs, cmd, args, { before, ...options } = {}) {
  const all = [];
  for (let i = 0; i < runs; i++) {
    if (before) await before();
    all.push(await timed(cmd, args, options));
  }
  return {
    wallS: median(all.map((r) => r.wallS)),
    maxRssKb: median(all.map((r) => r.maxRssKb)),
    runs: all.map((r) => ({ wallS: r.wallS, maxRssKb: r.maxRssKb })),
    command: all[0].command,
    last: all.at(-1),
  };
}

/** Deterministic PRNG (mulberry32) returning floats in [0, 1). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Word-like markers over `durationMs`: words of 150–600 ms separated by gaps of 50–200 ms
 * (mean step 500 ms → 7,200 words per hour), deterministic for a seed.
 * @returns {{ startMs: number, endMs: number }[]}
 */
export function wordMarkers(durationMs, seed = 1) {
  const rand = prng(seed);
  const out = [];
  let t = 50 + Math.floor(rand() * 150);
  for (;;) {
    const len = 150 + Math.floor(rand() * 451);
    if (t + len > durationMs) break;
    out.push({ startMs: t, endMs: t + len });
    t += len + 50 + Math.floor(rand() * 151);
  }
  return out;
}

/** `(from, to) => Promise`: the audio file `from` converted by `ffmpeg` into work audio at `to` (16 kHz mono 16-bit WAV, no metadata). */
export function workAudio(ffmpeg) {
  const args = (from, to) => ['-v', 'error', '-y', '-i', from, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', '-map_metadata', '-1', '-fflags', '+bitexact', to];
  return (from, to) => new Promise((resolve, reject) => execFile(ffmpeg, args(from, to), (e) => (e ? reject(e) : resolve())));
}

/** A 16 kHz (or `rate`) mono 16-bit WAV file's bytes: a 44-byte header, then `pcm`. */
export function monoWav(pcm, rate = SAMPLE_RATE) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** ffmpeg filter of speech-like audio: gated, gliding tones over a faint noise floor. */
const PATTERN =
  "aevalsrc='(0.3*sin(2*PI*(180+60*sin(2*PI*0.7*t))*t)+0.1*sin(2*PI*1250*t))" +
  "*gt(sin(2*PI*1.1*t)+0.5*sin(2*PI*0.23*t),0.25)+0.001*(random(0)-0.5)':s=16000:d=60";

/**
 * A 16 kHz mono s16le WAV of `seconds`, generated with ffmpeg (a 60 s speech-like pattern looped)
 * and cached under bench/out/audio. Returns its path.
 */
export async function generateWav(seconds) {
  const dir = join(OUT, 'audio');
  await mkdir(dir, { recursive: true });
  const base = join(dir, 'pattern-60s.wav');
  if (!existsSync(base)) {
    await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', PATTERN,
      '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-fflags', '+bitexact', '-map_metadata', '-1', base]);
  }
  const path = join(dir, `gen-${seconds}s.wav`);
  const expected = 44 + seconds * SAMPLE_RATE * 2;
  if (!existsSync(path) || (await stat(path)).size !== expected) {
    await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-stream_loop', '-1', '-i', base, '-t', String(seconds),
      '-c:a', 'pcm_s16le', '-fflags', '+bitexact', '-map_metadata', '-1', path], { maxBuffer: 1 << 24 });
    const size = (await stat(path)).size;
    if (size !== expected) throw new Error(`generated ${path} has ${size} bytes, expected ${expected}`);
  }
  return path;
}

/** Wall-clock helper: milliseconds since `start` (a `performance.now()` value). */
export function since(start) {
  return performance.now() - start;
}

/** Write one part's results for report.mjs. */
export async function saveResult(part, result) {
  await mkdir(RESULTS, { recursive: true });
  const record = { part, date: new Date().toISOString(), ...result };
  await writeFile(join(RESULTS, `${part}.json`), JSON.stringify(record, null, 2) + '\n');
  return record;
}

async function firstLine(cmd, args) {
  try {
    const { stdout, stderr } = await run(cmd, args);
    return (stdout || stderr).trim().split('\n')[0];
  } catch (error) {
    return `unavailable (${error.code ?? error.message})`;
  }
}

/** The machine and tool versions, as printed at the top of BENCHMARKS.md. */
export async function environment() {
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
  const rev = await firstLine('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']);
  const pydub = await firstLine('dpkg-query', ['-W', '-f', '${Version}', 'python3-pydub']);
  const sphinx = await firstLine('dpkg-query', ['-W', '-f', '${Version}', 'pocketsphinx']);
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    ffmpeg: (await firstLine('ffmpeg', ['-version'])).replace(/ Copyright.*/, ''),
    sox: await firstLine('sox', ['--version']),
    python3: await firstLine('/usr/bin/python3', ['--version']),
    pydub: `python3-pydub ${pydub}`,
    pocketsphinx: `pocketsphinx ${sphinx}`,
    dictclip: `${pkg.version} (git ${rev})`,
  };
}

/**
 * Run several contenders round-robin `runs` times (so load from other processes on the machine
 * hits each of them alike), `before()` untimed before every run. Median wall and RSS per name.
 * @param {{ name: string, cmd: string, args: string[], before?: () => Promise<void> }[]} contenders
 */
export async function interleaved(runs, contenders) {
  const all = new Map(contenders.map((c) => [c.name, []]));
  for (let i = 0; i < runs; i++) {
    for (const c of contenders) {
      if (c.before) await c.before();
      all.get(c.name).push(await timed(c.cmd, c.args));
    }
  }
  return new Map(contenders.map((c) => {
    const rs = all.get(c.name);
    return [c.name, {
      wallS: median(rs.map((r) => r.wallS)),
      maxRssKb: median(rs.map((r) => r.maxRssKb)),
      cpuS: median(rs.map((r) => r.cpuS)),
      runs: rs.map((r) => ({ wallS: r.wallS, maxRssKb: r.maxRssKb, cpuS: r.cpuS })),
      command: rs[0].command,
    }];
  }));
}

/** Flush dirty pages so a timed run does not pay for the previous run's writeback. */
export async function sync() {
  await run('sync', []);
}

/** Remove and recreate a folder. */
export async function freshDir(path) {
  await rm(path, { recursive: true, force: true });
  await mkdir(path, { recursive: true });
  return path;
}

/**
 * Debian's headless Chromium through puppeteer-core with a fresh profile (the page benchmarks);
 * `close()` ends it and removes the profile.
 */
export async function launchChromium() {
  const puppeteer = (await import('puppeteer-core')).default;
  const profile = await mkdtemp(join(tmpdir(), 'dictclip-bench-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Format helpers for tables. */
export const fmt = {
  s: (x) => (x === undefined || x === null ? '–' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)),
  mb: (kb) => (kb === undefined || kb === null ? '–' : (kb / 1024).toFixed(0)),
  x: (r) => (r === undefined || r === null || !Number.isFinite(r) ? '–' : r >= 10 ? `${r.toFixed(0)}×` : `${r.toFixed(2)}×`),
  ok: (b) => (b === undefined ? 'n/a' : b ? '**met**' : '**missed**'),
};

/**
 * For the recognition part: `dictclip run` (the binary, default embedded PocketSphinx engine, all
 * defaults) against the recognizer alone on (a) one ~200 s recording and (b) ten short recordings.
 * "The recognizer alone" is `pocketsphinx_continuous -infile` in one process per recording, with
 * the model and the decoder settings the engine uses (`-remove_silence no`, otherwise the
 * recognizer's defaults, which `pocketsphinx_batch` shares); for (b) one after another, as one
 * would loop over the files by hand. Contenders run round-robin, median of RUNS each.
 * BENCH_SMALL=1: (a) ~60 s and (b) five recordings, one round.
 */
import { execFile } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { distPath, freshDir, interleaved, OUT } from './lib.mjs';

const run = promisify(execFile);
export const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
export const MODEL = '/usr/share/pocketsphinx/model/en-us';
const SMALL = process.env.BENCH_SMALL === '1';
const RUNS = SMALL ? 1 : 2;

/** The model arguments every PocketSphinx command here shares with the engine. */
export const MODEL_ARGS = ['-hmm', join(MODEL, 'en-us'), '-lm', join(MODEL, 'en-us.lm.bin'), '-dict', join(MODEL, 'cmudict-en-us.dict')];
/** The engine's decoder settings besides its input options (src/service/engines/pocketsphinx.ts). */
const ENGINE_SETTINGS = ['-remove_silence', 'no'];

/** `sh -c` looping pocketsphinx_continuous over the files one after another (one process each). */
function aloneCommand(files, settings) {
  const loop = `for f in "$@"; do pocketsphinx_continuous -infile "$f" ${[...MODEL_ARGS, ...settings].join(' ')} >/dev/null 2>&1 || exit 1; done`;
  return { cmd: 'sh', args: ['-c', loop, 'sh', ...files] };
}

function dictclip(input, out) {
  return { cmd: 'node', args: [distPath('cli/index.js'), 'run', input, '--out', out, '--quiet'], before: () => rm(out, { recursive: true, force: true }) };
}

/** The readings, each as a 16 kHz mono WAV, and all of them concatenated. */
async function readings(work) {
  const parts = (await readdir(LIBRIVOX)).filter((n) => n.endsWith('.wav')).sort().map((n) => join(LIBRIVOX, n));
  const once = join(work, 'once.wav');
  await run('sox', [...parts, '-r', '16000', '-c', '1', '-b', '16', once]);
  return { parts, once };
}

export async function runVersusRecognizer() {
  const work = await freshDir(join(OUT, 'recognition-run'));
  const { parts, once } = await readings(work);
  // (a) the readings looped to ~200 s (one recording).
  const seconds = SMALL ? 60 : 200;
  const longIn = await freshDir(join(work, 'in-long'));
  const longWav = join(longIn, `librivox-${seconds}s.wav`);
  await run('ffmpeg', ['-v', 'error', '-y', '-stream_loop', '-1', '-i', once, '-t', String(seconds), '-c:a', 'pcm_s16le', '-fflags', '+bitexact', longWav]);
  // (b) short recordings: the five readings, and (full size) each again 1 dB quieter (other bytes).
  const shortIn = await freshDir(join(work, 'in-short'));
  const shorts = [];
  for (const gain of SMALL ? [0] : [0, -1]) {
    for (const p of parts) {
      const file = join(shortIn, `g${-gain}-${p.split('/').at(-1)}`);
      await run('sox', [p, '-r', '16000', '-c', '1', '-b', '16', file, 'gain', String(gain)]);
      shorts.push(file);
    }
  }
  const shortSeconds = (await Promise.all(shorts.map(async (f) => Number((await run('soxi', ['-D', f])).stdout)))).reduce((a, b) => a + b, 0);
  const load = [loadavg()[0]];
  const long = await interleaved(RUNS, [
    { name: 'alone', ...aloneCommand([longWav], ENGINE_SETTINGS) },
    { name: 'alone-vad', ...aloneCommand([longWav], []) },
    { name: 'dictclip', ...dictclip(longIn, join(work, 'out-long')) },
  ]);
  const short = await interleaved(RUNS, [
    { name: 'alone', ...aloneCommand(shorts, ENGINE_SETTINGS) },
    { name: 'dictclip', ...dictclip(shortIn, join(work, 'out-short')) },
  ]);
  load.push(loadavg()[0]);
  const a = long.get('dictclip').wallS / long.get('alone').wallS;
  const b = short.get('dictclip').wallS / short.get('alone').wallS;
  const s = (r) => r.wallS.toFixed(1);
  console.log(`  ${seconds} s: recognizer alone ${s(long.get('alone'))} s (VAD on: ${s(long.get('alone-vad'))} s), dictclip run ${s(long.get('dictclip'))} s (${a.toFixed(2)}); ` +
    `${shorts.length} short: alone one after another ${s(short.get('alone'))} s, dictclip run ${s(short.get('dictclip'))} s (${b.toFixed(2)})`);
  const runs = (r) => r.runs.map((x) => x.wallS.toFixed(1)).join(', ');
  const cpu = (r) => r.cpuS.toFixed(1);
  return {
    seconds,
    rows: [
      [`one ${seconds} s recording`, 'recognizer alone: pocketsphinx_continuous, engine settings', s(long.get('alone')), cpu(long.get('alone')), runs(long.get('alone')), ''],
      [`one ${seconds} s recording`, 'recognizer alone, its defaults (VAD removes silence)', s(long.get('alone-vad')), cpu(long.get('alone-vad')), runs(long.get('alone-vad')), ''],
      [`one ${seconds} s recording`, '`dictclip run` (embedded, defaults)', s(long.get('dictclip')), cpu(long.get('dictclip')), runs(long.get('dictclip')), `${(long.get('dictclip').maxRssKb / 1024).toFixed(0)} MB`],
      [`${shorts.length} short recordings (${shortSeconds.toFixed(0)} s)`, 'recognizer alone, one after another', s(short.get('alone')), cpu(short.get('alone')), runs(short.get('alone')), ''],
      [`${shorts.length} short recordings (${shortSeconds.toFixed(0)} s)`, '`dictclip run` (embedded, defaults)', s(short.get('dictclip')), cpu(short.get('dictclip')), runs(short.get('dictclip')), `${(short.get('dictclip').maxRssKb / 1024).toFixed(0)} MB`],
    ],
    targets: [
      { name: `one ${seconds} s recording, \`dictclip run\` ÷ recognizer alone (${cpus().length} cores)`, target: '≤ 0.65', value: a.toFixed(2), met: a <= 0.65 },
      { name: `${shorts.length} short recordings, \`dictclip run\` ÷ recognizer alone one after another`, target: '≤ 0.6', value: b.toFixed(2), met: b <= 0.6 },
      { name: `one ${seconds} s recording, \`dictclip run\` ÷ recognizer alone with its defaults (VAD)`, target: '–', value: (long.get('dictclip').wallS / long.get('alone-vad').wallS).toFixed(2) },
      { name: `one ${seconds} s recording, CPU seconds of \`dictclip run\` ÷ recognizer alone`, target: '–', value: (long.get('dictclip').cpuS / long.get('alone').cpuS).toFixed(2) },
    ],
    load,
    commands: [
      `recognizer alone (${seconds} s): \`${long.get('alone').command}\``,
      `recognizer alone (short, one after another): \`${short.get('alone').command.replace(/( \S+\.wav)+$/, ` <the ${shorts.length} short recordings>`)}\``,
      `dictclip: \`${long.get('dictclip').command}\``,
    ],
  };
}

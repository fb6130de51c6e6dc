/**
 * Real voices with exact word boundaries, built from the isolated spoken digits of the shared
 * real-speech set (`../shared/data/realspeech-dev/fsdd/`, read in place): takes of one speaker,
 * resampled to 16 kHz, joined with seeded pauses of 0–300 ms over a faint noise floor. A take's
 * truth is its first and last sample louder than twice that speaker's noise floor (the median of
 * the quietest 5 ms of each of the speaker's takes: the speakers' floors differ tenfold).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pLimit from 'p-limit';
import { median, monoWav, prng, ROOT } from './lib.mjs';

const exec = promisify(execFile);
/** `../shared/data/realspeech-dev/` beside the project (or beside the folder of its worktrees). */
export const REAL_SPEECH = [join(ROOT, '..', 'shared'), join(ROOT, '..', '..', 'shared')].map((d) => join(d, 'data', 'realspeech-dev')).find((d) => existsSync(d)) ?? join(ROOT, '..', 'shared', 'data', 'realspeech-dev');
const RATE = 16000;
const DIGITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
/** Digits per joined recording, recordings per speaker. */
const PER_RECORDING = 25;
const RECORDINGS = 3;
const FLOOR_AMPLITUDE = 30;

/** Decodes at once, however many takes a bench asks for together (one per core: a set is some 1,500 takes). */
const decoding = pLimit(availableParallelism());

/** The samples of an audio file at 16 kHz mono, decoded by ffmpeg. */
export async function samples16k(path, ffmpeg = 'ffmpeg') {
  const { stdout } = await decoding(() => exec(ffmpeg, ['-v', 'error', '-nostdin', '-i', path, '-ar', String(RATE), '-ac', '1', '-f', 's16le', 'pipe:1'], { encoding: 'buffer', maxBuffer: 1 << 26 }));
  return new Int16Array(stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + stdout.byteLength));
}

/**
 * A speaker's threshold of audible sound: twice the median, over the speaker's takes, of the peak
 * |sample| of each take's quietest 5 ms (the speakers' noise floors differ tenfold).
 */
export function speakerThreshold(takes) {
  return 2 * median(takes.map(quietest));
}

/** A take's audible extent: its first and last sample louder than `threshold` (`[0, -1]` when none is). */
export function audibleExtent(s, threshold) {
  let first = 0;
  while (first < s.length && Math.abs(s[first]) <= threshold) first++;
  let last = s.length - 1;
  while (last > first && Math.abs(s[last]) <= threshold) last--;
  return first < s.length ? [first, last] : [0, -1];
}

/** Peak |sample| of the quietest 5 ms of `s`. */
function quietest(s) {
  const n = RATE / 200;
  let best = Infinity;
  for (let i = 0; i + n <= s.length; i += n) {
    let peak = 0;
    for (let k = i; k < i + n; k++) peak = Math.max(peak, Math.abs(s[k]));
    best = Math.min(best, peak);
  }
  return best;
}

/**
 * Joined recordings of every speaker in `fsdd/` (written into `dir` once; the same seed gives the
 * same files). Each: `{ id, speaker, path, durationMs, words: [{ word, startMs, endMs }] }`.
 */
export async function realVoiceSets(dir, ffmpeg = 'ffmpeg') {
  const fsdd = join(REAL_SPEECH, 'fsdd');
  if (!existsSync(fsdd)) return [];
  const files = (await readdir(fsdd)).filter((f) => /^\d_[a-z]+_\d+\.wav$/.test(f)).sort();
  const speakers = [...new Set(files.map((f) => f.split('_')[1]))];
  const sets = [];
  for (const speaker of speakers) {
    for (let r = 0; r < RECORDINGS; r++) {
      const id = `${speaker}-${r + 1}`;
      const path = join(dir, `${id}.wav`);
      if (existsSync(`${path}.json`)) {
        sets.push({ id, speaker, path, ...JSON.parse(await readFile(`${path}.json`, 'utf8')) });
        continue;
      }
      const takes = files.filter((f) => f.split('_')[1] === speaker);
      const all = await Promise.all(takes.map(async (f) => ({ digit: Number(f[0]), s: await samples16k(join(fsdd, f), ffmpeg) })));
      const threshold = speakerThreshold(all.map((t) => t.s));
      const random = prng(1000 + r);
      const order = all.map((t, i) => [random(), i]).sort((a, b) => a[0] - b[0]).map(([, i]) => all[i]);
      const chosen = order.slice(r * PER_RECORDING, (r + 1) * PER_RECORDING);
      const pauses = chosen.map(() => Math.round(random() * 300));
      const lead = RATE / 2;
      const total = lead + chosen.reduce((n, t, i) => n + t.s.length + Math.round((pauses[i] * RATE) / 1000), 0) + RATE / 2;
      const out = new Int16Array(total);
      for (let i = 0; i < total; i++) out[i] = Math.round((random() * 2 - 1) * FLOOR_AMPLITUDE);
      const words = [];
      let at = lead;
      chosen.forEach((t, i) => {
        for (let k = 0; k < t.s.length; k++) out[at + k] = Math.max(-32768, Math.min(32767, out[at + k] + t.s[k]));
        const [first, last] = audibleExtent(t.s, threshold);
        words.push({ word: DIGITS[t.digit], startMs: ((at + first) * 1000) / RATE, endMs: ((at + last + 1) * 1000) / RATE });
        at += t.s.length + Math.round((pauses[i] * RATE) / 1000);
      });
      await writeFile(path, monoWav(Buffer.from(out.buffer)));
      const meta = { durationMs: (total * 1000) / RATE, threshold, words };
      await writeFile(`${path}.json`, JSON.stringify(meta));
      sets.push({ id, speaker, path, ...meta });
    }
  }
  return sets;
}

/** The read sentences of `continuous/` with their text (no timing truth): `{ id, source, text }`. */
export async function realSentences() {
  const dir = join(REAL_SPEECH, 'continuous');
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((f) => /\.(wav|flac)$/.test(f)).sort();
  return Promise.all(names.map(async (name) => {
    const id = name.replace(/\.[a-z]+$/, '');
    return { id, source: join(dir, name), text: (await readFile(join(dir, `${id}.txt`), 'utf8')).trim() };
  }));
}

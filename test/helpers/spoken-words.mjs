/**
 * Speech whose word boundaries are known exactly: every word is synthesized on its own with
 * espeak-ng, resampled by ffmpeg to 16 kHz mono s16, trimmed to its audible extent, and the words
 * are joined with pauses of known length over a faint noise floor (a seeded generator, so the same
 * call always gives the same samples). Plain JavaScript so the benchmark (bench/alignment.mjs)
 * uses the very same generator as the tests; types in spoken-words.d.mts.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { monoWav, prng } from '../../bench/lib.mjs';

const exec = promisify(execFile);
const RATE = 16000;
/** A sample louder than this (about -50 dBFS) is audible: it bounds the word. */
const AUDIBLE = 100;

/** 16 kHz mono s16 samples of one word spoken by espeak-ng, trimmed to its audible extent. */
export async function synthesize(word, voice, rate, ffmpeg) {
  const wav = await exec('espeak-ng', ['-v', voice, '-s', String(rate), '--stdout', word], { encoding: 'buffer', maxBuffer: 1 << 26 });
  const pcm = await new Promise((resolve, reject) => {
    const child = execFile(ffmpeg, ['-v', 'error', '-nostdin', '-f', 'wav', '-i', 'pipe:0', '-ar', String(RATE), '-ac', '1', '-f', 's16le', 'pipe:1'],
      { encoding: 'buffer', maxBuffer: 1 << 26 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
    child.stdin.end(wav.stdout);
  });
  const all = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.byteLength / 2);
  let first = 0;
  while (first < all.length && Math.abs(all[first]) <= AUDIBLE) first++;
  let last = all.length - 1;
  while (last > first && Math.abs(all[last]) <= AUDIBLE) last--;
  if (first >= all.length) throw new Error(`espeak-ng made no sound for "${word}"`);
  return all.slice(first, last + 1);
}

/**
 * Write `path` (16 kHz mono s16 WAV, 44-byte header): `leadMs` of floor, then each word followed by
 * its pause (`pausesMs[i]`, or `pauseMs`), then `tailMs` of floor. `silence` spans (ms from the
 * start of the file) are set to digital zero afterwards. Returns per word its exact audible span.
 */
export async function writeSpokenWords(path, words, options = {}) {
  const voice = options.voice ?? 'en-us';
  const rate = options.rate ?? 160;
  const ffmpeg = options.ffmpeg ?? 'ffmpeg';
  const pause = (i) => options.pausesMs?.[i % options.pausesMs.length] ?? options.pauseMs ?? 200;
  const msToSamples = (ms) => Math.round((ms * RATE) / 1000);
  const cache = new Map();
  const unique = [...new Set(words)];
  for (let i = 0; i < unique.length; i += 4) { // a few espeak-ng/ffmpeg pairs at a time
    await Promise.all(unique.slice(i, i + 4).map(async (word) => cache.set(word, await synthesize(word, voice, rate, ffmpeg))));
  }
  const spoken = words.map((word) => cache.get(word));
  const lead = msToSamples(options.leadMs ?? 500);
  const total = lead + spoken.reduce((n, s, i) => n + s.length + msToSamples(pause(i)), 0) + msToSamples(options.tailMs ?? 500);
  const samples = new Int16Array(total);
  const random = prng(options.seed ?? 1);
  const floor = options.floorAmplitude ?? 30;
  for (let i = 0; i < total; i++) samples[i] = Math.round((random() * 2 - 1) * floor);
  const truth = [];
  let at = lead;
  spoken.forEach((s, i) => {
    for (let k = 0; k < s.length; k++) samples[at + k] = Math.max(-32768, Math.min(32767, samples[at + k] + s[k]));
    truth.push({ word: words[i], startMs: (at * 1000) / RATE, endMs: ((at + s.length) * 1000) / RATE });
    at += s.length + msToSamples(pause(i));
  });
  for (const [from, to] of options.silence ?? []) samples.fill(0, msToSamples(from), Math.min(total, msToSamples(to)));
  await writeFile(path, monoWav(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)));
  return { path, durationMs: (total * 1000) / RATE, words: truth };
}

/**
 * Planted faults on the embedded default with a reference (issue 28): speech joined from espeak-ng
 * words whose every boundary is known, with a word's audio replaced by noise, and with no fault at
 * all. The noise gives `unaligned` or `low-confidence` on its word; the clean recording gives
 * neither. (A syllable repeated with no pause before its word is not flagged since `outside`
 * leaves out sound between words closer than 150 ms: BENCHMARKS.md counts those misses.)
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../../src/pipeline/index.js';
import { pcmWav, removeTempDirs, tempDir } from '../helpers/index.js';
import { synthesize } from '../helpers/spoken-words.mjs';

const RATE = 16000;
const WORDS = 'in winter the wheel froze and the village waited for the spring thaw'.split(' ');
/** Pauses after the words in turn, ms (0: touching words). */
const PAUSES = [40, 0, 120, 20, 250, 60, 0, 300, 90, 10];

type Part = { samples: Int16Array; gapMs: number };

/** `parts` joined after 500 ms over a seeded noise floor of amplitude 30 (then 500 ms), as a 16 kHz WAV; each part's start, ms. */
async function writeJoined(file: string, parts: readonly Part[]): Promise<number[]> {
  const ms = (n: number): number => Math.round((n * RATE) / 1000);
  const total = ms(1000) + parts.reduce((n, p) => n + p.samples.length + ms(p.gapMs), 0);
  const samples = new Int16Array(total);
  let x = 7;
  const random = (): number => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
  for (let i = 0; i < total; i++) samples[i] = Math.round(random() * 30);
  const starts: number[] = [];
  let at = ms(500);
  for (const p of parts) {
    starts.push((at * 1000) / RATE);
    for (let k = 0; k < p.samples.length; k++) samples[at + k] = Math.max(-32768, Math.min(32767, samples[at + k]! + p.samples[k]!));
    at += p.samples.length + ms(p.gapMs);
  }
  await writeFile(file, pcmWav(samples));
  return starts;
}

/** White noise of `count` samples, amplitude 2500 (seeded). */
function noise(count: number): Int16Array {
  let x = 11;
  const next = (): number => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return Int16Array.from({ length: count }, () => Math.round((next() * 2 - 1) * 2500));
}

let root: string;
let input: string;
let refs: string;

beforeAll(async () => {
  root = await tempDir('planted');
  input = path.join(root, 'in');
  refs = path.join(root, 'refs');
  await mkdir(input, { recursive: true });
  await mkdir(refs, { recursive: true });
  const audio = new Map<string, Int16Array>();
  for (const w of new Set(WORDS)) audio.set(w, await synthesize(w, 'en-us-nyc', 165, 'ffmpeg'));
  const said = (w: string, i: number): Part => ({ samples: audio.get(w)!, gapMs: PAUSES[i % PAUSES.length]! });
  await writeJoined(path.join(input, 'clean.wav'), WORDS.map(said));
  // 'wheel' (the fourth word) replaced by 450 ms of noise.
  const noisy = WORDS.map((w, i) => (i === 3 ? { samples: noise((450 * RATE) / 1000), gapMs: PAUSES[3]! } : said(w, i)));
  await writeJoined(path.join(input, 'noise.wav'), noisy);
  for (const name of ['clean', 'noise']) await writeFile(path.join(refs, `${name}.txt`), `${WORDS.join(' ')}\n`);
}, 120_000);

afterAll(removeTempDirs);

type Row = Record<string, string>;

describe('planted faults with a reference (embedded default)', () => {
  it('flags the noise clip, and nothing of the clean recording', async () => {
    const out = path.join(root, 'out');
    const result = await runPipeline({ inputDir: input, outDir: out, transcripts: refs, concurrency: 1 });
    expect(result.failures).toEqual([]);
    const rows = parse(await readFile(path.join(out, 'manifest.csv'), 'utf8'), { columns: true }) as Row[];
    const flagged = (source: string, flag: string): string[] =>
      rows.filter((r) => r['source'] === source && (r['flags'] ?? '').split(' ').includes(flag)).map((r) => r['text']!);
    expect(rows.filter((r) => r['source'] === 'clean.wav').map((r) => r['text'])).toEqual(WORDS);
    expect([flagged('clean.wav', 'low-confidence'), flagged('clean.wav', 'unaligned')]).toEqual([[], []]);
    // The noise clip: whether the aligner leaves it unplaced or places it, it is flagged.
    const wheel = rows.find((r) => r['source'] === 'noise.wav' && r['text'] === 'wheel')!;
    expect(wheel['flags']).toMatch(/\b(unaligned|low-confidence)\b/);
  }, 180_000);
});

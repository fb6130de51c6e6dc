/**
 * A remote run with a reference (text alignment): a reference word the service heard as another
 * word (substituted) is low-confidence however sure the service was of what it heard, while the
 * words it heard as written, with a high confidence, are not. The service is the scripted one on
 * port 0, hearing every word at its true time with confidence 0.9.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FITTED_THRESHOLD } from '../../src/align/confidence/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
import { removeTempDirs, startTestService, tempDir } from '../helpers/index.js';
import { writeSpokenWords } from '../helpers/spoken-words.mjs';

const WORDS = 'the garden gate was open and the cat walked in'.split(' ');
/** The reference word the service hears as another: `garden`, heard as `warden`. */
const SUBSTITUTED = 1;
let root: string;
let svc: Awaited<ReturnType<typeof startTestService>>;

beforeAll(async () => {
  root = await tempDir('service-substituted');
  await mkdir(path.join(root, 'in'), { recursive: true });
  await mkdir(path.join(root, 'refs'), { recursive: true });
  const spoken = await writeSpokenWords(path.join(root, 'in', 'talk.wav'), WORDS, { voice: 'en-us', rate: 150, pausesMs: [60, 0, 120, 30], seed: 3 });
  await writeFile(path.join(root, 'refs', 'talk.txt'), `${WORDS.join(' ')}.\n`);
  const words = spoken.words.map((w, i) => ({
    word: i === SUBSTITUTED ? 'warden' : w.word, startMs: Math.round(w.startMs), endMs: Math.round(w.endMs), confidence: 0.9,
  }));
  svc = await startTestService({ script: { fallback: 'none', scripts: [{ match: { durationMs: Math.round(spoken.durationMs), toleranceMs: 5 }, words }] } });
}, 120_000);

afterAll(async () => {
  await svc?.close();
  await removeTempDirs();
});

it('a substituted reference word is low-confidence; the words heard as written with confidence 0.9 are not', async () => {
  const out = path.join(root, 'out');
  const result = await runPipeline({
    inputDir: path.join(root, 'in'), outDir: out, transcripts: path.join(root, 'refs'),
    baseUrl: svc.url, credentials: svc.credentials, pollInitialMs: 50, pollMaxMs: 100, concurrency: 1,
  });
  expect(result.failures).toEqual([]);
  const alignment = JSON.parse(await readFile(path.join(out, 'alignments', 'talk.wav.json'), 'utf8')) as { align: string; words: { placement: string }[] };
  expect(alignment.align).toBe('text');
  expect(alignment.words.map((w) => w.placement)).toEqual(WORDS.map((_, i) => (i === SUBSTITUTED ? 'substituted' : 'matched')));
  const rows = (parse(await readFile(path.join(out, 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[]).filter((r) => r['kind'] === 'word');
  expect(rows.map((r) => r['text'])).toEqual(WORDS);
  expect(rows.map((r) => (r['flags'] ?? '').split(' ').includes('low-confidence'))).toEqual(WORDS.map((_, i) => i === SUBSTITUTED));
  expect(rows.map((r) => Number(r['confidence']) < FITTED_THRESHOLD)).toEqual(WORDS.map((_, i) => i === SUBSTITUTED));
}, 120_000);

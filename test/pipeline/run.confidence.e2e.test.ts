/**
 * Confidence on every word row: the embedded default (PocketSphinx) with and without a reference,
 * and a remote service (the scripted service reached by baseUrl, text alignment); a heading the
 * reader never said gets no clip or a flagged one.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../../src/pipeline/index.js';
import { removeTempDirs, startTestService, tempDir } from '../helpers/index.js';
import { writeSpokenWords } from '../helpers/spoken-words.mjs';

const WORDS = 'the garden gate was open and the cat walked in'.split(' ');
let root: string;
let input: string;
let refs: string;
let spoken: Awaited<ReturnType<typeof writeSpokenWords>>;

beforeAll(async () => {
  root = await tempDir('confidence');
  input = path.join(root, 'in');
  refs = path.join(root, 'refs');
  await mkdir(refs, { recursive: true });
  await mkdir(input, { recursive: true });
  spoken = await writeSpokenWords(path.join(input, 'talk.wav'), WORDS, { voice: 'en-us', rate: 150, pausesMs: [60, 0, 120, 30], seed: 3 });
  await writeFile(path.join(refs, 'talk.txt'), `Chapter Nine.\n\n${WORDS.join(' ')}.\n`);
}, 120_000);

afterAll(removeTempDirs);

type Row = Record<string, string>;
const manifest = async (out: string): Promise<Row[]> => parse(await readFile(path.join(out, 'manifest.csv'), 'utf8'), { columns: true }) as Row[];

/** Every row has a confidence from 0 to 1 with at most three decimals. */
function expectConfidences(rows: readonly Row[]): void {
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const c = Number(row['confidence']);
    expect([row['text'], row['confidence'] !== '' && c >= 0 && c <= 1 && Math.round(c * 1000) === c * 1000]).toEqual([row['text'], true]);
  }
}

describe('confidence on every word row', () => {
  it('embedded default without a reference: manifest and timed transcript', async () => {
    const out = path.join(root, 'plain');
    const result = await runPipeline({ inputDir: input, outDir: out, concurrency: 1 });
    expect(result.failures).toEqual([]);
    const rows = await manifest(out);
    expectConfidences(rows);
    const timed = JSON.parse(await readFile(path.join(out, 'transcripts', 'talk.wav.json'), 'utf8')) as { words: { text: string; confidence?: number }[] };
    expect(timed.words.map((w) => typeof w.confidence)).toEqual(timed.words.map(() => 'number'));
    expect(result.summary.confidence).toEqual([expect.objectContaining({ source: 'talk.wav', words: timed.words.length, unaligned: 0 })]);
  }, 120_000);

  it('embedded default with a reference: every placed word; the heading never said gets no clip or a flag', async () => {
    const out = path.join(root, 'reference');
    const result = await runPipeline({ inputDir: input, outDir: out, transcripts: refs, concurrency: 1 });
    expect(result.failures).toEqual([]);
    const rows = await manifest(out);
    expectConfidences(rows);
    for (const row of rows.filter((r) => ['Chapter', 'Nine'].includes(r['text'] ?? ''))) expect(row['flags']).toMatch(/unaligned|low-confidence/);
    const alignment = JSON.parse(await readFile(path.join(out, 'alignments', 'talk.wav.json'), 'utf8')) as { words: { startMs: number | null; confidence?: number }[] };
    for (const word of alignment.words) expect(typeof word.confidence).toBe(word.startMs === null ? 'undefined' : 'number');
    expect(result.summary.confidence?.[0]).toMatchObject({ source: 'talk.wav', words: WORDS.length + 2 });
  }, 120_000);

  it('a remote service (text alignment), with and without a reference', async () => {
    // The service hears every word at its true time (rounded to the ms).
    const words = spoken.words.map((w) => ({ word: w.word, startMs: Math.round(w.startMs), endMs: Math.round(w.endMs) }));
    const svc = await startTestService({ script: { fallback: 'none', scripts: [{ match: { durationMs: Math.round(spoken.durationMs), toleranceMs: 5 }, words }] } });
    try {
      const base = { inputDir: input, baseUrl: svc.url, credentials: svc.credentials, pollInitialMs: 50, pollMaxMs: 100, concurrency: 1 };
      const plain = path.join(root, 'remote');
      expect((await runPipeline({ ...base, outDir: plain })).failures).toEqual([]);
      expectConfidences(await manifest(plain));
      const withRef = path.join(root, 'remote-ref');
      const result = await runPipeline({ ...base, outDir: withRef, transcripts: refs });
      expect(result.failures).toEqual([]);
      expectConfidences(await manifest(withRef));
    } finally {
      await svc.close();
    }
  }, 120_000);
});

/**
 * A remote service's own confidence in its words reaches the confidence model: per word from the
 * embedded service's markers (new method), its text statistics' `Confidence` on every word of the
 * dictation (old method), and with a reference on the words matched as written. The service is the
 * scripted one on port 0, hearing every word at its true time with a set confidence.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecordingLevels, scoreWords } from '../../src/align/confidence/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
import type { RunOptions } from '../../src/pipeline/index.js';
import { wordsToScore } from '../../src/pipeline/stages/confidence.js';
import { removeTempDirs, startTestService, tempDir } from '../helpers/index.js';
import { writeSpokenWords } from '../helpers/spoken-words.mjs';

const WORDS = 'the garden gate was open and the cat walked in'.split(' ');
/** The service's confidence in word i: sure of the even words, not of the odd ones. */
const SET = WORDS.map((_, i) => (i % 2 === 0 ? 0.9 : 0.01));
let root: string;
let input: string;
let refs: string;
let wav: string;
let svc: Awaited<ReturnType<typeof startTestService>>;

beforeAll(async () => {
  root = await tempDir('service-confidence');
  input = path.join(root, 'in');
  refs = path.join(root, 'refs');
  await mkdir(refs, { recursive: true });
  await mkdir(input, { recursive: true });
  wav = path.join(input, 'talk.wav');
  const spoken = await writeSpokenWords(wav, WORDS, { voice: 'en-us', rate: 150, pausesMs: [60, 0, 120, 30], seed: 3 });
  await writeFile(path.join(refs, 'talk.txt'), `${WORDS.join(' ')}.\n`);
  const words = spoken.words.map((w, i) => ({
    word: w.word, startMs: Math.round(w.startMs), endMs: Math.round(w.endMs), confidence: SET[i]!,
  }));
  const match = { durationMs: Math.round(spoken.durationMs), toleranceMs: 5 };
  svc = await startTestService({ script: { fallback: 'none', scripts: [{ match, words }] } });
}, 120_000);

afterAll(async () => {
  await svc?.close();
  await removeTempDirs();
});

type Row = Record<string, string>;
interface Marker { text: string; textStart: number; startMs: number; endMs: number; confidence?: number }

async function run(name: string, more: Partial<RunOptions>): Promise<{ rows: Row[]; markers: Marker[]; out: string }> {
  const out = path.join(root, name);
  const result = await runPipeline({
    inputDir: input, outDir: out, baseUrl: svc.url, credentials: svc.credentials, pollInitialMs: 50, pollMaxMs: 100, concurrency: 1,
    ...more,
  });
  expect(result.failures).toEqual([]);
  const rows = (parse(await readFile(path.join(out, 'manifest.csv'), 'utf8'), { columns: true }) as Row[]).filter((r) => r['kind'] === 'word');
  const saved = JSON.parse(await readFile(path.join(out, 'markers', 'talk.wav.json'), 'utf8')) as { markers: Marker[] };
  return { rows, markers: saved.markers.filter((m) => m.text !== '.'), out };
}

/** What the model gives each word row with the saved markers' confidences (by text offset). */
async function expected(markers: Marker[]): Promise<Map<number, number>> {
  const result = { transcript: '', markers: markers.map((m) => ({ ...m, textLength: m.text.length })), collapsed: false, warnings: [] };
  const words = wordsToScore(result, undefined);
  const scores = scoreWords(words, await readRecordingLevels(wav));
  return new Map(words.map((w, i) => [w.textStart, scores[i]!]));
}

const lowFlagged = (rows: readonly Row[]): boolean[] => rows.map((r) => (r['flags'] ?? '').split(' ').includes('low-confidence'));

describe('the service\'s confidence in its words', () => {
  it('new method: each word keeps the service\'s own confidence; the unsure words and only they are low-confidence', async () => {
    const { rows, markers } = await run('new', {});
    expect(markers.map((m) => [m.text.toLowerCase(), m.confidence])).toEqual(WORDS.map((w, i) => [w, SET[i]]));
    expect(rows.map((r) => r['text']!.toLowerCase())).toEqual(WORDS);
    const model = await expected(markers);
    expect(rows.map((r) => Number(r['confidence']))).toEqual(rows.map((r) => model.get(Number(r['text_start']))));
    expect(lowFlagged(rows)).toEqual(SET.map((c) => c < 0.5));
  }, 120_000);

  it('old method: the text statistics\' Confidence (the mean, 0.455) on every word, and the model reads it', async () => {
    const { rows, markers } = await run('old', { markers: 'old' });
    expect(markers.map((m) => m.confidence)).toEqual(WORDS.map(() => 0.455));
    const model = await expected(markers);
    expect(rows.map((r) => Number(r['confidence']))).toEqual(rows.map((r) => model.get(Number(r['text_start']))));
    // The same words with the service far less sure of them (0.01) score lower, every one: the model reads the figure. (Against the
    // words with no confidence at all, which another model scores, two rounded figures can meet by chance.)
    const unsure = await expected(markers.map((m) => ({ ...m, confidence: 0.01 })));
    expect(rows.filter((r) => unsure.get(Number(r['text_start']))! >= model.get(Number(r['text_start']))!)).toEqual([]);
  }, 120_000);

  it('with a reference (text alignment): a word matched as written takes the service\'s confidence in it', async () => {
    const { rows, out } = await run('reference', { transcripts: refs });
    const alignment = JSON.parse(await readFile(path.join(out, 'alignments', 'talk.wav.json'), 'utf8')) as { words: { placement: string }[] };
    expect(alignment.words.map((w) => w.placement)).toEqual(WORDS.map(() => 'matched'));
    expect(rows.map((r) => r['text'])).toEqual(WORDS);
    expect(lowFlagged(rows)).toEqual(SET.map((c) => c < 0.5));
  }, 120_000);
});

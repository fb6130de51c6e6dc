/**
 * End to end, audio extracts: phrase search across recordings with each marker method, and
 * resume re-cutting from saved markers. Real ffmpeg, the embedded service with the scripted
 * engine (exact markers), real files.
 * - a.wav 2000 ms: "call me now please call me" (the phrase at the very start and end)
 * - b.wav 3000 ms: "then call . me maybe" (the phrase across a punctuation marker)
 * - c.wav 1500 ms: "na na na na" (overlapping matches of "na na na")
 * All three are 44.1 kHz stereo 16-bit WAV; compressed/ holds the same words as a.wav in mp3, ogg
 * and m4a (its own input folder).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readWavInfo } from '../../src/audio/index.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBursts, runOptions } from '../helpers/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
import type { RunOptions } from '../../src/pipeline/types.js';

let root: string;
let input: string;
let scriptFile: string;

type Word = [string, number, number];
const A: Word[] = [['call', 100, 400], ['me', 450, 700], ['now', 800, 1000], ['please', 1100, 1400], ['call', 1500, 1700], ['me', 1750, 1990]];
const B: Word[] = [['then', 200, 500], ['call', 700, 1000], ['.', 1000, 1050], ['me', 1300, 1600], ['maybe', 1900, 2400]];
const C: Word[] = [['na', 100, 300], ['na', 400, 600], ['na', 700, 900], ['na', 1000, 1200]];
const scriptWords = (words: Word[]) => words.map(([word, startMs, endMs]) => ({ word, startMs, endMs }));
const bursts = (words: Word[]) => words.filter(([w]) => w !== '.').map(([, a, b]) => [a / 1000, b / 1000] as const);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dictclip-extracts-'));
  input = path.join(root, 'in');
  await makeBursts(path.join(input, 'a.wav'), bursts(A), { seconds: 2, rate: 44100, channels: 2 });
  await makeBursts(path.join(input, 'b.wav'), bursts(B), { seconds: 3, rate: 44100, channels: 2 });
  await makeBursts(path.join(input, 'c.wav'), bursts(C), { seconds: 1.5, rate: 44100, channels: 2 });
  scriptFile = path.join(root, 'script.json');
  await writeFile(scriptFile, JSON.stringify({
    fallback: 'none',
    scripts: [
      { match: { durationMs: 2000, toleranceMs: 5 }, words: scriptWords(A) },
      { match: { durationMs: 3000, toleranceMs: 5 }, words: scriptWords(B) },
      { match: { durationMs: 1500, toleranceMs: 5 }, words: scriptWords(C) },
    ],
  }));
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function options(outDir: string, overrides: Partial<RunOptions>): RunOptions {
  return runOptions(input, path.join(root, outDir), { concurrency: 2, pollInitialMs: 20, scriptFile, ...overrides });
}

/** Manifest rows as objects by header name (no field here holds a comma or quote). */
async function manifest(outDir: string): Promise<Record<string, string>[]> {
  const [header = '', ...lines] = (await readFile(path.join(root, outDir, 'manifest.csv'), 'utf8')).trimEnd().split('\n');
  const names = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i], v])));
}
const pick = (rows: Record<string, string>[]) => rows.map((r) => [r['source'], r['text'], r['start_ms'], r['end_ms'], r['kind']]);

const CALL_ME = [
  ['a.wav', 'Call me', '100', '700', 'match'],
  ['a.wav', 'call me', '1500', '1990', 'match'],
  ['b.wav', 'call . me', '700', '1600', 'match'],
];

describe('--find', () => {
  it.each(['new', 'old', 'websocket'] as const)('cuts every occurrence across recordings (%s markers)', async (markers) => {
    const out = `find-${markers}`;
    const result = await runPipeline(options(out, { markers, find: ['CALL me', 'na na na', 'not said'] }));
    expect(pick(await manifest(out))).toEqual([
      ...CALL_ME,
      ['c.wav', 'Na na na', '100', '900', 'match'],
      ['c.wav', 'na na na', '400', '1200', 'match'],
    ]);
    expect([result.summary.find, result.summary.notes]).toEqual([
      [{ phrase: 'CALL me', matches: 3 }, { phrase: 'na na na', matches: 2 }, { phrase: 'not said', matches: 0 }],
      ['--find "not said": no match in any recording'],
    ]);
  });

  it('widens by context words and re-cuts from saved markers when the phrase changes (never dictating again)', async () => {
    const first = await runPipeline(options('resume', { find: ['please'] }));
    expect(first.summary.clips).toBe(1);
    const stages: string[] = [];
    const again = await runPipeline(options('resume', { find: ['please'], contextWords: 1 }), { onStageTiming: (t) => stages.push(t.stage) });
    expect(pick(await manifest('resume'))).toEqual([['a.wav', 'now please call', '800', '1700', 'match']]);
    expect(again.summary.find).toEqual([{ phrase: 'please', matches: 1 }]);
    expect(stages).not.toContain('dictate');
    expect(stages).not.toContain('upload');
    expect(stages).toContain('cut');
    const stagesNow: string[] = [];
    await runPipeline(options('resume', { find: ['call me'] }), { onStageTiming: (t) => stagesNow.push(t.stage) });
    expect(pick(await manifest('resume'))).toEqual(CALL_ME);
    expect(stagesNow.filter((s) => s === 'dictate' || s === 'upload')).toEqual([]);
    // Unchanged options: every recording is kept, the phrase counts still come from the saved markers.
    const kept = await runPipeline(options('resume', { find: ['call me'] }));
    expect([kept.summary.done, kept.summary.find]).toEqual([0, [{ phrase: 'call me', matches: 3 }]]);
  });
});

/** The PCM bytes of a WAV's data chunk. */
async function pcmOf(file: string): Promise<Buffer> {
  const info = await readWavInfo(file);
  return (await readFile(file)).subarray(info.dataOffset, info.dataOffset + info.dataBytes);
}

describe('--clip-source original', () => {
  it('cuts 44.1 kHz stereo WAV clips equal to the source slice, sample for sample, at round(ms × 44.1) frames', async () => {
    await runPipeline(options('original', { clipSource: 'original', find: ['call me'] }));
    const rows = await manifest('original');
    expect(rows.map((r) => [r['text'], r['start_ms'], r['end_ms'], r['sample_rate'], r['channels']])).toEqual([
      ['Call me', '100', '700', '44100', '2'], ['call me', '1500', '1990', '44100', '2'], ['call . me', '700', '1600', '44100', '2'],
    ]);
    for (const row of rows) {
      const source = await pcmOf(path.join(input, row['source']!));
      const from = Math.round((Number(row['start_ms']) * 44100) / 1000);
      const to = Math.round((Number(row['end_ms']) * 44100) / 1000);
      const clip = path.join(root, 'original', row['file_name']!);
      expect(await readWavInfo(clip)).toMatchObject({ sampleRate: 44100, channels: 2, bitsPerSample: 16, samples: to - from });
      expect((await pcmOf(clip)).equals(source.subarray(from * 4, to * 4))).toBe(true);
    }
    // The work-audio cut of the same clips: 16 kHz mono, the default.
    await runPipeline(options('original', { find: ['call me'] }));
    const work = await manifest('original');
    expect(work.map((r) => [r['sample_rate'], r['channels']])).toEqual([['16000', '1'], ['16000', '1'], ['16000', '1']]);
    expect((await readWavInfo(path.join(root, 'original', work[0]!['file_name']!))).samples).toBe(9600);
  });

  it('decodes mp3, ogg and m4a once at their own rate and channels; clips have the right length', async () => {
    const compressed = path.join(root, 'compressed');
    for (const [ext, format] of [['mp3', 'mp3'], ['ogg', 'ogg'], ['m4a', 'ipod']] as const) {
      await makeBursts(path.join(compressed, `a.${ext}`), bursts(A), { seconds: 2, rate: 44100, channels: 2, format });
    }
    const script = path.join(root, 'compressed-script.json');
    await writeFile(script, JSON.stringify({ fallback: 'none', scripts: [{ match: { durationMs: 2000, toleranceMs: 120 }, words: scriptWords(A) }] }));
    const out = path.join(root, 'compressed-out');
    const result = await runPipeline(runOptions(compressed, out, { concurrency: 2, pollInitialMs: 20, scriptFile: script, clipSource: 'original', find: ['please'] }));
    expect(result.failures).toEqual([]);
    const [header = '', ...lines] = (await readFile(path.join(out, 'manifest.csv'), 'utf8')).trimEnd().split('\n');
    const names = header.split(',');
    const rows = lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i], v])));
    expect(rows.map((r) => [r['source'], r['text'], r['start_ms'], r['end_ms'], r['sample_rate'], r['channels']])).toEqual([
      ['a.m4a', 'please', '1100', '1400', '44100', '2'], ['a.mp3', 'please', '1100', '1400', '44100', '2'], ['a.ogg', 'please', '1100', '1400', '44100', '2'],
    ]);
    for (const row of rows) {
      // 1100 ms → frame 48510, 1400 ms → 61740.
      expect(await readWavInfo(path.join(out, row['file_name']!))).toMatchObject({ sampleRate: 44100, channels: 2, samples: 61740 - 48510 });
    }
    expect(await readdir(path.join(out, '.dictclip', 'work'))).toEqual([]); // decoded copies removed
  });
});

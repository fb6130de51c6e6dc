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
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readWavInfo } from '../../src/audio/index.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBursts, runOptions } from '../helpers/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
import { main } from '../../src/cli/main.js';
import { fakeIo } from '../cli/fake-io.js';
import type { RunOptions } from '../../src/pipeline/types.js';

let root: string;
let input: string;
let scriptFile: string;

type Word = [string, number, number];
const A: Word[] = [
  ['call', 100, 400],
  ['me', 450, 700],
  ['now', 800, 1000],
  ['please', 1100, 1400],
  ['call', 1500, 1700],
  ['me', 1750, 1990],
];
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
  return runOptions(input, path.join(root, outDir), {
    concurrency: 2,
    pollInitialMs: 50,
    scriptFile,
    confidenceThreshold: 0,
    ...overrides,
  });
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
    const again = await runPipeline(options('resume', { find: ['please'], contextWords: 1 }), {
      onStageTiming: (t) => stages.push(t.stage),
    });
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
    // Clips are cut into <folder>.tmp and renamed into place: a leftover of a killed run is cleared.
    const clipsDir = path.join(root, 'resume', 'clips');
    const folders = (await readdir(clipsDir)).sort();
    expect(folders.filter((name) => name.includes('.tmp'))).toEqual([]);
    await mkdir(path.join(clipsDir, `${folders[0]!}.tmp`, 'stale'), { recursive: true });
    await runPipeline(options('resume', { find: ['call me'], contextWords: 0, padBeforeMs: 1 }));
    expect((await readdir(clipsDir)).filter((name) => name.includes('.tmp'))).toEqual([]);
    await runPipeline(options('resume', { find: ['call me'] }));
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
    await writeFile(
      script,
      JSON.stringify({ fallback: 'none', scripts: [{ match: { durationMs: 2000, toleranceMs: 120 }, words: scriptWords(A) }] }),
    );
    const out = path.join(root, 'compressed-out');
    const result = await runPipeline(
      runOptions(compressed, out, { concurrency: 2, pollInitialMs: 50, scriptFile: script, clipSource: 'original', find: ['please'] }),
    );
    expect(result.failures).toEqual([]);
    const [header = '', ...lines] = (await readFile(path.join(out, 'manifest.csv'), 'utf8')).trimEnd().split('\n');
    const names = header.split(',');
    const rows = lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i], v])));
    expect(rows.map((r) => [r['source'], r['text'], r['start_ms'], r['end_ms'], r['sample_rate'], r['channels']])).toEqual([
      ['a.m4a', 'please', '1100', '1400', '44100', '2'],
      ['a.mp3', 'please', '1100', '1400', '44100', '2'],
      ['a.ogg', 'please', '1100', '1400', '44100', '2'],
    ]);
    for (const row of rows) {
      // 1100 ms → frame 48510, 1400 ms → 61740.
      expect(await readWavInfo(path.join(out, row['file_name']!))).toMatchObject({
        sampleRate: 44100,
        channels: 2,
        samples: 61740 - 48510,
      });
    }
    expect(await readdir(path.join(out, '.dictclip', 'work'))).toEqual([]); // decoded copies removed
  });
});

describe('--snap-ms', () => {
  it('moves edges into the silent gaps around a word and never past the midpoint to its neighbours', async () => {
    // "now" 800–1000 between "me" (ends 700) and "please" (starts 1100): the tone is silent from 700 to 800 and 1000 to 1100.
    const result = await runPipeline(options('snap', { find: ['now', 'me now please'], snapMs: 100 }));
    expect(result.failures).toEqual([]);
    const rows = await manifest('snap');
    // The quietest points (±5 ms energy windows; the 16 kHz work audio rings a little around each
    // burst) lie in the gaps, inside the windows bounded by the midpoints 425/750 and 1050/1450.
    // The first and last 10 ms still reach 6 ms into the words: the edges stay loud without padding.
    expect(rows.map((r) => [r['text'], r['start_ms'], r['end_ms'], r['duration_ms'], r['flags']])).toEqual([
      ['me now please', '444', '1406', '962', ''],
      ['now', '794', '1006', '212', ''],
    ]);
    expect((await readWavInfo(path.join(root, 'snap', rows[1]!['file_name']!))).samples).toBe(212 * 16);
    // With 10 ms of padding the snapped edges stay in silence and the edges are quiet.
    await runPipeline(options('snap', { find: ['now'], snapMs: 100, padBeforeMs: 10, padAfterMs: 10 }));
    const padded = (await manifest('snap'))[0]!;
    expect([padded['start_ms'], padded['end_ms'], padded['flags']]).toEqual(['790', '1010', '']);
    expect(Number(padded['edge_start_db'])).toBeLessThan(-30);
    expect(Number(padded['edge_end_db'])).toBeLessThan(-30);
    // Without snapping the same clip starts and ends inside the tone: loud edges.
    await runPipeline(options('snap', { find: ['now'] }));
    expect((await manifest('snap')).map((r) => [r['start_ms'], r['end_ms'], r['flags']])).toEqual([['800', '1000', '']]);
  });
});

describe('--supercut', () => {
  it('joins every kept clip in manifest order with cues of the clips\' exact durations, and is rebuilt on a rerun', async () => {
    const out = path.join(root, 'reel-out');
    const args = [
      'run',
      input,
      '--out',
      out,
      '--engine',
      'scripted',
      '--script-file',
      scriptFile,
      '--find',
      'call me',
      '--supercut',
      'reel',
      '--quiet',
    ];
    expect(await main(args, fakeIo({ cwd: root }).io)).toBe(0);
    const rows = await manifest('reel-out');
    const cues = (await readFile(path.join(out, 'reel.vtt'), 'utf8')).split('\n\n').slice(1);
    expect(cues).toHaveLength(3);
    const spans = cues.map((cue) => /(\d\d):(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d):(\d\d)\.(\d{3})/.exec(cue)!.slice(1).map(Number));
    const ms = (h: number, m: number, s: number, f: number): number => ((h * 60 + m) * 60 + s) * 1000 + f;
    const durations = spans.map((x) => ms(x[4]!, x[5]!, x[6]!, x[7]!) - ms(x[0]!, x[1]!, x[2]!, x[3]!));
    expect(durations).toEqual(rows.map((r) => Number(r['duration_ms'])));
    expect(spans.map((x) => ms(x[0]!, x[1]!, x[2]!, x[3]!))).toEqual([0, 600 + 500, 600 + 500 + 490 + 500]);
    expect(cues.map((cue) => cue.split('\n')[2])).toEqual(['Call me', 'call me', 'call . me']);
    const map = JSON.parse(await readFile(path.join(out, 'reel.json'), 'utf8')) as { clips: { source: string; source_start_ms: number }[] };
    expect(map.clips.map((c) => [c.source, c.source_start_ms])).toEqual([['a.wav', 100], ['a.wav', 1500], ['b.wav', 700]]);
    expect(await readWavInfo(path.join(out, 'reel.wav'))).toMatchObject({
      sampleRate: 16000,
      channels: 1,
      samples: (600 + 500 + 490 + 500 + 900) * 16,
    });
    // A rerun with another gap re-dictates nothing and rebuilds the supercut.
    const fake = fakeIo({ cwd: root });
    expect(await main([...args.slice(0, -1), '--supercut-gap-ms', '0'], fake.io)).toBe(0);
    expect(fake.stdout()).toMatch(/supercut: .*reel\.wav \(3 clips, /);
    expect((await readWavInfo(path.join(out, 'reel.wav'))).samples).toBe((600 + 490 + 900) * 16);
  });
});

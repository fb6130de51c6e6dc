/**
 * End to end: real ffmpeg, the embedded service with the scripted engine, real files.
 * Recordings (durations exact for wav/flac; the mp3 matches with a wider tolerance):
 * - a.wav  2000 ms, 44.1 kHz stereo: "hello" 300–700, "world" 1000–1400
 * - b.flac 2600 ms, 44.1 kHz stereo: "alpha" 200–500, "beta" 520–800, "gamma" 1800–2200
 * - sub/c.mp3 3200 ms, 44.1 kHz stereo: "one" 500–900, "two" 1500–1900
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOptions } from '../helpers/index.js';
import { findSplitPoints, readWavInfo } from '../../src/audio/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
import { chunksFromSplits, ROUNDING_MARGIN_BYTES } from '../../src/pipeline/stages/dictation/stitch.js';
import type { RunOptions } from '../../src/pipeline/types.js';

const run = promisify(execFile);
let root: string;
let input: string;
let scriptFile: string;

/** A tone at 440 Hz inside `spans` (seconds), silence elsewhere. */
async function makeRecording(file: string, durationS: number, spans: [number, number][], codec: string[]): Promise<void> {
  const on = spans.map(([a, b]) => `between(t,${a},${b})`).join('+');
  await mkdir(path.dirname(file), { recursive: true });
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc=exprs='0.5*sin(2*PI*440*t)*(${on})':s=44100:d=${durationS}`,
    '-ac', '2', '-ar', '44100', ...codec, file]);
}

function options(overrides: Partial<RunOptions>): RunOptions {
  const outDir = overrides.outDir ?? path.join(root, 'out');
  return runOptions(input, outDir, {
    concurrency: 2,
    maxRetries: 2,
    requestTimeoutMs: 30_000,
    pollInitialMs: 50,
    scriptFile,
    confidenceThreshold: 0,
    ...overrides,
  });
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith('.json')).length;
}

/** Manifest rows as arrays, header dropped (no field of these tests holds a comma or quote). */
async function manifestRows(outDir: string): Promise<string[][]> {
  const text = await readFile(path.join(outDir, 'manifest.csv'), 'utf8');
  return text.trimEnd().split('\n').slice(1).map((line) => line.split(','));
}

/** [file_name without folder, text, source, start, end, duration, kind, method, text_start, text_length] + dictation_id checked apart. */
function strip(rows: string[][]): string[][] {
  return rows.map((r) => [path.posix.basename(r[0] ?? ''), ...r.slice(1, 8), ...r.slice(9, 12)]);
}

async function clipSamples(outDir: string, rows: string[][]): Promise<number[]> {
  return Promise.all(rows.map(async (r) => (await readWavInfo(path.join(outDir, r[0] ?? ''))).samples));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dictclip-e2e-'));
  input = path.join(root, 'in');
  await makeRecording(path.join(input, 'a.wav'), 2, [[0.3, 0.7], [1.0, 1.4]], ['-c:a', 'pcm_s16le']);
  await makeRecording(path.join(input, 'b.flac'), 2.6, [[0.2, 0.5], [0.52, 0.8], [1.8, 2.2]], ['-c:a', 'flac']);
  await makeRecording(path.join(input, 'sub', 'c.mp3'), 3.2, [[0.5, 0.9], [1.5, 1.9]], ['-c:a', 'libmp3lame', '-b:a', '64k']);
  scriptFile = path.join(root, 'script.json');
  await writeFile(
    scriptFile,
    JSON.stringify({
      fallback: 'none',
      scripts: [
        {
          match: { durationMs: 2000, toleranceMs: 5 },
          words: [
            { word: 'hello', startMs: 300, endMs: 700 },
            { word: 'world', startMs: 1000, endMs: 1400 },
          ],
        },
        {
          match: { durationMs: 2600, toleranceMs: 5 },
          words: [
            { word: 'alpha', startMs: 200, endMs: 500 },
            { word: 'beta', startMs: 520, endMs: 800 },
            { word: 'gamma', startMs: 1800, endMs: 2200 },
          ],
        },
        {
          match: { durationMs: 3200, toleranceMs: 150 },
          words: [
            { word: 'one', startMs: 500, endMs: 900 },
            { word: 'two', startMs: 1500, endMs: 1900 },
          ],
        },
      ],
    }),
  );
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const WORD_ROWS = [
  ['00000_hello.wav', 'Hello', 'a.wav', '300', '700', '400', 'word', 'new', '0', '5', ''],
  ['00001_world.wav', 'world', 'a.wav', '1000', '1400', '400', 'word', 'new', '6', '5', ''],
  ['00000_alpha.wav', 'Alpha', 'b.flac', '200', '500', '300', 'word', 'new', '0', '5', ''],
  ['00001_beta.wav', 'beta', 'b.flac', '520', '800', '280', 'word', 'new', '6', '4', ''],
  ['00002_gamma.wav', 'gamma', 'b.flac', '1800', '2200', '400', 'word', 'new', '11', '5', ''],
  ['00000_one.wav', 'One', 'sub/c.mp3', '500', '900', '400', 'word', 'new', '0', '3', ''],
  ['00001_two.wav', 'two', 'sub/c.mp3', '1500', '1900', '400', 'word', 'new', '4', '3', ''],
];

describe('runPipeline end to end (embedded scripted service)', () => {
  it('cuts word clips, writes the manifest, and resumes without dictating again', async () => {
    const out = path.join(root, 'out');
    const done: { source: string; clips: number; resumed: boolean }[] = [];
    const timings: { source: string; stage: string; ms: number }[] = [];
    const started = performance.now();
    const result = await runPipeline(options({}), {
      onRecordingDone: (info) => done.push(info),
      onStageTiming: (info) => timings.push(info),
    });
    const wallMs = performance.now() - started;
    expect(result.failures).toEqual([]);
    for (const source of ['a.wav', 'b.flac', 'sub/c.mp3']) {
      const mine = timings.filter((t) => t.source === source);
      expect(mine.map((t) => t.stage).sort()).toEqual(['cut', 'dictate', 'markers', 'output', 'transcode', 'upload']);
      // The stages partition the recording's processing: together no longer than the whole run.
      const total = mine.reduce((sum, t) => sum + t.ms, 0);
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(wallMs);
    }
    expect(result.summary).toMatchObject({
      recordings: 3,
      done: 3,
      failed: 0,
      resumed: 0,
      skipped: 0,
      clips: 7,
      totalClipMs: 2580,
      minClipMs: 280,
      maxClipMs: 400,
      medianClipMs: 400,
    });
    const rows = await manifestRows(out);
    expect(strip(rows)).toEqual(WORD_ROWS);
    expect(rows.map((r) => r[0]?.split('/').slice(0, 2).join('/').replace(/-[0-9a-f]{8}$/, ''))).toEqual([
      'clips/a', 'clips/a', 'clips/b', 'clips/b', 'clips/b', 'clips/sub__c', 'clips/sub__c']);
    expect(await clipSamples(out, rows)).toEqual([6400, 6400, 4800, 4480, 6400, 6400, 6400]);
    // The dictation id of each clip is the recording's dictation, as saved in markers/<source>.json.
    const markersA = JSON.parse(await readFile(path.join(out, 'markers', 'a.wav.json'), 'utf8')) as {
      dictationIds: string[];
      transcript: string;
      markers: unknown[];
    };
    expect(markersA.transcript).toBe('Hello world.');
    expect(markersA.markers).toEqual([
      { text: 'Hello', textStart: 0, textLength: 5, startMs: 300, endMs: 700, confidence: 0.9 },
      { text: 'world', textStart: 6, textLength: 5, startMs: 1000, endMs: 1400, confidence: 0.9 },
      { text: '.', textStart: 11, textLength: 1, startMs: 1400, endMs: 1400 },
    ]);
    expect(rows[0]?.[8]).toBe(markersA.dictationIds[0]);
    expect(await readFile(path.join(out, 'transcripts', 'sub', 'c.mp3.txt'), 'utf8')).toBe('One two.\n');
    expect(await readFile(path.join(out, 'failures.csv'), 'utf8')).toBe('source,stage,code,message\n');
    expect(await readdir(path.join(out, '.dictclip', 'work')).catch(() => [])).toEqual([]);
    expect(done.map((d) => d.resumed)).toEqual([false, false, false]);
    const dictations = await countFiles(path.join(out, '.dictclip', 'service', 'dictations'));
    expect(dictations).toBe(3);

    const manifestBefore = await readFile(path.join(out, 'manifest.csv'));
    const again: boolean[] = [];
    const second = await runPipeline(options({}), {
      onRecordingDone: (info) => again.push(info.resumed),
      onStageTiming: (info) => timings.push(info),
    });
    expect(second.summary).toMatchObject({ recordings: 3, done: 0, resumed: 3, skipped: 0, clips: 7 });
    expect(again).toEqual([true, true, true]);
    expect(timings).toHaveLength(18); // resumed recordings report no stage timings
    expect(await readFile(path.join(out, 'manifest.csv'))).toEqual(manifestBefore);
    expect(await countFiles(path.join(out, '.dictclip', 'service', 'dictations'))).toBe(dictations);

    const dry = await runPipeline(options({ dryRun: true, mode: 'phrase' }));
    // A new mode only re-cuts from the saved markers: nothing is dictated again.
    expect(dry.plan?.map(({ source, state, dictate }) => ({ source, state, dictate }))).toEqual([
      { source: 'a.wav', state: 'redo', dictate: false }, { source: 'b.flac', state: 'redo', dictate: false },
      { source: 'sub/c.mp3', state: 'redo', dictate: false }]);
    expect(dry.plan?.[0]?.path).toBe(path.join(input, 'a.wav'));
    expect(await readFile(path.join(out, 'manifest.csv'))).toEqual(manifestBefore);
  });

  it('re-cuts phrases from the saved markers, removing the old clips', async () => {
    const out = path.join(root, 'out');
    const dictations = await countFiles(path.join(out, '.dictclip', 'service', 'dictations'));
    const result = await runPipeline(options({ mode: 'phrase' }));
    expect(result.summary).toMatchObject({ done: 3, resumed: 0, clips: 4 });
    expect(await countFiles(path.join(out, '.dictclip', 'service', 'dictations'))).toBe(dictations);
    const rows = await manifestRows(out);
    expect(strip(rows)).toEqual([
      ['00000_hello_world.wav', 'Hello world.', 'a.wav', '300', '1400', '1100', 'phrase', 'new', '0', '12', ''],
      ['00000_alpha_beta.wav', 'Alpha beta', 'b.flac', '200', '800', '600', 'phrase', 'new', '0', '10', ''],
      ['00001_gamma.wav', 'gamma.', 'b.flac', '1800', '2200', '400', 'phrase', 'new', '11', '6', ''],
      ['00000_one_two.wav', 'One two.', 'sub/c.mp3', '500', '1900', '1400', 'phrase', 'new', '0', '8', ''],
    ]);
    expect(await clipSamples(out, rows)).toEqual([17_600, 9600, 6400, 22_400]);
    const folderA = path.join(out, path.posix.dirname(rows[0]?.[0] ?? ''));
    expect(await readdir(folderA)).toEqual(['00000_hello_world.wav']);
  });

  it('pads clips, stopping at the midpoint between close words', async () => {
    const out = path.join(root, 'out-pad');
    await runPipeline(options({ outDir: out, padBeforeMs: 100, padAfterMs: 100 }));
    const rows = strip(await manifestRows(out)).map((r) => [r[0], r[3], r[4], r[5]]);
    expect(rows).toEqual([
      ['00000_hello.wav', '200', '800', '600'],
      // the last word of each recording is padded too: the closing period owns no audio
      ['00001_world.wav', '900', '1500', '600'],
      ['00000_alpha.wav', '100', '510', '410'],
      ['00001_beta.wav', '510', '900', '390'],
      ['00002_gamma.wav', '1700', '2300', '600'],
      ['00000_one.wav', '400', '1000', '600'],
      ['00001_two.wav', '1400', '2000', '600'],
    ]);
    expect(await clipSamples(out, await manifestRows(out))).toEqual([9600, 9600, 6560, 6240, 9600, 9600, 9600]);
  });

  it('leaves out clips outside the duration filter (never cut), numbers the rest again and totals what was dropped', async () => {
    const out = path.join(root, 'out-filter');
    const result = await runPipeline(options({ outDir: out, minDurationMs: 350, maxCharsPerSecond: 15 }));
    // alpha 300 ms and beta 280 ms are too short; hello/world/gamma 400 ms at 12.5 chars/s pass,
    // "one"/"two" 400 ms at 7.5 chars/s pass.
    expect(result.summary).toMatchObject({ clips: 5, totalClipMs: 2000, droppedClips: 2, droppedClipMs: 580 });
    const rows = strip(await manifestRows(out));
    expect(rows.map((r) => r[0])).toEqual(['00000_hello.wav', '00001_world.wav', '00000_gamma.wav', '00000_one.wav', '00001_two.wav']);
    const folderB = path.join(out, path.posix.dirname((await manifestRows(out))[2]?.[0] ?? ''));
    expect(await readdir(folderB)).toEqual(['00000_gamma.wav']);
    const summary = JSON.parse(await readFile(path.join(out, 'summary.json'), 'utf8')) as Record<string, number>;
    // tone bursts cut at their onsets: loud edges, but no cut into speech
    expect(summary).toMatchObject({ droppedClips: 2, droppedClipMs: 580, flaggedClips: 0 });
    // A rerun with the same filters keeps every recording and the dropped totals.
    const again = await runPipeline(options({ outDir: out, minDurationMs: 350, maxCharsPerSecond: 15 }));
    expect(again.summary).toMatchObject({ resumed: 3, clips: 5, droppedClips: 2, droppedClipMs: 580 });
    // Without the filters, the clips are cut again from the saved markers.
    expect((await runPipeline(options({ outDir: out }))).summary).toMatchObject({ done: 3, clips: 7, droppedClips: 0 });
  });

  it.each(['old', 'websocket'] as const)(
    'gives the same manifest with the %s marker method, apart from method and ids',
    async (markers) => {
      const reference = strip(await manifestRows(path.join(root, 'out-pad')));
      expect(reference).toHaveLength(7);
      const out = path.join(root, `out-${markers}`);
      const result = await runPipeline(options({ outDir: out, markers, padBeforeMs: 100, padAfterMs: 100 }));
      expect(result.failures).toEqual([]);
      const rows = strip(await manifestRows(out));
      expect(rows.map((r) => r[7])).toEqual(Array(7).fill(markers));
      expect(rows.map((r) => [...r.slice(0, 7), ...r.slice(8)])).toEqual(reference.map((r) => [...r.slice(0, 7), ...r.slice(8)]));
    },
  );

  it('splits a recording larger than maxUploadBytes and stitches the chunks', async () => {
    const dir = path.join(root, 'long-in');
    const out = path.join(root, 'out-long');
    await makeRecording(path.join(dir, 'long.wav'), 9, [[1, 1.5], [2.5, 3], [6.5, 6.9]], ['-c:a', 'pcm_s16le']);
    // The split the pipeline will choose, computed the same way from the 16 kHz work audio.
    const work = path.join(root, 'long-16k.wav');
    await run('ffmpeg', ['-v', 'error', '-y', '-i', path.join(dir, 'long.wav'), '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', work]);
    const info = await readWavInfo(work);
    const maxUploadBytes = 200_000;
    const chunks = chunksFromSplits(await findSplitPoints({ ...info, path: work }, maxUploadBytes - ROUNDING_MARGIN_BYTES), info.samples);
    expect(chunks.length).toBe(2);
    const [first, second] = chunks as [typeof chunks[0], typeof chunks[0]];
    const d1 = (first.endSample - first.startSample) / 16;
    const d2 = (second.endSample - second.startSample) / 16;
    const offset = second.offsetMs;
    const script = path.join(root, 'long-script.json');
    await writeFile(
      script,
      JSON.stringify({
        fallback: 'none',
        scripts: [
          {
            match: { durationMs: d1, toleranceMs: 1 },
            words: [
              { word: 'red', startMs: 1000, endMs: 1500 },
              { word: 'green', startMs: 2500, endMs: 3000 },
            ],
          },
          { match: { durationMs: d2, toleranceMs: 1 }, words: [{ word: 'blue', startMs: 6500 - offset, endMs: 6900 - offset }] },
        ],
      }),
    );
    const result = await runPipeline(options({ inputDir: dir, outDir: out, scriptFile: script, maxUploadBytes }));
    expect(result.failures).toEqual([]);
    const rows = await manifestRows(out);
    expect(strip(rows)).toEqual([
      ['00000_red.wav', 'Red', 'long.wav', '1000', '1500', '500', 'word', 'new', '0', '3', ''],
      ['00001_green.wav', 'green', 'long.wav', '2500', '3000', '500', 'word', 'new', '4', '5', ''],
      ['00002_blue.wav', 'blue', 'long.wav', '6500', '6900', '400', 'word', 'new', '10', '4', ''],
    ]);
    expect(await clipSamples(out, rows)).toEqual([8000, 8000, 6400]);
    const saved = JSON.parse(await readFile(path.join(out, 'markers', 'long.wav.json'), 'utf8')) as {
      dictationIds: string[];
      transcript: string;
      chunks: unknown;
    };
    // The seam is no sentence break: the embedded engine's unheard period and capital are undone.
    expect(saved.transcript).toBe('Red green blue.');
    expect(saved.chunks).toEqual([{ startMs: 0, endMs: offset }, { startMs: offset, endMs: 9000 }]);
    expect(saved.dictationIds).toHaveLength(2);
    expect(rows.map((r) => r[8])).toEqual([saved.dictationIds[0], saved.dictationIds[0], saved.dictationIds[1]]);
    expect(await countFiles(path.join(out, '.dictclip', 'service', 'dictations'))).toBe(2);
  });
});

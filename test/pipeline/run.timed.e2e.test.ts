/**
 * Timed transcripts end to end: the embedded service (scripted engine) on port 0 hears a
 * recording of known word times; the run writes transcripts/<source>.json always, and with
 * `subtitles` the WebVTT, SubRip and TextGrid files (also highlighted and wrapped), byte for byte.
 * Asking for subtitles on a finished output writes them without a single service call and without
 * cutting again.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBursts, removeTempDirs, runCli, runOptions, startTestService, tempDir } from '../helpers/index.js';
import type { StartedService } from '../helpers/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
import type { RunOptions } from '../../src/pipeline/types.js';

/** What the service hears in talk.wav (5000 ms): two phrases 1000 ms apart (maxGapMs is 700); it writes `Hello there general kenobi.` */
const HEARD = [['hello', 1250, 1600], ['there', 1650, 2000], ['general', 3000, 3400], ['kenobi', 3450, 4000]] as const;

let root: string;
let input: string;
let svc: StartedService;

function options(outDir: string, overrides: Partial<RunOptions> = {}): RunOptions {
  return runOptions(input, outDir, { baseUrl: svc.url, credentials: svc.credentials, ...overrides });
}

function posts(): number {
  return svc.log.filter((line) => line.startsWith('POST ')).length;
}

const read = (out: string, name: string): Promise<string> => readFile(path.join(out, 'transcripts', name), 'utf8');

const PHRASE_VTT = 'WEBVTT\n\n00:00:01.250 --> 00:00:02.000\nHello there\n\n00:00:03.000 --> 00:00:04.000\ngeneral kenobi.\n';
const WORD_SRT = '1\n00:00:01,250 --> 00:00:01,600\nHello\n\n2\n00:00:01,650 --> 00:00:02,000\nthere\n\n' +
  '3\n00:00:03,000 --> 00:00:03,400\ngeneral\n\n4\n00:00:03,450 --> 00:00:04,000\nkenobi\n\n';
/** talk.wav at the highlight level, lines of at most 12 characters, one line per cue: `general kenobi.` (15) splits in two cues. */
const HIGHLIGHT_VTT = 'WEBVTT\n\n00:00:01.250 --> 00:00:01.600\n<u>Hello</u> there\n\n00:00:01.600 --> 00:00:01.650\nHello there\n\n' +
  '00:00:01.650 --> 00:00:02.000\nHello <u>there</u>\n\n00:00:03.000 --> 00:00:03.400\n<u>general</u>\n\n00:00:03.450 --> 00:00:04.000\n<u>kenobi</u>.\n';
const interval = (i: number, xmin: string, xmax: string, text: string): string =>
  `        intervals [${i}]:\n            xmin = ${xmin}\n            xmax = ${xmax}\n            text = "${text}"\n`;
const TEXTGRID = 'File type = "ooTextFile"\nObject class = "TextGrid"\n\nxmin = 0\nxmax = 5\ntiers? <exists>\nsize = 3\nitem []:\n' +
  '    item [1]:\n        class = "IntervalTier"\n        name = "words"\n        xmin = 0\n        xmax = 5\n        intervals: size = 9\n' +
  interval(1, '0', '1.25', '') + interval(2, '1.25', '1.6', 'Hello') + interval(3, '1.6', '1.65', '') + interval(4, '1.65', '2', 'there') +
  interval(5, '2', '3', '') + interval(6, '3', '3.4', 'general') + interval(7, '3.4', '3.45', '') + interval(8, '3.45', '4', 'kenobi') + interval(9, '4', '5', '') +
  '    item [2]:\n        class = "IntervalTier"\n        name = "phrases"\n        xmin = 0\n        xmax = 5\n        intervals: size = 5\n' +
  interval(1, '0', '1.25', '') + interval(2, '1.25', '2', 'Hello there') + interval(3, '2', '3', '') + interval(4, '3', '4', 'general kenobi.') +
  interval(5, '4', '5', '') +
  '    item [3]:\n        class = "IntervalTier"\n        name = "lines"\n        xmin = 0\n        xmax = 5\n        intervals: size = 3\n' +
  interval(1, '0', '1.25', '') + interval(2, '1.25', '4', 'Hello there general kenobi.') + interval(3, '4', '5', '');

beforeAll(async () => {
  root = await tempDir('timed');
  input = path.join(root, 'in');
  await makeBursts(path.join(input, 'talk.wav'), HEARD.map(([, a, b]) => [a / 1000, b / 1000] as const), { seconds: 5 });
  svc = await startTestService({
    script: { fallback: 'none', scripts: [{ match: { durationMs: 5000, toleranceMs: 5 }, words: HEARD.map(([word, startMs, endMs]) => ({ word, startMs, endMs })) }] },
  });
}, 60_000);

afterAll(async () => {
  await svc.close();
  await removeTempDirs();
});

describe('timed transcripts', () => {
  it('always writes the word-level JSON; subtitles only when asked, later without dictating or cutting again', async () => {
    const out = path.join(root, 'out');
    expect((await runPipeline(options(out))).summary.done).toBe(1);
    const timed = JSON.parse(await read(out, 'talk.wav.json')) as { words: { confidence?: number }[] };
    // Every word carries its confidence (the model is tested in test/align/confidence): 0–1, three decimals.
    const confidences = timed.words.map((w) => w.confidence ?? -1);
    for (const c of confidences) expect(c >= 0 && c <= 1 && Number.isInteger(Math.round(c * 1e6) / 1e3)).toBe(true);
    expect({ ...timed, words: timed.words.map(({ confidence: _, ...word }) => word) }).toEqual({
      version: 1, source: 'talk.wav', wordsFrom: 'dictation', transcript: 'Hello there general kenobi.', durationMs: 5000,
      words: [
        { text: 'Hello', startMs: 1250, endMs: 1600, textStart: 0, textLength: 5, flags: '' },
        { text: 'there', startMs: 1650, endMs: 2000, textStart: 6, textLength: 5, flags: '' },
        { text: 'general', startMs: 3000, endMs: 3400, textStart: 12, textLength: 7, flags: '' },
        { text: 'kenobi', startMs: 3450, endMs: 4000, textStart: 20, textLength: 6, flags: '' },
      ],
      phrases: [
        { text: 'Hello there', startMs: 1250, endMs: 2000, textStart: 0, textLength: 11, firstWord: 0, lastWord: 1 },
        { text: 'general kenobi.', startMs: 3000, endMs: 4000, textStart: 12, textLength: 15, firstWord: 2, lastWord: 3 },
      ],
    });
    for (const ext of ['vtt', 'srt', 'TextGrid']) expect(existsSync(path.join(out, 'transcripts', `talk.wav.${ext}`))).toBe(false);

    const clip = path.join(out, 'clips', (await readFile(path.join(out, 'manifest.csv'), 'utf8')).split('\n')[1]!.split(',')[0]!.split('/').slice(1).join('/'));
    const cutAt = (await stat(clip)).mtimeMs;
    const before = posts();
    const again = await runPipeline(options(out, { subtitles: ['all'] }));
    expect(again.summary).toMatchObject({ resumed: 1, failed: 0 });
    expect(posts() - before).toBe(0);
    expect((await stat(clip)).mtimeMs).toBe(cutAt);
    expect(await read(out, 'talk.wav.vtt')).toBe(PHRASE_VTT);
    // Kept from the first run: the timed transcript is written again with the same confidences.
    expect((JSON.parse(await read(out, 'talk.wav.json')) as typeof timed).words.map((w) => w.confidence)).toEqual(confidences);
    expect(await read(out, 'talk.wav.TextGrid')).toBe(TEXTGRID);

    await runPipeline(options(out, { subtitles: ['srt'], subtitleLevel: 'word' }));
    expect(posts() - before).toBe(0);
    expect(await read(out, 'talk.wav.srt')).toBe(WORD_SRT);
    expect(existsSync(path.join(out, 'transcripts', 'talk.wav.vtt'))).toBe(false); // a format no longer asked for is removed
  }, 60_000);

  it('dictclip subtitles writes them for a finished output from its timed transcripts alone', async () => {
    const out = path.join(root, 'out-cli');
    await runPipeline(options(out));
    const before = posts();
    const ok = await runCli(['subtitles', out, '--format', 'vtt,textgrid', '--level', 'word']);
    expect([ok.code, ok.stdout, ok.stderr]).toEqual([0, `subtitles: 2 files (vtt, textgrid, word level) for 1 recording in ${path.join(out, 'transcripts')}\n`, '']);
    expect(await read(out, 'talk.wav.vtt')).toBe('WEBVTT\n\n00:00:01.250 --> 00:00:01.600\nHello\n\n00:00:01.650 --> 00:00:02.000\nthere\n\n' +
      '00:00:03.000 --> 00:00:03.400\ngeneral\n\n00:00:03.450 --> 00:00:04.000\nkenobi\n');
    expect(await read(out, 'talk.wav.TextGrid')).toBe(TEXTGRID);
    expect(posts() - before).toBe(0);

    const old = path.join(root, 'out-old'); // an output made before timed transcripts existed
    await cp(out, old, { recursive: true });
    await rm(path.join(old, 'transcripts', 'talk.wav.json'));
    const missing = await runCli(['subtitles', old, '--format', 'srt']);
    expect([missing.code, missing.stderr.split('\n').slice(0, 2)]).toEqual([1, ['no timed transcript (a failed recording, or an output made before dictclip wrote them) for 1 recording:', '  talk.wav']]);
    const usage = await runCli(['subtitles', out, '--format', 'ass']);
    expect([usage.code, usage.stderr]).toEqual([2, 'dictclip: E_CONFIG: --format: "subtitles" is "ass"; expected names from vtt, srt, textgrid (comma-separated), or all. Fix: pass --format "vtt,srt,textgrid" or "all".\n']);
  }, 60_000);

  it('highlights words and wraps lines, in a run and through dictclip subtitles, byte for byte', async () => {
    const out = path.join(root, 'out-highlight');
    await runPipeline(options(out, { subtitles: ['vtt'], subtitleLevel: 'highlight', subtitleMaxLineWidth: 12, subtitleMaxLines: 1 }));
    expect(await read(out, 'talk.wav.vtt')).toBe(HIGHLIGHT_VTT);
    await runPipeline(options(out, { subtitles: ['vtt'] }));
    expect(await read(out, 'talk.wav.vtt')).toBe(PHRASE_VTT); // output-only: a rerun without them writes the plain cues again
    const before = posts();
    const ok = await runCli(['subtitles', out, '--format', 'vtt,srt', '--level', 'highlight', '--max-line-width', '12', '--max-lines', '1']);
    expect([ok.code, ok.stdout, ok.stderr]).toEqual([0,
      `subtitles: 2 files (vtt, srt, highlight level, lines of ≤ 12 characters, ≤ 1 per cue) for 1 recording in ${path.join(out, 'transcripts')}\n`, '']);
    expect(await read(out, 'talk.wav.vtt')).toBe(HIGHLIGHT_VTT);
    expect(await read(out, 'talk.wav.srt')).toBe('1\n00:00:01,250 --> 00:00:01,600\n<u>Hello</u> there\n\n2\n00:00:01,600 --> 00:00:01,650\nHello there\n\n' +
      '3\n00:00:01,650 --> 00:00:02,000\nHello <u>there</u>\n\n4\n00:00:03,000 --> 00:00:03,400\n<u>general</u>\n\n5\n00:00:03,450 --> 00:00:04,000\n<u>kenobi</u>.\n\n');
    const wrapped = await runCli(['subtitles', out, '--format', 'srt', '--max-line-width', '8']);
    expect([wrapped.code, await read(out, 'talk.wav.srt')]).toEqual([0, '1\n00:00:01,250 --> 00:00:02,000\nHello\nthere\n\n2\n00:00:03,000 --> 00:00:04,000\ngeneral\nkenobi.\n\n']);
    expect(posts() - before).toBe(0);
    const usage = await runCli(['subtitles', out, '--format', 'vtt', '--max-line-width', '0']);
    expect([usage.code, usage.stderr]).toEqual([2,
      'dictclip: E_CONFIG: --max-line-width: "subtitleMaxLineWidth" is "0"; expected an integer from 1 to 1000. Fix: pass --max-line-width a whole number from 1 to 1000.\n']);
  }, 60_000);

  it('with a reference transcript, the words and phrases are the reference\'s', async () => {
    const out = path.join(root, 'out-ref');
    await mkdir(path.join(root, 'refs'), { recursive: true });
    await writeFile(path.join(root, 'refs', 'talk.txt'), 'Hello there! General Kenobi.\n');
    expect((await runPipeline(options(out, { transcripts: path.join(root, 'refs'), subtitles: ['vtt'] }))).summary.done).toBe(1);
    const timed = JSON.parse(await read(out, 'talk.wav.json')) as { wordsFrom: string; words: { text: string; startMs: number; textStart: number }[]; phrases: { text: string }[] };
    expect(timed.wordsFrom).toBe('reference');
    expect(timed.words.map((w) => [w.text, w.startMs, w.textStart])).toEqual([['Hello', 1250, 0], ['there', 1650, 6], ['General', 3000, 13], ['Kenobi', 3450, 21]]);
    expect(timed.phrases.map((p) => p.text)).toEqual(['Hello there!', 'General Kenobi.']);
    expect(await read(out, 'talk.wav.vtt')).toBe('WEBVTT\n\n00:00:01.250 --> 00:00:02.000\nHello there!\n\n00:00:03.000 --> 00:00:04.000\nGeneral Kenobi.\n');
  }, 60_000);
});

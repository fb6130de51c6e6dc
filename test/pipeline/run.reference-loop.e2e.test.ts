/**
 * References are never lost between runs over one output: run.json remembers them, corrections
 * from the review apply on top per recording, a recording that loses its reference says so, and a
 * strict run fails a recording without one. The embedded service (scripted engine) on port 0 hears
 * two recordings of known word times; every re-run is counted in its POSTs (none may dictate again).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBursts, removeTempDirs, runOptions, startTestService, tempDir } from '../helpers/index.js';
import type { StartedService } from '../helpers/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
import { exportDataset } from '../../src/dataset/index.js';
import { writeReview } from '../helpers/run-output.js';
import type { PipelineEvents, RunOptions } from '../../src/pipeline/types.js';

/** What the service hears: a.wav (3000 ms) and b.wav (4000 ms). */
const HEARD_A = [['in', 300, 500], ['thirteen', 600, 1200], ['the', 1300, 1450], ['king', 1500, 2000]] as const;
const HEARD_B = [['than', 400, 700], ['it', 800, 1000], ['and', 1100, 1400], ['sonnet', 1500, 2200]] as const;

let root: string;
let input: string;
let refs: string;
let svc: StartedService;

const script = (durationMs: number, heard: readonly (readonly [string, number, number])[]) =>
  ({ match: { durationMs, toleranceMs: 5 }, words: heard.map(([word, startMs, endMs]) => ({ word, startMs, endMs })) });

function options(outDir: string, overrides: Partial<RunOptions> = {}): RunOptions {
  return runOptions(input, outDir, { baseUrl: svc.url, credentials: svc.credentials, ...overrides });
}

const posts = (): number => svc.log.filter((line) => line.startsWith('POST ')).length;

/** `source:text` of every manifest row, in manifest order (no text in these tests needs CSV quoting). */
async function texts(outDir: string): Promise<string[]> {
  const lines = (await readFile(path.join(outDir, 'manifest.csv'), 'utf8')).trimEnd().split('\n').slice(1);
  return lines.map((line) => { const cells = line.split(','); return `${cells[2]}:${cells[1]}`; });
}

/** Run and collect the warnings. */
async function run(
  outDir: string,
  overrides: Partial<RunOptions> = {},
): Promise<{ warnings: string[]; result: Awaited<ReturnType<typeof runPipeline>> }> {
  const warnings: string[] = [];
  const events: PipelineEvents = { onWarning: (w) => warnings.push(`${w.source ?? ''}|${w.message}`) };
  const result = await runPipeline(options(outDir, overrides), events);
  return { warnings, result };
}

const REFERENCE_A = 'In 1813, the king.\n';
const REFERENCE_B = 'Then it ended: a sonnet.\n';
/** What the recognizer heard, as clips (the engine capitalizes a transcript's first word). */
const HEARD_CLIPS = ['a.wav:In', 'a.wav:thirteen', 'a.wav:the', 'a.wav:king', 'b.wav:Than', 'b.wav:it', 'b.wav:and', 'b.wav:sonnet'];
const FROM_REFS = ['a.wav:In', 'a.wav:1813', 'a.wav:the', 'a.wav:king', 'b.wav:Then', 'b.wav:it', 'b.wav:ended', 'b.wav:a', 'b.wav:sonnet'];

beforeAll(async () => {
  root = await tempDir('reference-loop');
  input = path.join(root, 'in');
  await makeBursts(path.join(input, 'a.wav'), HEARD_A.map(([, a, b]) => [a / 1000, b / 1000] as const), { seconds: 3 });
  await makeBursts(path.join(input, 'b.wav'), HEARD_B.map(([, a, b]) => [a / 1000, b / 1000] as const), { seconds: 4 });
  svc = await startTestService({ script: { fallback: 'none', scripts: [script(3000, HEARD_A), script(4000, HEARD_B)] } });
  refs = path.join(root, 'refs');
  await mkdir(refs, { recursive: true });
  await writeFile(path.join(refs, 'a.txt'), REFERENCE_A);
  await writeFile(path.join(refs, 'b.txt'), REFERENCE_B);
}, 60_000);

afterAll(async () => {
  await svc.close();
  await removeTempDirs();
});

describe('references remembered by the output', () => {
  it('a re-run without --transcripts uses the run before\'s, and a review correction of one recording applies on top', async () => {
    const out = path.join(root, 'out-remember');
    await run(out, { transcripts: refs, align: 'text' });
    expect(await texts(out)).toEqual(FROM_REFS);
    expect(JSON.parse(await readFile(path.join(out, 'run.json'), 'utf8'))).toMatchObject({ transcripts: refs });
    const dictated = posts();
    // The same output again, no --transcripts: both recordings keep their reference (kept as they were).
    let { result, warnings } = await run(out, { align: 'text' });
    expect([result.summary.resumed, result.summary.done, warnings]).toEqual([2, 0, []]);
    expect(await texts(out)).toEqual(FROM_REFS);
    // The review corrected a.wav only: a.wav is re-cut from its correction, b.wav keeps the references folder's text.
    await mkdir(path.join(out, 'corrections'), { recursive: true });
    await writeFile(path.join(out, 'corrections', 'a.wav.txt'), 'In 1813 the kings.\n');
    ({ result, warnings } = await run(out, { align: 'text' }));
    expect([result.summary.resumed, result.summary.done, result.failures, warnings]).toEqual([1, 1, [], []]);
    expect(await texts(out)).toEqual(['a.wav:In', 'a.wav:1813', 'a.wav:the', 'a.wav:kings', ...FROM_REFS.slice(4)]);
    // How earlier versions re-cut after a review (--transcripts out/corrections) now means the same, with a note.
    ({ result, warnings } = await run(out, { align: 'text', transcripts: path.join(out, 'corrections') }));
    expect([result.summary.resumed, result.summary.withoutReference]).toEqual([2, undefined]);
    expect(warnings).toEqual([`|--transcripts ${path.join(out, 'corrections')} is this output's corrections folder: corrections apply on their own, over the references of the run before; it is not needed`]);
    expect(await texts(out)).toEqual(['a.wav:In', 'a.wav:1813', 'a.wav:the', 'a.wav:kings', ...FROM_REFS.slice(4)]);
    expect(posts()).toBe(dictated);
  });

  it('a recording that loses its reference is cut from what was heard only with a loud warning naming it', async () => {
    const out = path.join(root, 'out-lost');
    await run(out, { transcripts: refs, align: 'text' });
    const dictated = posts();
    const { result, warnings } = await run(out, { align: 'text', reuseTranscripts: false });
    expect(result.failures).toEqual([]);
    const lost = 'REFERENCE LOST: it was cut from a reference transcript before and no reference transcripts are in use now: it is cut from what the recognizer heard. ' +
      'Fix: give --transcripts with its text (or keep its correction in corrections/); --require-transcripts makes this a failure.';
    expect(warnings).toEqual([`a.wav|${lost}`, `b.wav|${lost}`]);
    expect(await texts(out)).toEqual(HEARD_CLIPS);
    expect(existsSync(path.join(out, 'alignments', 'a.wav.json'))).toBe(false);
    expect(posts()).toBe(dictated);
  });
});

describe('recordings without a reference', () => {
  it('are named on the summary (withoutReference); with requireTranscripts they fail with E_REFERENCE_MISSING naming what was looked for', async () => {
    const partial = path.join(root, 'refs-partial');
    await mkdir(partial, { recursive: true });
    await writeFile(path.join(partial, 'a.txt'), REFERENCE_A);
    await writeFile(path.join(partial, 'b_1.txt'), REFERENCE_B); // misnamed: b.wav has none
    const out = path.join(root, 'out-strict');
    let { result } = await run(out, { transcripts: partial, align: 'text' });
    expect([result.failures, result.summary.withoutReference]).toEqual([[], ['b.wav']]);
    expect(await texts(out)).toEqual([...FROM_REFS.slice(0, 4), ...HEARD_CLIPS.slice(4)]);
    ({ result } = await run(out, { transcripts: partial, align: 'text', requireTranscripts: true }));
    expect(result.failures).toEqual([{
      source: 'b.wav', stage: 'scan', code: 'E_REFERENCE_MISSING',
      message: `no reference transcript for b.wav: looked for ${path.join(partial, 'b.wav.txt')} and ${path.join(partial, 'b.txt')}; ` +
        `the closest reference that matches no recording is ${path.join(partial, 'b_1.txt')} (--require-transcripts: nothing is cut from it)`,
    }]);
    expect(result.summary.withoutReference).toBeUndefined();
    // Nothing of b.wav is left from the run before: no clips, no timed transcript.
    expect(await texts(out)).toEqual(FROM_REFS.slice(0, 4));
    expect(existsSync(path.join(out, 'transcripts', 'b.wav.json'))).toBe(false);
    expect(await readFile(path.join(out, 'failures.csv'), 'utf8')).toMatch(/^source,stage,code,message\nb\.wav,scan,E_REFERENCE_MISSING,/);
  });

  it('a recording that fails on a re-run leaves no alignment, timed transcript or clips of the run before', async () => {
    const changing = path.join(root, 'refs-changing');
    await mkdir(changing, { recursive: true });
    await writeFile(path.join(changing, 'a.txt'), REFERENCE_A);
    await writeFile(path.join(changing, 'b.txt'), REFERENCE_B);
    const out = path.join(root, 'out-fails');
    await run(out, { transcripts: changing, align: 'text', subtitles: ['srt'] });
    expect(['alignments/a.wav.json', 'transcripts/a.wav.json', 'transcripts/a.wav.srt'].map((f) => existsSync(path.join(out, f)))).toEqual([true, true, true]);
    await writeFile(path.join(changing, 'a.txt'), 'Nothing of this was ever spoken here, not once, not twice.\n');
    const { result } = await run(out, { align: 'text', subtitles: ['srt'] });
    expect(result.failures.map((f) => [f.source, f.code])).toEqual([['a.wav', 'E_REFERENCE_MISMATCH']]);
    expect(['alignments/a.wav.json', 'transcripts/a.wav.json', 'transcripts/a.wav.srt'].map((f) => existsSync(path.join(out, f)))).toEqual([false, false, false]);
    expect(await texts(out)).toEqual(FROM_REFS.slice(4));
    // Its dictation is kept: the dictated transcript stays (it is still what was heard).
    expect(await readFile(path.join(out, 'transcripts', 'a.wav.txt'), 'utf8')).toBe('In thirteen the king.\n');
  });

  it('a table of texts beside the audio is no skipped audio either', async () => {
    const beside = path.join(root, 'beside-table');
    await makeBursts(path.join(beside, 'a.wav'), HEARD_A.map(([, a, b]) => [a / 1000, b / 1000] as const), { seconds: 3 });
    await writeFile(path.join(beside, 'texts.csv'), `path,text\na.wav,"${REFERENCE_A.trim()}"\nc.wav,never recorded\n`);
    const out = path.join(root, 'out-beside-table');
    const result = await runPipeline(runOptions(beside, out, { baseUrl: svc.url, credentials: svc.credentials, transcripts: path.join(beside, 'texts.csv'), align: 'text' }));
    expect(result.failures).toEqual([]);
    expect(await texts(out)).toEqual(FROM_REFS.slice(0, 4));
    expect(await readFile(path.join(out, 'skipped.csv'), 'utf8')).toBe('source,reason\ntexts.csv#c.wav,reference transcript (--transcripts) without a recording of that name\n');
  });

  it('texts beside the audio are references, not skipped audio; with both <rel>.txt and <rel without extension>.txt the run says which is used', async () => {
    const beside = path.join(root, 'beside');
    await makeBursts(path.join(beside, 'a.wav'), HEARD_A.map(([, a, b]) => [a / 1000, b / 1000] as const), { seconds: 3 });
    await writeFile(path.join(beside, 'a.txt'), 'In 1813, a king.\n');
    await writeFile(path.join(beside, 'a.wav.txt'), REFERENCE_A);
    await writeFile(path.join(beside, 'notes.md'), 'not audio');
    const out = path.join(root, 'out-beside');
    const warnings: string[] = [];
    const result = await runPipeline(runOptions(beside, out, { baseUrl: svc.url, credentials: svc.credentials, transcripts: beside, align: 'text' }),
      { onWarning: (w) => warnings.push(w.message) });
    expect(result.failures).toEqual([]);
    expect(warnings).toEqual([`a.wav has two reference transcripts in ${beside}: a.wav.txt is used, a.txt is not (rename or remove one)`]);
    expect(await texts(out)).toEqual(FROM_REFS.slice(0, 4));
    expect(await readFile(path.join(out, 'skipped.csv'), 'utf8')).toBe(
      'source,reason\nnotes.md,""".md"" is not an accepted audio or video type"\na.txt,reference transcript (--transcripts) without a recording of that name\n',
    );
  });
});

/**
 * [text, start_ms, end_ms, flags] of a recording's rows; `loud-edge`, `cut-edge` and `low-confidence` left out (the test
 * bursts start and end sharply by design, and are no speech the confidence model knows).
 */
async function rows(outDir: string, source: string): Promise<[string, number, number, string][]> {
  const records = parse(await readFile(path.join(outDir, 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
  return records
    .filter((r) => r['source'] === source)
    .map((r) => [
      r['text']!,
      Number(r['start_ms']),
      Number(r['end_ms']),
      r['flags']!.split(' ')
        .filter((f) => !['loud-edge', 'cut-edge', 'low-confidence'].includes(f))
        .join(' '),
    ]);
}

describe('word edits of the review in a re-cut', () => {
  it('cut edited words at the edited times to the ms, flag verified words, survive a re-run, and dictate nothing again', async () => {
    const out = path.join(root, 'out-edits');
    await run(out, { transcripts: refs, align: 'text' });
    expect(await rows(out, 'a.wav')).toEqual([
      ['In', 300, 500, ''],
      ['1813', 600, 1200, ''],
      ['the', 1300, 1450, ''],
      ['king', 1500, 2000, ''],
    ]);
    const dictated = posts();
    // What the review writes: the text (here unchanged) and the edits over it.
    await writeReview(out, 'a.wav', REFERENCE_A.replace(/\n$/, ''), [
      { textStart: 0, textLength: 2, startMs: 253, endMs: 517 },
      { textStart: 9, textLength: 3, verified: true },
      { textStart: 13, textLength: 4, startMs: 1487, endMs: 2041, verified: true },
    ]);
    let { result } = await run(out, { align: 'text' });
    expect([result.failures, result.summary.done, result.summary.resumed]).toEqual([[], 1, 1]);
    const edited: [string, number, number, string][] = [
      ['In', 253, 517, ''],
      ['1813', 600, 1200, ''],
      ['the', 1300, 1450, 'verified'],
      ['king', 1487, 2041, 'verified'],
    ];
    expect(await rows(out, 'a.wav')).toEqual(edited);
    // A clip a person verified keeps no doubt of the confidence model against it.
    const raw = parse(await readFile(path.join(out, 'manifest.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(raw.filter((r) => r['flags']!.includes('verified')).map((r) => r['flags']!.includes('low-confidence'))).toEqual([false, false]);
    const alignment = JSON.parse(await readFile(path.join(out, 'alignments', 'a.wav.json'), 'utf8')) as {
      words: { text: string; placement: string; verified?: boolean; startMs: number }[];
    };
    expect(alignment.words.map((w) => [w.text, w.placement, w.verified ?? false, w.startMs])).toEqual([
      ['In', 'edited', false, 253], ['1813', 'substituted', false, 600], ['the', 'matched', true, 1300], ['king', 'edited', true, 1487],
    ]);
    // The clip files hold exactly the edited span: 16 samples per ms at 16 kHz, 44-byte header.
    const clip = (await readFile(path.join(out, 'manifest.csv'), 'utf8'))
      .split('\n')
      .find((line) => line.includes(',king,'))!
      .split(',')[0]!;
    expect((await readFile(path.join(out, clip))).length).toBe(44 + (2041 - 1487) * 16 * 2);
    // The same run again keeps them (nothing re-cut), and nothing was ever dictated again.
    ({ result } = await run(out, { align: 'text' }));
    expect([result.summary.done, result.summary.resumed]).toEqual([0, 2]);
    expect(await rows(out, 'a.wav')).toEqual(edited);
    expect(posts()).toBe(dictated);
    // Export only what a person checked.
    const exported = await exportDataset({ runDir: out, format: 'hf', onlyVerified: true });
    expect([exported.splits['train']?.clips, exported.dropped.clips]).toEqual([2, 7]);
    const metadata = await readFile(path.join(out, 'exports', 'hf', 'train', 'metadata.csv'), 'utf8');
    expect(metadata.trimEnd().split('\n').slice(1).map((line) => line.split(',')[1])).toEqual(['the', 'king']);
  });

  it('a phrase clip is verified when every word of it is', async () => {
    const out = path.join(root, 'out-edits-phrase');
    await run(out, { transcripts: refs, align: 'text', mode: 'phrase' });
    const all = [[0, 2], [3, 4], [9, 3], [13, 4]] as const;
    const write = (count: number) =>
      writeReview(out, 'a.wav', REFERENCE_A.replace(/\n$/, ''), all.slice(0, count).map(([textStart, textLength]) => ({ textStart, textLength, verified: true })));
    await write(3);
    await run(out, { align: 'text', mode: 'phrase' });
    expect(await rows(out, 'a.wav')).toEqual([['In 1813, the king.', 300, 2000, '']]);
    await write(4);
    await run(out, { align: 'text', mode: 'phrase' });
    expect(await rows(out, 'a.wav')).toEqual([['In 1813, the king.', 300, 2000, 'verified']]);
  });
});

describe('exports after a re-cut', () => {
  it('are named stale in the summary once the manifest changed, until they are exported again', async () => {
    const out = path.join(root, 'out-stale');
    await run(out, { transcripts: refs, align: 'text' });
    await exportDataset({ runDir: out, format: 'hf' });
    await exportDataset({ runDir: out, format: 'kaldi' });
    let { result } = await run(out, { align: 'text' });
    expect(result.summary.staleExports).toBeUndefined();
    await mkdir(path.join(out, 'corrections'), { recursive: true });
    await writeFile(path.join(out, 'corrections', 'b.wav.txt'), 'Then it ended, the sonnet.\n');
    ({ result } = await run(out, { align: 'text' }));
    const stale = [path.join(out, 'exports', 'hf'), path.join(out, 'exports', 'kaldi')];
    expect(result.summary.staleExports).toEqual(stale);
    expect(JSON.parse(await readFile(path.join(out, 'summary.json'), 'utf8'))).toMatchObject({ staleExports: stale });
    await exportDataset({ runDir: out, format: 'hf' });
    ({ result } = await run(out, { align: 'text' }));
    expect(result.summary.staleExports).toEqual([path.join(out, 'exports', 'kaldi')]);
  });
});

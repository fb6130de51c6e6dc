/**
 * References are never lost between runs over one output: run.json remembers them, corrections
 * from the review apply on top per recording, a recording that loses its reference says so, and a
 * strict run fails a recording without one. The embedded service (scripted engine) on port 0 hears
 * two recordings of known word times; every re-run is counted in its POSTs (none may dictate again).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBursts, removeTempDirs, runOptions, startTestService, tempDir } from '../helpers/index.js';
import type { StartedService } from '../helpers/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
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
async function run(outDir: string, overrides: Partial<RunOptions> = {}): Promise<{ warnings: string[]; result: Awaited<ReturnType<typeof runPipeline>> }> {
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
      'source,reason\nnotes.md,""".md"" is not an accepted audio or video type"\na.txt,reference transcript (--transcripts) without a recording of that name\n');
  });
});

/**
 * Reference transcripts end to end: the embedded service (scripted engine) on port 0 "mishears" a
 * recording of known word times (a name, a filler, a word never heard, a heading never spoken);
 * the clips carry the reference's words at the service's marker times, for every marker method.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBursts, removeTempDirs, runOptions, startTestService, tempDir } from '../helpers/index.js';
import type { StartedService } from '../helpers/index.js';
import { runPipeline } from '../../src/pipeline/index.js';
import { readReportModel } from '../../src/report/model.js';
import { mergeShards } from '../../src/shard/index.js';
import type { RunOptions } from '../../src/pipeline/types.js';

/** What the service hears in book/ch01.wav (6000 ms). */
const HEARD = [
  ['doctor', 500, 800], ['smith', 850, 1200], ['um', 1300, 1500], ['paid', 1600, 1900], ['two', 2000, 2300],
  ['dollars', 2350, 2800], ['in', 2900, 3000], ['nineteen', 3100, 3400], ['eighty', 3450, 3700], ['four', 3750, 4000],
  ['said', 4200, 4500], ['hannah', 4550, 5000],
] as const;
/** The book's text: a heading never read, "Anna" heard as "hannah", "quietly" never heard, "um" not in it. */
const REFERENCE = 'CHAPTER ONE.\n\nDr. Smith paid 2 dollars in 1984, said Anna quietly.\n';

let root: string;
let input: string;
let svc: StartedService;

function options(outDir: string, overrides: Partial<RunOptions> = {}): RunOptions {
  return runOptions(input, outDir, { baseUrl: svc.url, credentials: svc.credentials, ...overrides });
}

interface Row { [column: string]: string }

async function manifest(outDir: string): Promise<Row[]> {
  const [header, ...lines] = (await readFile(path.join(outDir, 'manifest.csv'), 'utf8')).trimEnd().split('\n');
  const columns = (header ?? '').split(',');
  return lines.map((line) => {
    const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"'));
    return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
  });
}

function posts(): number {
  return svc.log.filter((line) => line.startsWith('POST ')).length;
}

/** [text, start_ms, end_ms, text_start, text_length, has unaligned flag] of each row. */
function words(rows: readonly Row[]): [string, number, number, number, number, boolean][] {
  return rows.map((r) => [r['text']!, Number(r['start_ms']), Number(r['end_ms']), Number(r['text_start']), Number(r['text_length']), r['flags']!.split(' ').includes('unaligned')]);
}

const EXPECTED_WORDS = [
  ['CHAPTER', 0, 350, 0, 7, true], ['ONE', 350, 500, 8, 3, true],
  ['Dr.', 500, 800, 14, 3, false], ['Smith', 850, 1200, 18, 5, false], ['paid', 1600, 1900, 24, 4, false], ['2', 2000, 2300, 29, 1, false],
  ['dollars', 2350, 2800, 31, 7, false], ['in', 2900, 3000, 39, 2, false], ['1984', 3100, 4000, 42, 4, false], ['said', 4200, 4500, 48, 4, false],
  ['Anna', 4550, 5000, 53, 4, false], ['quietly', 5000, 6000, 58, 7, true],
];

beforeAll(async () => {
  root = await tempDir('reference');
  input = path.join(root, 'in');
  await makeBursts(path.join(input, 'book', 'ch01.wav'), HEARD.map(([, a, b]) => [a / 1000, b / 1000] as const), { seconds: 6 });
  svc = await startTestService({
    script: { fallback: 'none', scripts: [{ match: { durationMs: 6000, toleranceMs: 5 }, words: HEARD.map(([word, startMs, endMs]) => ({ word, startMs, endMs })) }] },
  });
  await mkdir(path.join(root, 'refs', 'book'), { recursive: true });
  await writeFile(path.join(root, 'refs', 'book', 'ch01.txt'), REFERENCE);
}, 60_000);

afterAll(async () => {
  await svc.close();
  await removeTempDirs();
});

describe('run with --transcripts', () => {
  it.each(['new', 'old', 'websocket'] as const)('cuts the reference words at the service marker times (%s markers)', async (markers) => {
    const out = path.join(root, `out-${markers}`);
    const { summary, failures } = await runPipeline(options(out, { markers, transcripts: path.join(root, 'refs') }));
    expect(failures).toEqual([]);
    const rows = await manifest(out);
    expect(words(rows)).toEqual(EXPECTED_WORDS);
    for (const row of rows) expect(REFERENCE.slice(Number(row['text_start']), Number(row['text_start']) + Number(row['text_length']))).toBe(row['text']);
    expect(rows.every((row) => row['method'] === markers && row['source'] === 'book/ch01.wav')).toBe(true);
    expect(summary.references).toEqual([{
      source: 'book/ch01.wav', words: 12, matched: 8, substituted: 1, unheard: 3, extra: 1, unaligned: 3,
      wer: Math.round(((1 + 3 + 1) / 14) * 10_000) / 10_000,
    }]);
    const alignment = JSON.parse(await readFile(path.join(out, 'alignments', 'book', 'ch01.wav.json'), 'utf8')) as { text: string; words: { text: string; placement: string; heard: string }[] };
    expect(alignment.text).toBe(REFERENCE);
    expect(alignment.words.map((w) => `${w.text}:${w.placement}:${w.heard}`)).toEqual([
      'CHAPTER:unaligned:unheard', 'ONE:unaligned:unheard', 'Dr.:matched:matched', 'Smith:matched:matched', 'paid:matched:matched',
      '2:matched:matched', 'dollars:matched:matched', 'in:matched:matched', '1984:matched:matched', 'said:matched:matched',
      'Anna:substituted:substituted', 'quietly:unaligned:unheard',
    ]);
    // The QA report shows the reference with its placed words (the clips' offsets index it).
    const report = await readReportModel(out);
    expect(report.recordings[0]?.markers?.transcript).toBe(REFERENCE);
    expect(report.recordings[0]?.markers?.markers[0]).toEqual({ textStart: 0, textLength: 7, startMs: 0, endMs: 350 });
    expect(report.summary['references']).toEqual(summary.references);
  });

  it('joins phrase clips to the reference text with its punctuation', async () => {
    const out = path.join(root, 'out-phrase');
    await runPipeline(options(out, { mode: 'phrase', transcripts: path.join(root, 'refs') }));
    expect(words(await manifest(out))).toEqual([
      ['CHAPTER ONE.', 0, 500, 0, 12, true],
      ['Dr. Smith paid 2 dollars in 1984, said Anna quietly.', 500, 6000, 14, 52, true],
    ]);
  });

  it('re-cuts a finished run with a reference added, changed and removed, never uploading or dictating again', async () => {
    const out = path.join(root, 'out-resume');
    await runPipeline(options(out));
    const heard = await manifest(out);
    expect(heard.map((r) => r['text']!.toLowerCase())).toEqual(HEARD.map(([word]) => word));
    const before = posts();
    await runPipeline(options(out, { transcripts: path.join(root, 'refs') }));
    expect(posts()).toBe(before);
    expect(words(await manifest(out))).toEqual(EXPECTED_WORDS);
    // A corrected copy of the run's own transcripts/ (the <rel>.txt form) is read as it is.
    const fixed = path.join(root, 'fixed');
    await mkdir(path.join(fixed, 'book'), { recursive: true });
    await writeFile(path.join(fixed, 'book', 'ch01.wav.txt'), 'doctor smith paid two dollars in nineteen eighty four said hannah\n');
    await runPipeline(options(out, { transcripts: fixed }));
    expect(posts()).toBe(before);
    const corrected = await manifest(out);
    expect(corrected.map((r) => [r['text']!.toLowerCase(), Number(r['start_ms']), Number(r['end_ms'])])).toEqual(
      HEARD.filter(([word]) => word !== 'um').map(([word, a, b]) => [word, a, b]));
    // Without --transcripts the run before's are used again (run.json remembers them); told not to, it cuts what was heard.
    await runPipeline(options(out));
    expect(posts()).toBe(before);
    expect(await manifest(out)).toEqual(corrected);
    await runPipeline(options(out, { reuseTranscripts: false }));
    expect(posts()).toBe(before);
    expect(await manifest(out)).toEqual(heard);
    await expect(readFile(path.join(out, 'alignments', 'book', 'ch01.wav.json'))).rejects.toThrow(/ENOENT/);
  });
});

describe('shards with --transcripts', () => {
  it('merge the reference-cut shards, and refuse a shard cut from other references', async () => {
    const refs = path.join(root, 'refs');
    const shard = (k: number, transcripts: string): Promise<unknown> =>
      runPipeline(options(path.join(root, `shard-${k}-${path.basename(transcripts)}`), { shard: `${k}/2`, transcripts }));
    await Promise.all([shard(0, refs), shard(1, refs)]);
    const merged = path.join(root, 'merged');
    await mergeShards([path.join(root, 'shard-0-refs'), path.join(root, 'shard-1-refs')], merged);
    expect(words(await manifest(merged))).toEqual(EXPECTED_WORDS);
    // The merge remembers the references the shards were cut from, as a run does.
    expect(JSON.parse(await readFile(path.join(merged, 'run.json'), 'utf8'))).toMatchObject({ transcripts: refs });
    const alignment = JSON.parse(await readFile(path.join(merged, 'alignments', 'book', 'ch01.wav.json'), 'utf8')) as { text: string };
    expect(alignment.text).toBe(REFERENCE);
    const summary = JSON.parse(await readFile(path.join(merged, 'summary.json'), 'utf8')) as { references: { source: string }[] };
    expect(summary.references.map((r) => r.source)).toEqual(['book/ch01.wav']);
    const other = path.join(root, 'other');
    await mkdir(path.join(other, 'book'), { recursive: true });
    await writeFile(path.join(other, 'book', 'ch01.txt'), 'Doctor Smith paid two dollars in nineteen eighty four, said Hannah.');
    await Promise.all([shard(0, other), shard(1, other)]);
    const owner = `shard-${[0, 1].find((k) => existsSync(path.join(root, `shard-${k}-refs`, 'alignments')))}`;
    const mixed = [0, 1].map((k) => path.join(root, `shard-${k}-${`shard-${k}` === owner ? 'other' : 'refs'}`));
    await expect(mergeShards(mixed, path.join(root, 'merged-mixed'))).rejects.toMatchObject({ code: 'E_MERGE', message: expect.stringMatching(/references/) });
  });
});

describe('reference refusals', () => {
  it('fails a recording whose reference is larger than 16 MiB (a 500 MB one costs no memory), not UTF-8, empty, or the wrong text, and lists references without a recording', async () => {
    const refs = path.join(root, 'bad-refs');
    await mkdir(path.join(refs, 'book'), { recursive: true });
    await writeFile(path.join(refs, 'book', 'ch01.txt'), Buffer.from([0x68, 0x69, 0xff, 0x20]));
    await writeFile(path.join(refs, 'book', 'ch09.txt'), 'a chapter nobody recorded');
    const out = path.join(root, 'out-bad');
    await truncate(path.join(refs, 'book', 'ch01.txt'), 500 * 1024 * 1024);
    const peak = process.resourceUsage().maxRSS;
    let result = await runPipeline(options(out, { transcripts: refs }));
    expect(result.failures.map((f) => [f.source, f.code])).toEqual([['book/ch01.wav', 'E_REFERENCE_TOO_LARGE']]);
    expect(await readFile(path.join(out, 'failures.csv'), 'utf8')).toContain('book/ch01.wav,');
    expect(process.resourceUsage().maxRSS - peak).toBeLessThan(100 * 1024);
    await writeFile(path.join(refs, 'book', 'ch01.txt'), Buffer.from([0x68, 0x69, 0xff, 0x20]));
    result = await runPipeline(options(out, { transcripts: refs }));
    expect(result.failures.map((f) => [f.source, f.code])).toEqual([['book/ch01.wav', 'E_REFERENCE_ENCODING']]);
    expect(await readFile(path.join(out, 'skipped.csv'), 'utf8')).toBe(
      'source,reason\nbook/ch09.txt,reference transcript (--transcripts) without a recording of that name\n');
    await writeFile(path.join(refs, 'book', 'ch01.txt'), ' \n.\n');
    result = await runPipeline(options(out, { transcripts: refs }));
    expect(result.failures.map((f) => [f.source, f.code])).toEqual([['book/ch01.wav', 'E_REFERENCE_EMPTY']]);
    await writeFile(path.join(refs, 'book', 'ch01.txt'), 'It was the best of times, it was the worst of times, it was the age of wisdom.');
    result = await runPipeline(options(out, { transcripts: refs }));
    expect(result.failures.map((f) => [f.source, f.stage, f.code])).toEqual([['book/ch01.wav', 'markers', 'E_REFERENCE_MISMATCH']]);
  });

  it('refuses a --transcripts folder that does not exist (E_CONFIG)', async () => {
    await expect(runPipeline(options(path.join(root, 'out-missing'), { transcripts: path.join(root, 'nowhere') }))).rejects.toMatchObject({ code: 'E_CONFIG' });
  });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

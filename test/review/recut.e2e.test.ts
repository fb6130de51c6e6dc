/**
 * Corrections flow back into clips: a run against the scripted service (port 0), two words
 * corrected through the review server (one replaced, the first removed), then the same run with
 * `transcripts: <out>/corrections` cuts the corrected words from the saved markers with no new
 * upload or dictation, and the review page then reads the run's alignment with its reference.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../../src/pipeline/index.js';
import { reviewAlignment, startReview } from '../../src/review/index.js';
import { makeBursts, removeTempDirs, runOptions, startTestService, tempDir, type StartedService } from '../helpers/index.js';
import { TALK_WORDS } from '../report/fixture.js';

let root: string;
let svc: StartedService;

beforeAll(async () => {
  root = await tempDir('review-recut');
  await makeBursts(path.join(root, 'in', 'talk.wav'), TALK_WORDS.map((w) => [w.startMs / 1000, w.endMs / 1000] as const), { seconds: 3 });
  svc = await startTestService({ script: { fallback: 'none', scripts: [{ match: { durationMs: 3000 }, words: TALK_WORDS }] } });
}, 60_000);

afterAll(async () => {
  await svc?.close();
  await removeTempDirs();
});

const posts = (): number => svc.log.filter((line) => line.startsWith('POST ')).length;
type Row = Record<string, string>;
const rows = async (out: string): Promise<[string, number, number][]> =>
  (parse(await readFile(path.join(out, 'manifest.csv'), 'utf8'), { columns: true }) as Row[]).map((r) => [r['text'] ?? '', Number(r['start_ms']), Number(r['end_ms'])]);

describe('review corrections re-cut with --transcripts <out>/corrections', () => {
  it('cuts the corrected words from the saved markers without uploading or dictating again', async () => {
    const out = path.join(root, 'out');
    const options = runOptions(path.join(root, 'in'), out, { baseUrl: svc.url, credentials: svc.credentials, padBeforeMs: 0, padAfterMs: 0 });
    await runPipeline(options);
    expect(await rows(out)).toEqual([['Please', 300, 700], ['call', 900, 1400], ['stella', 1700, 2200], ['today', 2400, 2800]]);

    const review = await startReview({ runDir: out });
    try {
      const headers = { origin: review.url.replace(/\/$/, ''), 'content-type': 'application/json', 'x-dictclip-token': review.token };
      const change = async (body: object): Promise<{ revision: string }> => {
        const res = await fetch(`${review.url}api/save`, { method: 'POST', headers, body: JSON.stringify(body) });
        expect(res.status).toBe(200);
        return (await res.json()) as { revision: string };
      };
      const first = (await (await fetch(`${review.url}api/recording?source=talk.wav`)).json()) as { revision: string };
      const second = await change({ source: 'talk.wav', revision: first.revision, index: 2, replacement: 'Stanley' });
      await change({ source: 'talk.wav', revision: second.revision, index: 0, replacement: '' });
    } finally {
      await review.close();
    }
    expect(await readFile(path.join(out, 'corrections', 'talk.wav.txt'), 'utf8')).toBe('call Stanley today.\n');

    const before = posts();
    await runPipeline({ ...options, transcripts: path.join(out, 'corrections') });
    expect(posts()).toBe(before);
    expect(await rows(out)).toEqual([['call', 900, 1400], ['Stanley', 1700, 2200], ['today', 2400, 2800]]);
    const alignment = await reviewAlignment(out, 'talk.wav');
    expect(alignment?.text).toBe('call Stanley today.');
    expect(alignment?.words.map((w) => w.status)).toEqual(['matched', 'substituted', 'matched']);
  });
});

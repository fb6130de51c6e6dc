/**
 * The review server over test/report's run output (written in-process: writeRun) on port 0: what it reads, what it
 * writes, and every write it must refuse with nothing changed (other origin, no or a wrong token,
 * a source outside the run or outside corrections/, a stale revision, a foreign Host).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/files.js';
import { startReview, type RecordingView, type RunningReview, type WordView } from '../../src/review/index.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';
import { QUIET, writeRun, type RunFixture } from '../report/fixture.js';

let run: Pick<RunFixture, 'input' | 'out'>;
let review: RunningReview;
const corrections = (): string => path.join(run.out, 'corrections');
const talkFile = (): string => path.join(corrections(), 'talk.wav.txt');
const talkWords = (): string => path.join(corrections(), 'talk.wav.words.json');

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; json: Record<string, unknown> }

async function call(pathname: string, init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const res = await request(new URL(pathname, review.url), {
    method: init.method ?? 'GET',
    headers: init.headers ?? {},
    ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, json: text.startsWith('{') ? JSON.parse(text) as Record<string, unknown> : { text } };
}

/** The headers the page itself sends with a save. */
function pageHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const origin = review.url.replace(/\/$/, '');
  return { origin, 'content-type': 'application/json', 'x-dictclip-token': review.token, ...extra };
}

const save = (body: unknown, headers = pageHeaders()): Promise<Answer> => call('/api/save', { method: 'POST', headers, body });
const talk = async (): Promise<RecordingView> => (await call('/api/recording?source=talk.wav')).json as unknown as RecordingView;
/** A word as the page gets it. */
/** The confidence the run gave each word of talk.wav (transcripts/talk.wav.json), by text offset. */
let confidence = new Map<number, number>();
const word = (text: string, startMs: number | null, endMs: number | null, textStart: number, changed = false): WordView =>
  ({ text, startMs, endMs, status: '', changed, textStart, edited: false, verified: false, confidence: changed ? null : confidence.get(textStart) ?? null, doubtful: false });

beforeAll(async () => {
  run = await writeRun(await tempDir('review-server'));
  review = await startReview({ runDir: run.out, port: 0 });
  const timed = JSON.parse(await readFile(path.join(run.out, 'transcripts', 'talk.wav.json'), 'utf8')) as { words: { textStart: number; confidence: number }[] };
  confidence = new Map(timed.words.map((w) => [w.textStart, w.confidence]));
});

afterAll(async () => {
  await review?.close();
  await removeTempDirs();
});

describe('review server: reading', () => {
  it('prints a loopback URL and lists the recordings of the run with their state', async () => {
    expect(review.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const { status, json } = await call('/api/recordings');
    expect(status).toBe(200);
    const list = json['recordings'] as { source: string; clips: number; flagged: number; corrected: boolean; playable: boolean }[];
    expect(list.map((r) => r.source)).toEqual(['notes/memo.wav', QUIET, 'talk.wav']);
    expect(list.find((r) => r.source === 'talk.wav')).toEqual({
      source: 'talk.wav', clips: 4, flagged: 0, disagreements: 0, corrected: false, playable: true, words: 4, verified: 0, doubtful: 0, lowest: Math.min(...confidence.values()),
    });
    expect(list.find((r) => r.source === 'notes/memo.wav')?.flagged).toBe(1); // the collapsed `utterance` clip
  });

  it('gives a recording its words with the times of their markers', async () => {
    const rec = await talk();
    expect(rec.text).toBe('Please call stella today.');
    expect(rec.words).toEqual([word('Please', 300, 700, 0), word('call', 900, 1400, 7), word('stella', 1700, 2200, 12), word('today', 2400, 2800, 19)]);
  });

  it('serves the page with its token, and the source audio with Range', async () => {
    const page = await request(review.url);
    const html = await page.body.text();
    expect(html).toContain(`<meta name="dictclip-token" content="${review.token}">`);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const whole = await readFile(path.join(run.input, 'talk.wav'));
    const part = await request(new URL('/api/audio?source=talk.wav', review.url), { headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.length}`);
    expect(Buffer.from(await part.body.arrayBuffer())).toEqual(whole.subarray(100, 200));
    const beyond = await request(new URL('/api/audio?source=talk.wav', review.url), { headers: { range: `bytes=${whole.length + 10}-` } });
    await beyond.body.dump();
    expect(beyond.statusCode).toBe(416);
  });

  it('serves no audio or state but of the run\'s recordings', async () => {
    for (const source of ['bad.wav', '../in/talk.wav', 'nope.wav', '/etc/passwd', '']) {
      expect((await call(`/api/audio?source=${encodeURIComponent(source)}`)).status).toBe(404);
      expect((await call(`/api/recording?source=${encodeURIComponent(source)}`)).json['error']).toBe('unknown-source');
    }
    expect((await call('/page/../../package.json')).status).toBe(404);
  });

  it('answers only to its own Host (no DNS rebinding)', async () => {
    const res = await call('/api/recordings', { headers: { host: `evil.example:${review.port}` } });
    expect(res.status).toBe(421);
    expect((await call('/api/recordings', { headers: { host: `localhost:${review.port}` } })).status).toBe(200);
  });
});

describe('review server: writing', () => {
  it('refuses writes from another origin, without one, or without the right token, changing nothing', async () => {
    const { revision } = await talk();
    const change = { source: 'talk.wav', revision, index: 2, replacement: 'Stanley' };
    const refused = [
      await save(change, pageHeaders({ origin: 'http://evil.example' })),
      await save(change, pageHeaders({ origin: `http://localhost:${review.port}`, 'sec-fetch-site': 'cross-site' })),
      await save(change, Object.fromEntries(Object.entries(pageHeaders()).filter(([k]) => k !== 'origin'))),
      await save(change, pageHeaders({ 'x-dictclip-token': 'f'.repeat(review.token.length) })),
      await save(change, Object.fromEntries(Object.entries(pageHeaders()).filter(([k]) => k !== 'x-dictclip-token'))),
      await save(change, pageHeaders({ 'content-type': 'text/plain' })),
    ];
    expect(refused.map((r) => [r.status, r.json['error']])).toEqual([
      [403, 'cross-origin'], [403, 'cross-origin'], [403, 'cross-origin'], [403, 'bad-token'], [403, 'bad-token'], [415, 'json-only'],
    ]);
    expect(existsSync(corrections())).toBe(false);
    expect((await talk()).revision).toBe(revision);
  });

  it('writes nothing outside corrections/ and nothing for a source not in the run', async () => {
    for (const source of ['../manifest.csv', '../../x', 'talk.wav/../../escape', 'nope.wav', 'bad.wav']) {
      const res = await save({ source, revision: 'x', text: 'owned' });
      expect([res.status, res.json['error']]).toEqual([404, 'unknown-source']);
    }
    expect(existsSync(corrections())).toBe(false);
    expect((await readdir(run.out)).sort()).not.toContain('x');
  });

  it('replaces a word, keeping the punctuation, and writes the corrected transcript atomically', async () => {
    const { revision } = await talk();
    const res = await save({ source: 'talk.wav', revision, index: 2, replacement: 'Stanley' });
    expect(res.status).toBe(200);
    expect(await readFile(talkFile(), 'utf8')).toBe('Please call Stanley today.\n');
    expect(res.json['words']).toEqual([word('Please', 300, 700, 0), word('call', 900, 1400, 7), word('Stanley', 1700, 2200, 12, true), { ...word('today', 2400, 2800, 20), confidence: confidence.get(19) ?? null }]);
    expect(res.json['corrected']).toBe(true);
    expect(res.json).not.toHaveProperty('peaks'); // the page keeps those it loaded
    expect((await talk()).peaks).toEqual(expect.objectContaining({ bucketsPerSecond: expect.any(Number) as number }));
    expect((await readdir(corrections())).sort()).toEqual(['talk.wav.txt', 'talk.wav.words.json']); // no temp file left
    expect(JSON.parse(await readFile(talkWords(), 'utf8'))).toEqual({ version: 1, source: 'talk.wav', textSha256: sha256('Please call Stanley today.'), words: [] });
  });

  it('refuses a change made on a stale revision (409) with the current state, changing nothing', async () => {
    const { revision: old } = await talk();
    expect((await save({ source: 'talk.wav', revision: old, index: 3, replacement: 'tomorrow' })).status).toBe(200);
    const current = await readFile(talkFile(), 'utf8');
    const stale = await save({ source: 'talk.wav', revision: old, index: 0, replacement: '' });
    expect(stale.status).toBe(409);
    expect(stale.json['error']).toBe('stale');
    expect((stale.json['recording'] as { text: string }).text).toBe('Please call Stanley tomorrow.');
    expect(await readFile(talkFile(), 'utf8')).toBe(current);
  });

  it('removes a word with its space and puts a whole text back (undo)', async () => {
    const before = await talk();
    const removed = await save({ source: 'talk.wav', revision: before.revision, index: 0, replacement: '' });
    expect(await readFile(talkFile(), 'utf8')).toBe('call Stanley tomorrow.\n');
    const undone = await save({ source: 'talk.wav', revision: removed.json['revision'], text: before.text });
    expect(undone.status).toBe(200);
    expect(await readFile(talkFile(), 'utf8')).toBe('Please call Stanley tomorrow.\n');
  });

  it('refuses bodies that are not a change', async () => {
    const { revision } = await talk();
    expect((await save('{not json')).json['error']).toBe('bad-json');
    expect((await save({ source: 'talk.wav', revision })).json['error']).toBe('bad-change');
    expect((await save({ source: 'talk.wav', revision, index: 99, replacement: 'x' })).json['error']).toBe('no-word');
    expect((await save({ source: 'talk.wav', revision, text: 'x'.repeat(9_000_000) })).status).toBe(413);
  });
});

describe('review server: times, split, join, verify', () => {
  const saved = async (): Promise<unknown> => JSON.parse(await readFile(talkWords(), 'utf8'));
  const brief = (words: unknown): unknown[] => (words as WordView[]).map((w) => [w.text, w.startMs, w.endMs]);

  it('sets a word\'s times, saved in words.json with the text\'s hash, and refuses times that do not fit', async () => {
    const { revision, text } = await talk();
    expect(text).toBe('Please call Stanley tomorrow.');
    const res = await save({ source: 'talk.wav', revision, op: 'times', index: 1, startMs: 870, endMs: 1433 });
    expect(res.status).toBe(200);
    expect(brief(res.json['words'])).toEqual([['Please', 300, 700], ['call', 870, 1433], ['Stanley', 1700, 2200], ['tomorrow', 2400, 2800]]);
    expect(await saved()).toEqual({ version: 1, source: 'talk.wav', textSha256: sha256(text), words: [{ textStart: 7, textLength: 4, startMs: 870, endMs: 1433 }] });
    expect(await readFile(talkFile(), 'utf8')).toBe(`${text}\n`);
    const now = res.json['revision'];
    expect(now).not.toBe(revision); // the edits are part of the revision
    const refused = [
      await save({ source: 'talk.wav', revision: now, op: 'times', index: 1, startMs: 900, endMs: 800 }),
      await save({ source: 'talk.wav', revision: now, op: 'times', index: 1, startMs: 900, endMs: 3001 }),
      await save({ source: 'talk.wav', revision: now, op: 'times', index: 1, startMs: -1, endMs: 800 }),
      await save({ source: 'talk.wav', revision: now, op: 'nudge', index: 1 }),
      await save({ source: 'talk.wav', revision, op: 'times', index: 1, startMs: 880, endMs: 1400 }),
    ];
    expect(refused.map((r) => [r.status, r.json['error'], r.json['message']])).toEqual([
      [400, 'bad-change', 'the end must come after the start'],
      [400, 'bad-change', 'the end is past the recording\'s end (3000 ms)'],
      [400, 'bad-change', 'times needs index, startMs and endMs (whole numbers >= 0)'],
      [400, 'bad-change', 'unknown op "nudge": times, split, join or verify'],
      [409, 'stale', 'this recording was changed elsewhere (another tab?) since it was loaded; nothing was saved'],
    ]);
    expect((await saved() as { words: unknown[] }).words).toEqual([{ textStart: 7, textLength: 4, startMs: 870, endMs: 1433 }]);
  });

  it('keeps set times when a word is respelt, splits and joins with times, verifies one word and all', async () => {
    let rec = await talk();
    const step = async (body: Record<string, unknown>): Promise<void> => {
      const res = await save({ source: 'talk.wav', revision: rec.revision, ...body });
      expect([res.status, res.json['message']]).toEqual([200, undefined]);
      rec = res.json as unknown as RecordingView;
    };
    await step({ index: 1, replacement: 'cal' });
    expect(brief(rec.words)[1]).toEqual(['cal', 870, 1433]);
    await step({ op: 'split', index: 3, at: 2, ms: 2500 });
    expect(rec.text).toBe('Please cal Stanley to morrow.');
    expect(brief(rec.words)).toEqual([['Please', 300, 700], ['cal', 870, 1433], ['Stanley', 1700, 2200], ['to', 2400, 2500], ['morrow', 2500, 2800]]);
    await step({ op: 'join', index: 0 });
    expect(rec.text).toBe('Pleasecal Stanley to morrow.');
    await step({ op: 'verify', indexes: [1], verified: true });
    expect(await saved()).toEqual({
      version: 1, source: 'talk.wav', textSha256: sha256('Pleasecal Stanley to morrow.'),
      words: [
        { textStart: 0, textLength: 9, startMs: 300, endMs: 1433 }, { textStart: 10, textLength: 7, verified: true },
        { textStart: 18, textLength: 2, startMs: 2400, endMs: 2500 }, { textStart: 21, textLength: 6, startMs: 2500, endMs: 2800 },
      ],
    });
    await step({ op: 'verify', indexes: 'all', verified: true });
    const list = (await call('/api/recordings')).json['recordings'] as { source: string; words: number; verified: number }[];
    expect(list.find((r) => r.source === 'talk.wav')).toMatchObject({ words: 4, verified: 4, doubtful: 0 });
    // An undo puts back a text with the edits it had.
    await step({ text: 'Please call Stanley tomorrow.', edits: [{ textStart: 7, textLength: 4, startMs: 870, endMs: 1433 }] });
    expect((await saved() as { words: unknown[] }).words).toEqual([{ textStart: 7, textLength: 4, startMs: 870, endMs: 1433 }]);
    expect(brief(rec.words)[1]).toEqual(['call', 870, 1433]);
  });

  it('leaves out a words.json made for another text, and says so', async () => {
    await writeFile(talkWords(), JSON.stringify({ version: 1, source: 'talk.wav', textSha256: sha256('another text'), words: [{ textStart: 0, textLength: 6, startMs: 1, endMs: 2 }] }));
    const rec = await talk();
    expect(brief(rec.words)[0]).toEqual(['Please', 300, 700]);
    expect(rec.editsIgnored).toBe('corrections/talk.wav.words.json was made for another text than corrections/talk.wav.txt: its times and checks are left out');
  });
});

describe('review server: doubt without a reference', () => {
  it('takes each word\'s confidence from the timed transcript, in doubt only under the run\'s threshold (0 here)', async () => {
    const file = path.join(run.out, 'transcripts', 'talk.wav.json');
    const timed = JSON.parse(await readFile(file, 'utf8')) as { words: Record<string, unknown>[] };
    timed.words.forEach((w, i) => { w['confidence'] = [0.9, 0.2, 0.8, 0.7][i]; });
    await writeFile(file, JSON.stringify(timed));
    const rec = await talk();
    // The fixture runs with --confidence-threshold 0 (tone bursts are not speech): run.json says so, and no confidence is under it.
    expect(rec.words.map((w) => [w.text, w.confidence, w.doubtful])).toEqual([['Please', 0.9, false], ['call', 0.2, false], ['Stanley', null, false], ['tomorrow', null, false]]);
    const list = (await call('/api/recordings')).json['recordings'] as { source: string }[];
    expect(list.find((r) => r.source === 'talk.wav')).toMatchObject({ words: 4, verified: 0, doubtful: 0, lowest: 0.2 });
  });
});

describe('review server: two reviews of one output (run last: it changes the text)', () => {
  it('holds the revision check across two review processes on one output: of two saves on one revision, one is 200, the other 409', async () => {
    const second = await startReview({ runDir: run.out, port: 0 });
    try {
      for (let round = 0; round < 5; round++) {
        const { revision, text } = await talk();
        const headersOf = (url: string): Record<string, string> => ({ ...pageHeaders(), origin: url.replace(/\/$/, ''), 'x-dictclip-token': url === review.url ? review.token : second.token });
        const post = (url: string, word: string): Promise<number> => request(new URL('/api/save', url), {
          method: 'POST', headers: headersOf(url), body: JSON.stringify({ source: 'talk.wav', revision, text: `${text.slice(0, -1)} ${word}.` }),
        }).then(async (res) => { await res.body.text(); return res.statusCode; });
        expect((await Promise.all([post(review.url, `a${round}`), post(second.url, `b${round}`)])).sort()).toEqual([200, 409]);
      }
    } finally {
      await second.close();
    }
  });
});

describe('review server: a saved text that is the baseline text again', () => {
  it('lists the recording as not corrected, as its own state says', async () => {
    await writeFile(talkFile(), 'Please call stella today.\n');
    await writeFile(talkWords(), JSON.stringify({ version: 1, source: 'talk.wav', textSha256: sha256('Please call stella today.'), words: [] }));
    expect((await talk()).corrected).toBe(false);
    const list = (await call('/api/recordings')).json['recordings'] as { source: string; corrected: boolean }[];
    expect(list.find((r) => r.source === 'talk.wav')?.corrected).toBe(false);
  });
});

describe('review server: a side file that is not valid', () => {
  it('lists the other recordings, and says what is wrong when that one is asked for', async () => {
    await mkdir(path.join(run.out, 'alignments', 'notes'), { recursive: true });
    await writeFile(path.join(run.out, 'alignments', 'notes', 'memo.wav.json'), '{"version": 1, "text": 5}');
    const list = await call('/api/recordings');
    expect(list.status).toBe(200);
    const talkWords = (await talk()).words.length;
    expect(talkWords).toBeGreaterThan(0);
    expect((list.json['recordings'] as { source: string; words: number }[]).map((r) => [r.source, r.words])).toEqual([['notes/memo.wav', 0], [QUIET, 0], ['talk.wav', talkWords]]);
    const memo = await call(`/api/recording?source=${encodeURIComponent('notes/memo.wav')}`);
    expect([memo.status, String(memo.json['message']).startsWith('E_RUN_FILE_INVALID: ')]).toEqual([500, true]);
  });
});

/**
 * A recording dictated first (a service, `--base-url`) and given its reference later, aligned
 * acoustically (`align: 'acoustic'`): whether the text is the recording's is decided by the audio,
 * not by what the recognizer got right, and the recognizer's times are never taken, so the words
 * land where a direct alignment puts them. Speech with exact word boundaries (espeak-ng words over
 * a faint floor); the service (scripted engine, port 0) mishears it, hears another text, or hears
 * every word at the wrong time.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipRows, removeTempDirs, runOptions, startTestService, tempDir, type StartedService } from '../helpers/index.js';
import { writeSpokenWords, type SpokenWord } from '../helpers/spoken-words.mjs';
import { runPipeline } from '../../src/pipeline/index.js';
import type { RunOptions } from '../../src/pipeline/types.js';

const SPOKEN = 'the old lighthouse keeper climbed the stairs every evening to light the lamp'.split(' ');
const RIGHT = 'The old lighthouse keeper climbed the stairs every evening to light the lamp.\n';
/** What the recognizer makes of SPOKEN: 2 of its 13 words right ("the", "stairs"). */
const MISHEARD = 'one of the knew for bathrooms eleven stairs never seven tool height alarm'.split(' ');
/** Another text of 13 words, which the recognizer "hears" in the second recording. */
const OTHER = 'a quick brown fox jumps over the lazy dog by the river bank'.split(' ');
/** A paragraph of 77 words, read in about 40 s: longer than one search of the aligner (30 s). */
const LONG = (
  'the old lighthouse keeper climbed the stairs every evening to light the lamp ' +
  'a boy ran along the muddy road past the church and the baker ' +
  'after dinner my sister wrote a long letter to her friend in the city ' +
  'the farmer sold three horses and bought a small boat for the summer ' +
  'when the storm came the children hid under the table and counted slowly ' +
  'nobody could find the key so we waited outside until morning'
).split(' ');
/** Largest boundary error accepted, ms (the aligner's own test bound; the benchmark measures the spread). */
const TOLERANCE_MS = 120;

let root: string;
let svc: StartedService;
let keeper: SpokenWord[];
let long: SpokenWord[];

interface Alignment {
  align: string;
  agreement: { matched: number; dictated?: boolean };
  words: { text: string; placement: string; heard?: string; startMs: number | null; endMs: number | null }[];
}
function alignment(out: string, source: string): Alignment {
  return JSON.parse(readFileSync(path.join(out, 'alignments', `${source}.json`), 'utf8')) as Alignment;
}

const posts = (): number => svc.log.filter((line) => line.startsWith('POST ')).length;

/** Dictate the recordings of `input` into `out`, then re-run with the references of `refs`; the second run must dictate nothing. */
async function dictateThenAlign(input: string, out: string, refs: string, overrides: Partial<RunOptions> = {}) {
  const options = (more: Partial<RunOptions>) =>
    runOptions(input, out, { baseUrl: svc.url, credentials: svc.credentials, align: 'acoustic', ...overrides, ...more });
  expect((await runPipeline(options({}))).failures).toEqual([]);
  const before = posts();
  const result = await runPipeline(options({ transcripts: refs }));
  expect(posts()).toBe(before);
  return result;
}

/** Each span the recognizer "heard" for `words`, at the times of `truth`. */
const heardAt = (words: readonly string[], truth: readonly SpokenWord[]) =>
  words.map((word, i) => ({ word, startMs: Math.round(truth[i]!.startMs), endMs: Math.round(truth[i]!.endMs) }));

beforeAll(async () => {
  root = await tempDir('reference-dictated');
  for (const dir of ['in', 'in-long', 'refs', 'refs-long']) await mkdir(path.join(root, dir));
  // The same words twice, 400 ms apart in length: the service tells them apart by duration.
  const first = await writeSpokenWords(path.join(root, 'in', 'keeper.wav'), SPOKEN, { pausesMs: [40, 120, 250, 0] });
  const second = await writeSpokenWords(path.join(root, 'in', 'lamp.wav'), SPOKEN, { pausesMs: [40, 120, 250, 0], leadMs: 900 });
  keeper = first.words;
  const spoken = await writeSpokenWords(path.join(root, 'in-long', 'long.wav'), LONG, { pausesMs: [60, 0, 200, 30, 120] });
  long = spoken.words;
  // Every word heard as written, at times that drift early: the last words 12 s before they are said.
  const early = long.map((w, i) => {
    const startMs = Math.round((w.startMs * 2) / 3);
    const endMs = i + 1 < long.length ? Math.round((long[i + 1]!.startMs * 2) / 3) : Math.round((w.endMs * 2) / 3);
    return { word: w.word, startMs, endMs };
  });
  const entry = (durationMs: number, words: { word: string; startMs: number; endMs: number }[]) =>
    ({ match: { durationMs, toleranceMs: 5 }, words });
  svc = await startTestService({
    script: {
      fallback: 'none',
      scripts: [
        entry(first.durationMs, heardAt(MISHEARD, first.words)),
        entry(second.durationMs, heardAt(OTHER, second.words)),
        entry(spoken.durationMs, early),
      ],
    },
  });
  await writeFile(path.join(root, 'refs', 'keeper.txt'), RIGHT);
  await writeFile(path.join(root, 'refs', 'lamp.txt'), `${OTHER.join(' ')}.\n`);
  await writeFile(path.join(root, 'refs-long', 'long.txt'), `${LONG.join(' ')}.\n`);
}, 120_000);

afterAll(async () => {
  await svc.close();
  await removeTempDirs();
});

describe('run with --transcripts over a recording dictated before, aligned acoustically', () => {
  it('aligns a recording the recognizer misheard almost entirely with its right text, and refuses a wrong text it "heard" whole', async () => {
    const out = path.join(root, 'out');
    const { failures } = await dictateThenAlign(path.join(root, 'in'), out, path.join(root, 'refs'));
    // lamp.wav's text is every word the recognizer heard, but not what was said: the audio refuses it.
    expect(failures.map((f) => [f.source, f.code])).toEqual([['lamp.wav', 'E_REFERENCE_MISMATCH']]);
    const rows = clipRows(out);
    expect(rows.map((r) => r.text.toLowerCase())).toEqual(SPOKEN);
    rows.forEach((r, i) => {
      expect(Math.abs(r.start - keeper[i]!.startMs), `${r.text} start`).toBeLessThanOrEqual(TOLERANCE_MS);
      expect(Math.abs(r.end - keeper[i]!.endMs), `${r.text} end`).toBeLessThanOrEqual(TOLERANCE_MS);
      expect(r.flags).not.toContain('unaligned');
    });
    // Placed from the audio; what the recognizer made of each word is kept beside it.
    const aligned = alignment(out, 'keeper.wav');
    expect(aligned.align).toBe('acoustic');
    expect(aligned.agreement.dictated).toBeUndefined();
    expect(aligned.agreement.matched).toBe(2);
    expect(aligned.words.map((w) => w.placement)).toEqual(SPOKEN.map(() => 'acoustic'));
    expect(aligned.words.filter((w) => w.heard === 'matched').map((w) => w.text)).toEqual(['The', 'stairs']);
  }, 240_000);

  it('with text alignment still refuses a text matching almost nothing that was heard (no audio evidence is computed)', async () => {
    const { failures } = await dictateThenAlign(path.join(root, 'in'), path.join(root, 'out-text'), path.join(root, 'refs'), { align: 'text' });
    // keeper.wav: 2 of 13 words matched; lamp.wav's wrong text matches all it heard and is kept.
    expect(failures.map((f) => [f.source, f.code])).toEqual([['keeper.wav', 'E_REFERENCE_MISMATCH']]);
  }, 240_000);

  it('never takes the recognizer\'s times: every word heard at the wrong time lands on its own audio', async () => {
    const out = path.join(root, 'out-long');
    const { failures } = await dictateThenAlign(path.join(root, 'in-long'), out, path.join(root, 'refs-long'));
    expect(failures).toEqual([]);
    const aligned = alignment(out, 'long.wav');
    expect(aligned.words.map((w) => w.text)).toEqual(LONG);
    expect(aligned.agreement.matched).toBe(LONG.length);
    // No word on another word's audio: each word's times overlap its own spoken span more than any other's. One short
    // word ("the", 285 ms) is left to an estimate between its placed neighbours, flagged `unaligned`: still its own audio.
    const overlap = (a: { startMs: number; endMs: number }, b: SpokenWord): number =>
      Math.min(a.endMs, b.endMs) - Math.max(a.startMs, b.startMs);
    const misplaced = aligned.words.flatMap((w, i) => {
      if (w.startMs === null || w.endMs === null) return [`${i} ${w.text} (no times)`];
      const span = { startMs: w.startMs, endMs: w.endMs };
      const own = overlap(span, long[i]!);
      return own > 0 && long.every((t, k) => k === i || overlap(span, t) < own) ? [] : [`${i} ${w.text}`];
    });
    expect(misplaced).toEqual([]);
    expect(aligned.words.filter((w) => w.placement !== 'acoustic').map((w) => `${w.text}:${w.placement}`)).toEqual(['the:unaligned']);
  }, 300_000);
});

/**
 * The acoustic aligner on real PocketSphinx and speech with exactly known word boundaries
 * (espeak-ng words joined with known pauses over a faint noise floor).
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alignAcoustic } from '../../../src/align/acoustic/index.js';
import { isDictclipError } from '../../../src/errors.js';
import { pcmWav, removeTempDirs, tempDir } from '../../helpers/index.js';
import { writeSpokenWords, type SpokenWord } from '../../helpers/spoken-words.mjs';

/** Largest boundary error accepted for any word, ms (espeak-ng's "the" trails off quietly for ~100 ms). */
const WORST_MS = 120;
/** Share of the boundaries that must be within {@link CLOSE_MS} of the truth. */
const CLOSE_SHARE = 0.7;
const CLOSE_MS = 30;
const WORDS = 'the old lighthouse keeper climbed zorblatt stairs every evening to light the lamp'.split(' ');

let dir: string;
let speech: { path: string; words: SpokenWord[] };
let silent: { path: string; words: SpokenWord[] };

beforeAll(async () => {
  dir = await tempDir('acoustic');
  speech = await writeSpokenWords(join(dir, 'speech.wav'), WORDS, { pausesMs: [0, 60, 150, 20, 300] });
  // A second and a half of digital zero between "evening" and "to".
  const pauses = WORDS.map((w) => (w === 'evening' ? 1500 : 80));
  const draft = await writeSpokenWords(join(dir, 'silent.wav'), WORDS, { pausesMs: pauses });
  const gap = draft.words[WORDS.indexOf('evening')]!;
  silent = await writeSpokenWords(join(dir, 'silent.wav'), WORDS, { pausesMs: pauses, silence: [[gap.endMs + 100, gap.endMs + 1400]] });
}, 300_000);

afterAll(removeTempDirs);

/** Every word placed, none further than {@link WORST_MS} from the truth, most within {@link CLOSE_MS}. */
function expectNear(spans: readonly ({ startMs: number; endMs: number } | null)[], truth: readonly SpokenWord[]): void {
  expect(spans.map((s, i) => (s === null ? truth[i]!.word : null)).filter((w) => w !== null)).toEqual([]);
  const errors = spans.flatMap((s, i) => [s!.startMs - truth[i]!.startMs, s!.endMs - truth[i]!.endMs]);
  const worst = errors.reduce((m, e) => Math.max(m, Math.abs(e)), 0);
  expect(worst, errors.map(Math.round).join(' ')).toBeLessThanOrEqual(WORST_MS);
  expect(errors.filter((e) => Math.abs(e) <= CLOSE_MS).length, errors.map(Math.round).join(' ')).toBeGreaterThanOrEqual(Math.ceil(CLOSE_SHARE * errors.length));
}

describe('alignAcoustic', () => {
  it('places every word, the one missing from the dictionary too, near its true boundaries', async () => {
    const work = await tempDir('acoustic-work');
    const result = await alignAcoustic({ wavPath: speech.path, words: WORDS.map((w) => [w]), tempDir: work });
    expect(result.words).toHaveLength(WORDS.length);
    expectNear(result.words, speech.words);
    expect(await readdir(work)).toEqual([]); // the working folder is gone
    // Every placed word carries its evidence: frames as placed, both scores, the chosen variant's phones.
    const lighthouse = result.words[WORDS.indexOf('lighthouse')]!.evidence!;
    expect(lighthouse.phones).toBe(6); // L AY T HH AW S
    expect(lighthouse.frames).toBeGreaterThanOrEqual(Math.floor((speech.words[2]!.endMs - speech.words[2]!.startMs) / 10) - 12);
    expect(lighthouse.loopScore).not.toBeNull();
    expect((lighthouse.alignedScore - lighthouse.loopScore!) / lighthouse.frames).toBeGreaterThan(-70);
    // Where the search put it, before edge refinement: whole 10 ms frames, as many as `frames`.
    expect(lighthouse.searchStartMs! % 10).toBe(0);
    expect(lighthouse.searchEndMs! - lighthouse.searchStartMs!).toBe(lighthouse.frames * 10);
    // Where the phone pass (every phone its own grammar word) starts each word: whole frames, on clean speech near the search's start.
    const phoneStarts = result.words.map((w) => w!.evidence!.phoneStartMs!);
    expect(phoneStarts.filter((ms) => ms % 10 !== 0)).toEqual([]);
    const agree = result.words.filter((w) => Math.abs(w!.evidence!.phoneStartMs! - w!.evidence!.searchStartMs!) <= 50).length;
    expect(agree, phoneStarts.join(' ')).toBeGreaterThanOrEqual(Math.ceil(0.8 * WORDS.length));
    // No other word of the text fits any word's frames better than the word itself (rivals.ts).
    expect(result.words.filter((w) => w!.evidence!.rival === true).map((w) => w!.evidence!.searchStartMs)).toEqual([]);
    expect(result.fit.placedShare).toBe(1);
    expect(result.fit.scorePerFrame).toBeGreaterThan(-70);
  }, 120_000);

  it("marks a word placed on another word of the text's audio: the phone pass takes that rival instead", async () => {
    // "one" is said where the text has "nine" (a substituted word); "one" is also the text's last word.
    const truth = await writeSpokenWords(join(dir, 'substituted.wav'), ['nine', 'four', 'one', 'seven', 'one'], { pausesMs: [80, 120, 60, 200, 90] });
    const result = await alignAcoustic({ wavPath: truth.path, words: ['nine', 'four', 'nine', 'seven', 'one'].map((w) => [w]) });
    expect(result.words.map((w) => w?.evidence?.rival === true)).toEqual([false, false, true, false, false]);
    // It was placed on the audio of the "one" said there.
    expect(Math.abs(result.words[2]!.startMs - truth.words[2]!.startMs)).toBeLessThanOrEqual(50);
  }, 120_000);

  it('leaves an unspoken heading and a word with no tokens null, and places the rest', async () => {
    const words = [['chapter'], ['seven'], [], ...WORDS.map((w) => [w])];
    const result = await alignAcoustic({ wavPath: speech.path, words });
    expect(result.words.slice(0, 3)).toEqual([null, null, null]);
    expectNear(result.words.slice(3), speech.words);
  }, 120_000);

  it("leaves a never-spoken word between two spoken ones unplaced when the search squeezed it far below the recording's pace", async () => {
    // The Caribbean voice at 140 words a minute, pauses as in the benchmark: the search gives "hundred" the end of "arrived"
    // (25 frames for 5 phones, under 0.45 of the recording's median frames a phone).
    const said = 'when the morning train arrived at the little station the doctor stepped'.split(' ');
    const pausesMs = [30, 0, 90, 15, 180, 60, 0, 350, 45];
    const truth = await writeSpokenWords(join(dir, 'caribbean.wav'), said, { voice: 'en-029', rate: 140, pausesMs, seed: 140 });
    const text = said.map((w) => [w]);
    text.splice(5, 0, ['hundred']);
    const spans = (await alignAcoustic({ wavPath: truth.path, words: text, tempDir: dir })).words;
    expect(spans[5]).toBeNull();
    const spoken = spans.filter((_, i) => i !== 5);
    const overlap = (a: { startMs: number; endMs: number }, b: SpokenWord): number =>
      Math.max(0, Math.min(a.endMs, b.endMs) - Math.max(a.startMs, b.startMs));
    // Each placed word on its own audio; "little" (joined to "the" with no pause) is not found in this voice with or without the rule.
    const onOwnAudio = (s: { startMs: number; endMs: number }, i: number): boolean =>
      truth.words.findIndex((t) => overlap(s, t) > 0 && overlap(s, t) >= overlap(s, truth.words[i]!)) === i;
    expect(spoken.map((s, i) => (s === null ? null : onOwnAudio(s, i)))).toEqual(said.map((w) => (w === 'little' ? null : true)));
  }, 120_000);

  it('keeps the words after a sentence missing from the text off that sentence, placing every one on its own audio', async () => {
    // Three sentences said, the middle one missing from the text: without a path for speech the text lacks, the search put the
    // third sentence's first six words 2-8 s early on the second's audio and left "pebbles" out.
    const first = 'the river ran cold and clear under the old stone bridge'.split(' ');
    const missing = 'nobody in the village could remember who had built it or why'.split(' ');
    const last = 'children still throw pebbles from the railing every summer'.split(' ');
    const said = await writeSpokenWords(join(dir, 'missing-sentence.wav'), [...first, ...missing, ...last], {
      voice: 'en-us+f2', rate: 150, pausesMs: [40, 0, 120, 20, 250, 60], seed: 7,
    });
    const truth = [...said.words.slice(0, first.length), ...said.words.slice(first.length + missing.length)];
    const spans = (await alignAcoustic({ wavPath: said.path, words: [...first, ...last].map((w) => [w]), tempDir: dir })).words;
    // Each word placed, and overlapping its own audio (the refined edges are checked elsewhere).
    expect(spans.map((s, i) => (s !== null && s.startMs < truth[i]!.endMs && s.endMs > truth[i]!.startMs ? null : truth[i]!.word))).toEqual(
      truth.map(() => null),
    );
  }, 120_000);

  it('places a word spoken as several tokens from its first to its last', async () => {
    const words = [['the'], ['old'], ['light', 'house'], ...WORDS.slice(3).map((w) => [w])];
    const result = await alignAcoustic({ wavPath: speech.path, words });
    expectNear(result.words, speech.words);
  }, 120_000);

  it('aligns across a stretch of digital silence', async () => {
    const result = await alignAcoustic({ wavPath: silent.path, words: WORDS.map((w) => [w]) });
    expectNear(result.words, silent.words);
  }, 120_000);

  it('kills the recognizer on abort, rejects with E_ABORTED and leaves no working folder', async () => {
    const work = await tempDir('acoustic-abort');
    const controller = new AbortController();
    const pending = alignAcoustic({ wavPath: speech.path, words: WORDS.map((w) => [w]), tempDir: work, signal: controller.signal });
    // Abort once the recognizer's working folder exists (it is made just before the recognizer starts).
    while ((await readdir(work)).length === 0) await new Promise((r) => setImmediate(r));
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(isDictclipError(error, 'E_ABORTED')).toBe(true);
    expect(await readdir(work)).toEqual([]);
  }, 120_000);

  it('removes a working folder left by a process that no longer runs, and keeps others', async () => {
    const work = await tempDir('acoustic-stale');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    await mkdir(join(work, `dictclip-align-${dead}-AbC123`));
    await mkdir(join(work, `dictclip-align-${process.pid}-XyZ789`));
    await mkdir(join(work, 'other'));
    await alignAcoustic({ wavPath: speech.path, words: [['the']], tempDir: work });
    expect((await readdir(work)).sort()).toEqual([`dictclip-align-${process.pid}-XyZ789`, 'other']);
  }, 120_000);

  it('refuses audio that is not the work format', async () => {
    const eightKilohertz = join(dir, 'eight.wav');
    await writeFile(eightKilohertz, pcmWav(new Int16Array(8000), 8000));
    const refused = async (options: Parameters<typeof alignAcoustic>[0]): Promise<string | undefined> =>
      alignAcoustic(options).then(() => undefined, (e: unknown) => (isDictclipError(e) ? e.code : String(e)));
    expect(await refused({ wavPath: join(dir, 'missing.wav'), words: [['the']] })).toBe('E_INVALID_ARGUMENT');
    expect(await refused({ wavPath: eightKilohertz, words: [['the']] })).toBe('E_INVALID_ARGUMENT');
  });
});

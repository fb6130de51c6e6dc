/**
 * The embedded engine with a reference aligns it directly (no recognition): a recording its
 * recognizer would mishear almost entirely is aligned with its right text, not refused; a wrong
 * text is refused from the acoustic evidence; words never spoken get no other word's audio.
 */
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipRows, removeTempDirs, runOptions, tempDir } from '../helpers/index.js';
import { writeSpokenWords, type SpokenWord } from '../helpers/spoken-words.mjs';
import { runPipeline } from '../../src/pipeline/index.js';

/** The LibriVox readings of pocketsphinx-testdata. */
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const SPOKEN = 'the old lighthouse keeper climbed the stairs every evening to light the lamp'.split(' ');
/** Largest boundary error accepted, ms (the aligner's own test bound; the benchmark measures the spread). */
const TOLERANCE_MS = 120;

let root: string;
let truth: SpokenWord[];
let scriptFile: string;

beforeAll(async () => {
  root = await tempDir('reference-direct');
  await mkdir(path.join(root, 'in'));
  truth = (await writeSpokenWords(path.join(root, 'in', 'keeper.wav'), SPOKEN, { pausesMs: [40, 120, 250, 0] })).words;
  // A recognizer that mishears nearly everything: 1 of 13 words right ("the").
  const heard = 'one of the knew for bathrooms eleven stairs never seven tool height alarm'.split(' ')
    .map((word, i) => ({ word, startMs: Math.round(truth[i]!.startMs), endMs: Math.round(truth[i]!.endMs) }));
  scriptFile = path.join(root, 'script.json');
  await writeFile(scriptFile, JSON.stringify({ fallback: 'none', scripts: [{ words: heard }] }));
}, 120_000);

afterAll(removeTempDirs);

describe('run with --transcripts on the embedded engine (direct alignment)', () => {
  it('aligns a recording the recognizer mishears almost entirely with its right reference, without dictating it', async () => {
    const refs = path.join(root, 'right');
    await mkdir(refs);
    await writeFile(path.join(refs, 'keeper.txt'), 'The old lighthouse keeper climbed the stairs every evening to light the lamp.\n');
    const out = path.join(root, 'out-right');
    const { failures } = await runPipeline(runOptions(path.join(root, 'in'), out, { scriptFile, transcripts: refs }));
    expect(failures).toEqual([]);
    const rows = clipRows(out);
    expect(rows.map((r) => r.text.toLowerCase())).toEqual(SPOKEN);
    rows.forEach((r, i) => {
      expect(Math.abs(r.start - truth[i]!.startMs), `${r.text} start`).toBeLessThanOrEqual(TOLERANCE_MS);
      expect(Math.abs(r.end - truth[i]!.endMs), `${r.text} end`).toBeLessThanOrEqual(TOLERANCE_MS);
      expect(r.flags).not.toContain('unaligned');
    });
    const alignment = JSON.parse(readFileSync(path.join(out, 'alignments', 'keeper.wav.json'), 'utf8')) as {
      agreement: { dictated?: boolean };
      words: { placement: string; heard?: string; evidence?: { frames: number; loopScore: number | null } }[];
    };
    expect(alignment.agreement.dictated).toBe(false);
    expect(alignment.words.map((w) => w.placement)).toEqual(SPOKEN.map(() => 'acoustic'));
    expect(
      alignment.words.every(
        (w) => w.heard === undefined && w.evidence !== undefined && w.evidence.frames > 0 && w.evidence.loopScore !== null,
      ),
    ).toBe(true);
  }, 180_000);

  it('refuses a reference of another text with E_REFERENCE_MISMATCH', async () => {
    const refs = path.join(root, 'wrong');
    await mkdir(refs);
    await writeFile(path.join(refs, 'keeper.txt'), 'A quick brown fox jumps over the lazy dog by the river bank at dawn.\n');
    const { failures } = await runPipeline(
      runOptions(path.join(root, 'in'), path.join(root, 'out-wrong'), { scriptFile, transcripts: refs }),
    );
    expect(failures.map((f) => [f.source, f.code])).toEqual([['keeper.wav', 'E_REFERENCE_MISMATCH']]);
  }, 180_000);

  it('places no word that was never spoken, and every placed word on its own audio', async () => {
    const refs = path.join(root, 'extra');
    await mkdir(refs);
    await writeFile(
      path.join(refs, 'keeper.txt'),
      'The old lighthouse keeper climbed the stairs. Nobody saw him. Every evening to light the lamp.\n',
    );
    const out = path.join(root, 'out-extra');
    const { failures } = await runPipeline(runOptions(path.join(root, 'in'), out, { scriptFile, transcripts: refs }));
    expect(failures).toEqual([]);
    const alignment = JSON.parse(readFileSync(path.join(out, 'alignments', 'keeper.wav.json'), 'utf8')) as {
      words: { text: string; placement: string; startMs: number | null; endMs: number | null }[];
    };
    const extra = new Set(['Nobody', 'saw', 'him']);
    // No never-spoken word is placed; every word placed is on its own audio, near its boundaries.
    // (Not every planted word is caught: the benchmark counts the never-spoken words given a span.)
    expect(alignment.words.filter((w) => extra.has(w.text)).map((w) => w.placement)).toEqual([...extra].map(() => 'unaligned'));
    const spoken = alignment.words.filter((w) => !extra.has(w.text));
    expect(spoken.map((w) => w.text.toLowerCase())).toEqual(SPOKEN);
    const placed = spoken.flatMap((w, i) => (w.placement === 'acoustic' ? [[w, truth[i]!] as const] : []));
    expect(placed.length).toBeGreaterThanOrEqual(SPOKEN.length - 1);
    for (const [w, t] of placed) {
      expect(Math.abs(w.startMs! - t.startMs), `${w.text} start`).toBeLessThanOrEqual(TOLERANCE_MS);
      expect(Math.abs(w.endMs! - t.endMs), `${w.text} end`).toBeLessThanOrEqual(TOLERANCE_MS);
    }
    // Their clips say so: every clip of a never-spoken word is flagged unaligned.
    for (const r of clipRows(out).filter((row) => extra.has(row.text))) expect(r.flags, r.text).toContain('unaligned');
  }, 180_000);

  it('refuses a short text of another recording although every word of it is found somewhere in a real reading', async () => {
    // A LibriVox reading ("he might even have been made amiable himself") with its own text, and with three words of another.
    const reading = path.join(root, 'reading');
    await mkdir(reading);
    await copyFile(path.join(LIBRIVOX, 'sense_and_sensibility_01_austen_64kb-0930.wav'), path.join(reading, 'amiable.wav'));
    const run = async (name: string, text: string) => {
      const refs = path.join(root, `refs-${name}`);
      await mkdir(refs);
      await writeFile(path.join(refs, 'amiable.txt'), `${text}\n`);
      const out = path.join(root, `out-${name}`);
      return { out, failures: (await runPipeline(runOptions(reading, out, { scriptFile, transcripts: refs }))).failures };
    };
    const right = await run('amiable-right', 'He might even have been made amiable himself.');
    expect(right.failures).toEqual([]);
    expect(clipRows(right.out).map((r) => r.text.toLowerCase())).toEqual('he might even have been made amiable himself'.split(' '));
    // The three words are all placed, scoring 54 a frame below free phone decoding: found whole, still the wrong text.
    const wrong = await run('amiable-wrong', 'In eighteen thirteen.');
    expect(wrong.failures.map((f) => [f.source, f.code])).toEqual([['amiable.wav', 'E_REFERENCE_MISMATCH']]);
  }, 180_000);
});

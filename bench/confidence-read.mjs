/**
 * The confidence benchmark's real read speech with a stretch of its text missing (bench/confidence.mjs):
 * the LibriVox readings of pocketsphinx-testdata and the shared set's read sentences of twelve words
 * or more, each run twice with its reference on the embedded default: with its whole text, and with
 * a quarter of its words (at least three, from a third of the way in) cut from the text, as a line
 * missing from a transcript. No word boundaries are known for this speech, so the whole text's run
 * is the yardstick: a word's clip in the cut text's run is right when both its edges lie within
 * 50 ms of the same word's clip with the whole text, wrong otherwise (the search stretched it over
 * the missing words' speech). Words the whole text's run did not place are left out.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { librivox } from './alignment-sets.mjs';
import { distPath } from './lib.mjs';
import { realSentences } from './real-voices.mjs';

const exec = promisify(execFile);
const EDGE_MS = 50;
const MIN_WORDS = 12;

/** The words cut from a text of `n` words: `[from, from + count)`. */
export function cutStretch(n) {
  const count = Math.max(3, Math.round(n / 4));
  return { from: Math.round(n / 3), count };
}

/** Per word clip row of `out`'s manifest for `source`, by its word's index in `text` (the words split on white space). */
export async function rowsByWord(out, source, text) {
  const starts = [];
  for (const m of text.matchAll(/\S+/g)) starts.push(m.index);
  const rows = parse(await readFile(join(out, 'manifest.csv'), 'utf8'), { columns: true }).filter((r) => r.kind === 'word' && r.source === source);
  return new Map(rows.map((r) => [starts.indexOf(Number(r.text_start)), r]));
}

/** A clip flagged `low-confidence` or `unaligned` (a manifest row). */
export const caught = (row) => /\b(low-confidence|unaligned)\b/.test(row.flags);

/** `dictclip run` of `input` with the references of `refs` into `out` (emptied first), on the embedded default; returns `out`. */
export async function runWithReference(input, refs, out) {
  await rm(out, { recursive: true, force: true });
  await exec(process.execPath, [distPath('cli/index.js'), 'run', input, '--out', out, '--transcripts', refs, '-q', '--no-report'],
    { maxBuffer: 1 << 26 }).catch((error) => { if (error.code !== 1) throw error; });
  return out;
}

/**
 * Run the read speech with its whole and its cut text (written into `dir`, audio converted by `toWork(from, to)`). Per
 * recording: `{ id, words, cut, after: { right, wrong, wrongFlagged, rightFlagged } }` over the words after the cut.
 */
export async function missingStretchRuns(dir, toWork) {
  await rm(join(dir, 'in'), { recursive: true, force: true });
  for (const sub of ['all', 'in', 'ref-whole', 'ref-cut']) await mkdir(join(dir, sub), { recursive: true });
  const readings = (await librivox(join(dir, 'all'), toWork)).map((r) => ({ id: r.id, path: r.path, text: r.words.join(' ') }));
  const sentences = (await realSentences()).map((s) => ({ id: s.id, source: s.source, path: join(dir, 'all', `${s.id}.wav`), text: s.text }));
  const recordings = [...readings, ...sentences].filter((r) => r.text.split(/\s+/).length >= MIN_WORDS).map((r) => {
    const words = r.text.split(/\s+/);
    const { from, count } = cutStretch(words.length);
    return { ...r, words, from, count, cutText: [...words.slice(0, from), ...words.slice(from + count)].join(' ') };
  });
  for (const r of recordings) {
    if (r.source !== undefined && !existsSync(r.path)) await toWork(r.source, r.path);
    await copyFile(r.path, join(dir, 'in', `${r.id}.wav`));
    await writeFile(join(dir, 'ref-whole', `${r.id}.txt`), `${r.text}\n`);
    await writeFile(join(dir, 'ref-cut', `${r.id}.txt`), `${r.cutText}\n`);
  }
  const run = (name) => runWithReference(join(dir, 'in'), join(dir, `ref-${name}`), join(dir, `out-${name}`));
  const [wholeOut, cutOut] = [await run('whole'), await run('cut')];
  return Promise.all(recordings.map(async ({ id, text, words, from, count, cutText }) => {
    const whole = await rowsByWord(wholeOut, `${id}.wav`, text);
    const cut = await rowsByWord(cutOut, `${id}.wav`, cutText);
    const after = { right: 0, wrong: 0, wrongFlagged: 0, rightFlagged: 0 };
    for (const [i, row] of cut) {
      if (i < from) continue;
      const yardstick = whole.get(i + count);
      if (yardstick === undefined || /\bunaligned\b/.test(yardstick.flags)) continue;
      const near = (key) => Math.abs(Number(row[key]) - Number(yardstick[key])) <= EDGE_MS;
      const right = near('start_ms') && near('end_ms');
      after[right ? 'right' : 'wrong']++;
      if (caught(row)) after[right ? 'rightFlagged' : 'wrongFlagged']++;
    }
    return { id, words: words.length, cut: `${count} words from word ${from + 1}`, after };
  }));
}

/** The report's table of {@link missingStretchRuns}, and its summary over every recording (wrong and right clips after the cut). */
export function missingStretchReport(results, pct) {
  const sum = (key) => results.reduce((n, r) => n + r.after[key], 0);
  return {
    table: {
      title: 'Real read speech with a stretch of its text missing (bench/confidence-read.mjs), with reference: clips after the cut, against the same recording run with its whole text',
      columns: ['recording', 'words', 'cut from the text', 'wrong clips flagged (moved over 50 ms from the whole text\'s clip)', 'right clips flagged'],
      rows: results.map((r) => [r.id, r.words, r.cut, `${r.after.wrongFlagged} of ${r.after.wrong}`, `${r.after.rightFlagged} of ${r.after.right}`]),
    },
    target: {
      name: `real read speech, a stretch of its text missing (${results.length} recordings): wrong / right clips after it flagged`, target: '–',
      value: `${pct(sum('wrongFlagged'), sum('wrong'))} / ${pct(sum('rightFlagged'), sum('right'))}`,
    },
  };
}

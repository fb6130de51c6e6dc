/**
 * The confidence benchmark's real read sentences joined into one recording (bench/confidence.mjs):
 * the five LibriVox readings of pocketsphinx-testdata, each with its own room noise, put one after
 * another with 400 ms pauses over a faint noise floor (as a book's sentences recorded apart and
 * joined, or as the real-speech set's README joins takes), and run with their whole text; the same
 * readings run one file each are the yardstick. A joined clip is right when both its edges lie
 * within 50 ms of the same word's clip in its own file's run (moved by where that file begins in
 * the joined recording); words the one-file runs did not place are left out.
 */
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { librivox } from './alignment-sets.mjs';
import { caught, runWithReference } from './confidence-read.mjs';
import { monoWav, prng } from './lib.mjs';
import { samples16k } from './real-voices.mjs';

const EDGE_MS = 50;
const RATE = 16000;
/** Pause between two readings, and before the first and after the last, ms. */
const PAUSE_MS = 400;
/** Peak of the floor's white noise, of 32767. */
const FLOOR_AMPLITUDE = 30;

async function wordRows(out) {
  return parse(await readFile(join(out, 'manifest.csv'), 'utf8'), { columns: true }).filter((r) => r.kind === 'word');
}

/**
 * Join the readings (work audio made by `toWork(from, to)` under `dir`), run them joined and one file each.
 * Returns `{ joined: { clips, flagged, right, rightFlagged, wrong, wrongFlagged }, alone: { clips, flagged } }`.
 */
export async function joinedReadingRuns(dir, toWork) {
  for (const sub of ['all', 'alone', 'joined']) {
    await rm(join(dir, sub), { recursive: true, force: true });
    await mkdir(join(dir, sub), { recursive: true });
  }
  const readings = await librivox(join(dir, 'all'), toWork);
  const pause = (PAUSE_MS * RATE) / 1000;
  const samples = await Promise.all(readings.map((r) => samples16k(r.path)));
  const total = samples.reduce((n, s) => n + s.length + pause, pause);
  const pcm = new Int16Array(total);
  const random = prng(7);
  for (let i = 0; i < total; i++) pcm[i] = Math.round((random() * 2 - 1) * FLOOR_AMPLITUDE);
  const offsetsMs = [];
  let at = pause;
  samples.forEach((s) => {
    offsetsMs.push((at * 1000) / RATE);
    pcm.set(s, at);
    at += s.length + pause;
  });
  await writeFile(join(dir, 'joined', 'readings.wav'), monoWav(Buffer.from(pcm.buffer)));
  await writeFile(join(dir, 'joined', 'readings.txt'), `${readings.map((r) => r.words.join(' ')).join(' ')}\n`);
  for (const r of readings) {
    await copyFile(r.path, join(dir, 'alone', `${r.id}.wav`));
    await writeFile(join(dir, 'alone', `${r.id}.txt`), `${r.words.join(' ')}\n`);
  }
  const joinedRows = await wordRows(await runWithReference(join(dir, 'joined'), join(dir, 'joined'), join(dir, 'out-joined')));
  const aloneRows = await wordRows(await runWithReference(join(dir, 'alone'), join(dir, 'alone'), join(dir, 'out-alone')));
  // Each placed word of a one-file run by its offset in the joined text (after the texts before it and their spaces), with its
  // reading's start in the joined audio.
  const yardsticks = new Map();
  let textAt = 0;
  readings.forEach((r, i) => {
    for (const row of aloneRows) {
      if (row.source !== `${r.id}.wav` || /\bunaligned\b/.test(row.flags)) continue;
      yardsticks.set(Number(row.text_start) + textAt, { row, offsetMs: offsetsMs[i] });
    }
    textAt += r.words.join(' ').length + 1;
  });
  const joined = { clips: joinedRows.length, flagged: joinedRows.filter(caught).length };
  for (const key of ['right', 'rightFlagged', 'wrong', 'wrongFlagged']) joined[key] = 0;
  for (const row of joinedRows) {
    const yardstick = yardsticks.get(Number(row.text_start));
    if (yardstick === undefined) continue;
    const near = (key) => Math.abs(Number(row[key]) - (Number(yardstick.row[key]) + yardstick.offsetMs)) <= EDGE_MS;
    const right = near('start_ms') && near('end_ms');
    joined[right ? 'right' : 'wrong']++;
    if (caught(row)) joined[right ? 'rightFlagged' : 'wrongFlagged']++;
  }
  return { joined, alone: { clips: aloneRows.length, flagged: aloneRows.filter(caught).length } };
}

/** The report's targets of {@link joinedReadingRuns}. */
export function joinedReadingTargets({ joined, alone }, pct) {
  return [
    {
      name: 'real read sentences joined over a faint floor (5 LibriVox readings, 400 ms pauses), with their text: clips flagged; the same one file each',
      target: '–', value: `${pct(joined.flagged, joined.clips)}; ${pct(alone.flagged, alone.clips)}`,
    },
    {
      name: 'the joined readings: clips within 50 ms of their own file\'s clip flagged / the others flagged',
      target: '–', value: `${pct(joined.rightFlagged, joined.right)} / ${pct(joined.wrongFlagged, joined.wrong)}`,
    },
  ];
}

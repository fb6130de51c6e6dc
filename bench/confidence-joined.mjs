/**
 * The confidence benchmark's real read sentences joined into one recording (bench/confidence.mjs):
 * the five LibriVox readings of pocketsphinx-testdata, each with its own room noise, put one after
 * another with 400 ms pauses over a faint noise floor (as a book's sentences recorded apart and
 * joined, or as the real-speech set's README joins takes), and run with their whole text; the same
 * readings run one file each are the yardstick. A joined clip is right when both its edges lie
 * within 50 ms of the same word's clip in its own file's run (moved by where that file begins in
 * the joined recording); words the one-file runs did not place are left out.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { librivox } from './alignment-sets.mjs';
import { distPath, monoWav, prng } from './lib.mjs';
import { samples16k } from './real-voices.mjs';

const exec = promisify(execFile);
const EDGE_MS = 50;
const RATE = 16000;
/** Pause between two readings, and before the first and after the last, ms. */
const PAUSE_MS = 400;
/** Peak of the floor's white noise, of 32767. */
const FLOOR_AMPLITUDE = 30;

const flagged = (row) => /\b(low-confidence|unaligned)\b/.test(row.flags);

async function wordRows(out) {
  return parse(await readFile(join(out, 'manifest.csv'), 'utf8'), { columns: true }).filter((r) => r.kind === 'word');
}

async function run(input, out) {
  await rm(out, { recursive: true, force: true });
  await exec(process.execPath, [distPath('cli/index.js'), 'run', input, '--out', out, '--transcripts', input, '-q', '--no-report'],
    { maxBuffer: 1 << 26 }).catch((error) => { if (error.code !== 1) throw error; });
  return out;
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
  const joinedRows = await wordRows(await run(join(dir, 'joined'), join(dir, 'out-joined')));
  const aloneRows = await wordRows(await run(join(dir, 'alone'), join(dir, 'out-alone')));
  const joined = { clips: joinedRows.length, flagged: joinedRows.filter(flagged).length };
  Object.assign(joined, { right: 0, rightFlagged: 0, wrong: 0, wrongFlagged: 0 });
  // A reading's words sit in the joined text after the texts before it and their spaces.
  let textAt = 0;
  readings.forEach((r, i) => {
    const own = new Map(aloneRows.filter((row) => row.source === `${r.id}.wav`).map((row) => [Number(row.text_start) + textAt, row]));
    for (const row of joinedRows) {
      const yardstick = own.get(Number(row.text_start));
      if (yardstick === undefined || /\bunaligned\b/.test(yardstick.flags)) continue;
      const near = (key) => Math.abs(Number(row[key]) - (Number(yardstick[key]) + offsetsMs[i])) <= EDGE_MS;
      const right = near('start_ms') && near('end_ms');
      joined[right ? 'right' : 'wrong']++;
      if (flagged(row)) joined[right ? 'rightFlagged' : 'wrongFlagged']++;
    }
    textAt += r.words.join(' ').length + 1;
  });
  return { joined, alone: { clips: aloneRows.length, flagged: aloneRows.filter(flagged).length } };
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

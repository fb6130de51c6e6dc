/**
 * Real read speech with planted faults, for the confidence benchmark (bench/confidence.mjs): the
 * read-speech recordings of bench/confidence-read.mjs (LibriVox readings of pocketsphinx-testdata
 * and the real-speech set's LibriSpeech sentence), each with four faults planted, run with their
 * text on the embedded default and judged against the same recording's run with its whole,
 * faultless text (the words it placed with no flag: the yardstick, as the missing-stretch set has
 * it). The faults: an unspoken heading ("chapter seven") before the text; a word of the text
 * written as another ("garden"); a word's audio replaced by white noise as loud as it; and a
 * word's first 120 ms said again before it, 80 ms apart (the recording's own quietest 80 ms
 * between). The heading, the written-over word and the word over noise are wrong clips whatever
 * their times; every other clip is right when both its edges lie within 50 ms of its yardstick
 * (shifted past the inserted syllable).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { monoWav, prng } from './lib.mjs';
import { caught, runWithReference } from './confidence-read.mjs';
import { samples16k } from './real-voices.mjs';

const EDGE_MS = 50;
const RATE = 16000;
/** The unspoken heading written before each text. */
const HEADING = ['chapter', 'seven'];
/** The word written over a word of the text (over "window" when the text's word is this one). */
const OTHER_WORD = 'garden';
/** The syllable said again: the word's first samples, and the pause after it, ms. */
const SYLLABLE_MS = 120;
const SYLLABLE_GAP_MS = 80;
/** White noise over a word's clip, as a multiple of the clip's RMS (a uniform draw's peak). */
const NOISE_PEAK = 1.7;

const ms = (n) => Math.round((n * RATE) / 1000);

/** The quietest `count` samples of `s` (10 ms steps), copied. */
function quietest(s, count) {
  let best = 0;
  let bestEnergy = Infinity;
  for (let at = 0; at + count <= s.length; at += ms(10)) {
    let e = 0;
    for (let k = at; k < at + count; k++) e += s[k] * s[k];
    if (e < bestEnergy) [best, bestEnergy] = [at, e];
  }
  return s.slice(best, best + count);
}

/**
 * The faults planted in one recording (`samples`, its `text` and its whole-text run's word rows
 * `yardsticks`, by word): the new audio, the new text and per word of the new text what it is.
 */
function plant(samples, text, yardsticks, random) {
  const usable = text.map((w, i) => i).filter((i) => yardsticks[i] !== undefined && yardsticks[i].flags === '' && text[i].length >= 3);
  const at = (share) => usable[Math.floor(share * (usable.length - 1))];
  const [written, noisy, said] = [at(0.25), at(0.5), at(0.8)];
  const s = Int16Array.from(samples);
  const [a, b] = [ms(Number(yardsticks[noisy].start_ms)), ms(Number(yardsticks[noisy].end_ms))];
  let energy = 0;
  for (let k = a; k < b; k++) energy += s[k] * s[k];
  const peak = NOISE_PEAK * Math.sqrt(energy / (b - a));
  for (let k = a; k < b; k++) s[k] = Math.max(-32768, Math.min(32767, Math.round((random() * 2 - 1) * peak)));
  const from = ms(Number(yardsticks[said].start_ms));
  const inserted = [s.slice(from, from + ms(SYLLABLE_MS)), quietest(samples, ms(SYLLABLE_GAP_MS))];
  const shiftMs = ((inserted[0].length + inserted[1].length) * 1000) / RATE;
  const audio = new Int16Array(s.length + inserted[0].length + inserted[1].length);
  audio.set(s.subarray(0, from));
  audio.set(inserted[0], from);
  audio.set(inserted[1], from + inserted[0].length);
  audio.set(s.subarray(from), from + inserted[0].length + inserted[1].length);
  const words = text.map((w, i) => (i === written ? (w.toLowerCase() === OTHER_WORD ? 'window' : OTHER_WORD) : w));
  const truth = [
    ...HEADING.map(() => ({ fault: 'heading' })),
    ...text.map((w, i) => {
      if (i === written) return { fault: 'substituted' };
      if (i === noisy) return { fault: 'noise' };
      const y = yardsticks[i];
      if (y === undefined || y.flags !== '') return null;
      const shift = i >= said ? shiftMs : 0;
      return { fault: i === said ? 'stutter' : null, startMs: Number(y.start_ms) + shift, endMs: Number(y.end_ms) + shift };
    }),
  ];
  return { audio, text: [...HEADING, ...words], truth, planted: { written: text[written], noisy: text[noisy], said: text[said] } };
}

/** The word rows of `out`'s manifest for `source`, by word index of the text (the words split on white space). */
async function rowsByWord(out, source, text) {
  const starts = [];
  for (const m of text.matchAll(/\S+/g)) starts.push(m.index);
  const rows = parse(await readFile(join(out, 'manifest.csv'), 'utf8'), { columns: true }).filter((r) => r.kind === 'word' && r.source === source);
  return new Map(rows.map((r) => [starts.indexOf(Number(r.text_start)), r]));
}

/**
 * Plant the faults in the recordings of `readDir` (bench/confidence-read.mjs leaves them in `in/`,
 * their texts in `ref-whole/` and its whole-text run in `out-whole/`), under `dir`, and run them.
 * Per recording `{ id, planted, faults: { flagged, of }, wrong: { flagged, of }, right: { flagged, of }, missed }`:
 * faults counts the planted faults' wrong clips, wrong the other wrong clips.
 */
export async function plantedReadingRuns(dir, readDir, ids) {
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'in'), { recursive: true });
  const random = prng(5);
  const plans = [];
  for (const id of ids) {
    const whole = (await readFile(join(readDir, 'ref-whole', `${id}.txt`), 'utf8')).trim();
    const yardsticks = Object.fromEntries(await rowsByWord(join(readDir, 'out-whole'), `${id}.wav`, whole));
    const plan = plant(await samples16k(join(readDir, 'in', `${id}.wav`)), whole.split(/\s+/), yardsticks, random);
    await writeFile(join(dir, 'in', `${id}.wav`), monoWav(Buffer.from(plan.audio.buffer)));
    await writeFile(join(dir, 'in', `${id}.txt`), `${plan.text.join(' ')}\n`);
    plans.push({ id, ...plan });
  }
  const out = await runWithReference(join(dir, 'in'), join(dir, 'in'), join(dir, 'out'));
  return Promise.all(plans.map(async ({ id, text, truth, planted }) => {
    const rows = await rowsByWord(out, `${id}.wav`, text.join(' '));
    const tally = { faults: { flagged: 0, of: 0 }, wrong: { flagged: 0, of: 0 }, right: { flagged: 0, of: 0 }, missed: [] };
    for (const [i, row] of rows) {
      const t = truth[i];
      if (t === null || t === undefined) continue;
      const near = (key, ms) => Math.abs(Number(row[key]) - ms) <= EDGE_MS;
      const right = t.startMs !== undefined && near('start_ms', t.startMs) && near('end_ms', t.endMs);
      const cell = right ? tally.right : t.fault !== null ? tally.faults : tally.wrong;
      cell.of++;
      if (caught(row)) cell.flagged++;
      else if (!right) tally.missed.push(`${row.text}${t.fault === null ? '' : ` [${t.fault}]`}`);
    }
    return { id, planted, ...tally };
  }));
}

/** The report's table of {@link plantedReadingRuns}, and its summary target. */
export function plantedReadingReport(results, pct) {
  const sum = (cell, key) => results.reduce((n, r) => n + r[cell][key], 0);
  return {
    table: {
      title: 'Real read speech with planted faults (bench/confidence-read-faults.mjs), with reference: an unspoken heading, a word written as another, a word\'s audio replaced by noise, a syllable said again before a word; judged against the same recording run with its whole text',
      columns: ['recording', 'planted on', 'faulty clips flagged', 'other wrong clips flagged', 'right clips flagged', 'wrong clips not flagged'],
      rows: results.map((r) => [r.id, `written over: ${r.planted.written}; noise: ${r.planted.noisy}; syllable before: ${r.planted.said}`,
        `${r.faults.flagged} of ${r.faults.of}`, `${r.wrong.flagged} of ${r.wrong.of}`, `${r.right.flagged} of ${r.right.of}`, r.missed.join(', ') || '–']),
    },
    target: {
      name: `real read speech with planted faults (${results.length} recordings): faulty clips / other wrong clips / right clips flagged`, target: '–',
      value: `${pct(sum('faults', 'flagged'), sum('faults', 'of'))} / ${pct(sum('wrong', 'flagged'), sum('wrong', 'of'))} / ${pct(sum('right', 'flagged'), sum('right', 'of'))}`,
    },
  };
}

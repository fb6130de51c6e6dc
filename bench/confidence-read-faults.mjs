/**
 * Real read speech with planted faults, for the confidence benchmark (bench/confidence.mjs): the
 * read-speech recordings of bench/confidence-read.mjs (LibriVox readings of pocketsphinx-testdata
 * and the real-speech set's LibriSpeech sentence), each with four faults planted, run with their
 * text on the embedded default and judged against the same recording's run with its whole,
 * faultless text (the words it placed with no flag: the yardstick, as the missing-stretch set has
 * it). The faults: an unspoken heading ("chapter seven") before the text; a word of the text
 * written as another ("garden"); a word's audio replaced by white noise as loud as it; a
 * word's first 120 ms said again before it, 80 ms apart (the recording's own quietest 80 ms
 * between); and 500 ms of the same noise put between two words, the text unchanged. The heading,
 * the written-over word and the word over noise are wrong clips whatever their times; every other
 * clip is right when both its edges lie within 50 ms of its yardstick (shifted past what was put
 * in); the stuttered word and the two words beside the noise count among the faulty clips when
 * wrong, among the right ones when right.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { monoWav, prng } from './lib.mjs';
import { caught, rowsByWord, runWithReference } from './confidence-read.mjs';
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
/** White noise over a word's clip, as a multiple of the clip's RMS (a uniform draw's peak); the same noise between two words. */
const NOISE_PEAK = 1.7;
/** The noise put between two words, ms. */
const NOISE_BETWEEN_MS = 500;

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

/** `s` with `inserts` (`{ at, chunks }`: sample arrays put before sample `at`) put in, and the ms an instant `ms` moved by. */
function withInserts(s, inserts) {
  const sorted = [...inserts].sort((x, y) => x.at - y.at);
  const length = (i) => i.chunks.reduce((n, c) => n + c.length, 0);
  const audio = new Int16Array(s.length + sorted.reduce((n, i) => n + length(i), 0));
  let from = 0;
  let to = 0;
  for (const i of sorted) {
    audio.set(s.subarray(from, i.at), to);
    to += i.at - from;
    for (const c of i.chunks) {
      audio.set(c, to);
      to += c.length;
    }
    from = i.at;
  }
  audio.set(s.subarray(from), to);
  const shiftMs = (atMs) => (sorted.filter((i) => i.at <= ms(atMs)).reduce((n, i) => n + length(i), 0) * 1000) / RATE;
  return { audio, shiftMs };
}

/** White noise of `count` samples, a uniform draw of peak `peak`. */
function whiteNoise(count, peak, random) {
  return Int16Array.from({ length: count }, () => Math.max(-32768, Math.min(32767, Math.round((random() * 2 - 1) * peak))));
}

/**
 * The faults planted in one recording (`samples`, its `text` and its whole-text run's word rows
 * `yardsticks`, by word): the new audio, the new text and per word of the new text what it is.
 */
function plant(samples, text, yardsticks, random) {
  const judged = (i) => yardsticks[i] !== undefined && yardsticks[i].flags === '';
  const usable = text.map((w, i) => i).filter((i) => judged(i) && text[i].length >= 3);
  const at = (share) => usable[Math.floor(share * (usable.length - 1))];
  const [written, noisy, said] = [at(0.25), at(0.5), at(0.8)];
  // The noise between words goes between a judged word at about 65 % of the text and the next, when that one is judged too.
  const before = text.map((w, i) => i).find((i) => i >= Math.round(0.65 * text.length) && judged(i) && judged(i + 1) && i !== said - 1);
  const s = Int16Array.from(samples);
  const [a, b] = [ms(Number(yardsticks[noisy].start_ms)), ms(Number(yardsticks[noisy].end_ms))];
  let energy = 0;
  for (let k = a; k < b; k++) energy += s[k] * s[k];
  const peak = NOISE_PEAK * Math.sqrt(energy / (b - a));
  s.set(whiteNoise(b - a, peak, random), a);
  const from = ms(Number(yardsticks[said].start_ms));
  const inserts = [{ at: from, chunks: [s.slice(from, from + ms(SYLLABLE_MS)), quietest(samples, ms(SYLLABLE_GAP_MS))] }];
  if (before !== undefined) {
    const gap = ms((Number(yardsticks[before].end_ms) + Number(yardsticks[before + 1].start_ms)) / 2);
    inserts.push({ at: gap, chunks: [whiteNoise(ms(NOISE_BETWEEN_MS), peak, random)] });
  }
  const { audio, shiftMs } = withInserts(s, inserts);
  const words = text.map((w, i) => (i === written ? (w.toLowerCase() === OTHER_WORD ? 'window' : OTHER_WORD) : w));
  const truth = [
    ...HEADING.map(() => ({ fault: 'heading' })),
    ...text.map((w, i) => {
      if (i === written) return { fault: 'substituted' };
      if (i === noisy) return { fault: 'noise' };
      if (!judged(i)) return null;
      const [startMs, endMs] = [Number(yardsticks[i].start_ms), Number(yardsticks[i].end_ms)];
      const fault = i === said ? 'stutter' : i === before || i === before + 1 ? 'beside noise' : null;
      return { fault, startMs: startMs + shiftMs(startMs), endMs: endMs + shiftMs(startMs) };
    }),
  ];
  const planted = { written: text[written], noisy: text[noisy], said: text[said], between: before === undefined ? '–' : `${text[before]} ${text[before + 1]}` };
  return { audio, text: [...HEADING, ...words], truth, planted };
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
      title: 'Real read speech with planted faults (bench/confidence-read-faults.mjs), with reference: an unspoken heading, a word written as another, ' +
        'a word\'s audio replaced by noise, a syllable said again before a word, 500 ms of noise between two words; judged against the same recording run with its whole text',
      columns: ['recording', 'planted on', 'faulty clips flagged', 'other wrong clips flagged', 'right clips flagged', 'wrong clips not flagged'],
      rows: results.map((r) => [r.id, `written over: ${r.planted.written}; noise: ${r.planted.noisy}; syllable before: ${r.planted.said}; noise between: ${r.planted.between}`,
        `${r.faults.flagged} of ${r.faults.of}`, `${r.wrong.flagged} of ${r.wrong.of}`, `${r.right.flagged} of ${r.right.of}`, r.missed.join(', ') || '–']),
    },
    target: {
      name: `real read speech with planted faults (${results.length} recordings): faulty clips / other wrong clips / right clips flagged`, target: '–',
      value: `${pct(sum('faults', 'flagged'), sum('faults', 'of'))} / ${pct(sum('wrong', 'flagged'), sum('wrong', 'of'))} / ${pct(sum('right', 'flagged'), sum('right', 'of'))}`,
    },
  };
}

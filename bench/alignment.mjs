/**
 * Part — reference alignment (issue 19): how close acoustic alignment (src/align/acoustic, the
 * grammar search) and text alignment (src/align/text.ts: reference words take the embedded
 * recognizer's marker times) put word boundaries to the truth, and what they cost.
 * Truth: words synthesized one by one with espeak-ng and joined with known pauses over a faint
 * noise floor (test/helpers/spoken-words.mjs) — a text and voices not used while tuning.
 * Real speech: the five LibriVox readings of pocketsphinx-testdata with their transcription
 * (no timing truth there: how many reference words each method labels).
 * Speed: acoustic alignment against recognition alone (wall time, one recognizer process each,
 * same run), and text alignment of a 3-hour, 30,000-word reference.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { importDist, median, OUT, prng, saveResult } from './lib.mjs';
import { writeSpokenWords } from '../test/helpers/spoken-words.mjs';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
/** Held apart from the tuning (a different text, other voices and rates, other pauses). */
const TEXT = `when the morning train arrived at the little station the doctor stepped down with his heavy bag
and looked around for the carriage that should have been waiting a boy of perhaps twelve ran up and offered
to carry the bag to the inn for a penny the doctor agreed and they walked together along the muddy road
past the church and the baker and a row of cottages whose gardens were full of late roses`.split(/\s+/);
const VOICES = [['en-us+m3', 150], ['en-gb-scotland', 165], ['en-029', 140], ['en-us+f2', 185], ['en-gb', 200]];
const PAUSES = [30, 0, 90, 15, 180, 60, 0, 350, 45];
/** Pieces cut between anchors (matched words of the text alignment), ms. */
const PIECE_MS = 10_000;

const pct = (n, d) => (d === 0 ? 0 : (100 * n) / d);
function figures(errors) {
  const abs = errors.map(Math.abs);
  return { median: median(abs), within20: pct(abs.filter((e) => e <= 20).length, abs.length), within50: pct(abs.filter((e) => e <= 50).length, abs.length), n: abs.length };
}
const show = (f) => `median ${f.median.toFixed(1)} ms, ${f.within20.toFixed(1)} % ≤ 20 ms, ${f.within50.toFixed(1)} % ≤ 50 ms`;

async function truthSets(dir) {
  const sets = [];
  for (const [voice, rate] of VOICES) {
    const path = join(dir, `${voice}-${rate}.wav`);
    const meta = `${path}.json`;
    if (!existsSync(meta)) await writeFile(meta, JSON.stringify(await writeSpokenWords(path, TEXT, { voice, rate, pausesMs: PAUSES, seed: rate })));
    sets.push({ voice, rate, ...JSON.parse(await readFile(meta, 'utf8')) });
  }
  return sets;
}

async function librivox(dir, ffmpegArgs) {
  const lines = (await readFile(join(LIBRIVOX, 'transcription'), 'utf8')).split('\n').filter((l) => l.trim() !== '');
  const out = [];
  for (const line of lines) {
    const id = /\(([^)]+)\)\s*$/.exec(line)[1];
    const words = line.replace(/\([^)]*\)\s*$/, '').replace(/<\/?s>/g, '').trim().split(/\s+/);
    const path = join(dir, `${id}.wav`);
    if (!existsSync(path)) await ffmpegArgs(join(LIBRIVOX, `${id}.wav`), path);
    out.push({ id, path, words });
  }
  return out;
}

/** Recognizer words → text alignment times per reference word (null when unheard). */
function textTimes(modules, reference, recognition) {
  const recognized = recognition.words.map((w) => ({ spoken: modules.spokenForm(w.word), startMs: w.startMs, endMs: w.endMs }));
  const aligned = modules.alignText(reference, recognized);
  const times = aligned.words.map((w) => (w.startMs === undefined ? null : { startMs: w.startMs, endMs: w.endMs }));
  const anchors = aligned.words.flatMap((w, word) => (w.placement === 'matched' ? [{ word, startMs: w.startMs, endMs: w.endMs }] : []));
  return { times, anchors };
}

/** A 3-hour, 30,000-word reference and a recognition of it with 10 % of its words changed. */
function textScale(modules) {
  const rand = prng(7);
  const vocabulary = TEXT;
  const reference = Array.from({ length: 30_000 }, () => [vocabulary[Math.floor(rand() * vocabulary.length)]]);
  const recognized = [];
  let t = 0;
  for (const [word] of reference) {
    const r = rand();
    const step = 360;
    if (r < 0.03) { t += step; continue; } // unheard
    const said = r < 0.07 ? 'uh' : word; // misheard
    recognized.push({ spoken: [said], startMs: t, endMs: t + 300 });
    if (r > 0.97) recognized.push({ spoken: ['um'], startMs: t + 300, endMs: t + 340 }); // inserted
    t += step;
  }
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const result = modules.alignText(reference, recognized);
  const seconds = (performance.now() - t0) / 1000;
  return { seconds, audioHours: t / 3_600_000, words: reference.length, peakCells: result.stats.peakCells, heapMiB: (process.memoryUsage().heapUsed - heap0) / 2 ** 20 };
}

export default async function alignment() {
  const acoustic = await importDist('align/acoustic/index.js');
  const text = await importDist('align/text.js');
  const reference = await importDist('reference/index.js');
  const engineModule = await importDist('service/engines/pocketsphinx.js');
  const audio = await importDist('audio/index.js');
  const modules = { ...text, ...reference };
  const dir = join(OUT, 'alignment');
  await mkdir(dir, { recursive: true });
  const ffmpeg = await audio.resolveFfmpeg();
  const { execFile } = await import('node:child_process');
  const toWork = (from, to) => new Promise((resolve, reject) => execFile(ffmpeg, ['-v', 'error', '-y', '-i', from, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', '-map_metadata', '-1', '-fflags', '+bitexact', to], (e) => (e ? reject(e) : resolve())));
  const sets = await truthSets(dir);
  const readings = await librivox(dir, toWork);
  const engine = engineModule.createPocketSphinxEngine({ processes: 1 });
  const errors = { acoustic: { start: [], end: [] }, text: { start: [], end: [] } };
  const placed = { acoustic: 0, text: 0, words: 0 };
  const wall = { recognition: 0, acoustic: 0, audioS: 0 };
  const rows = [];
  try {
    await engine.recognize(sets[0].path, { durationMs: sets[0].durationMs }); // loads the model
    const run = async (path, durationMs, words) => {
      const t0 = performance.now();
      const recognition = await engine.recognize(path, { durationMs });
      const byText = textTimes(modules, words, recognition);
      const t1 = performance.now();
      // As the pipeline does: the words text alignment matched are anchors, long audio is cut between them.
      const found = await acoustic.alignAcoustic({ wavPath: path, words, anchors: byText.anchors, maxPieceMs: PIECE_MS, tempDir: dir });
      const t2 = performance.now();
      wall.recognition += (t1 - t0) / 1000;
      wall.acoustic += (t2 - t1) / 1000;
      wall.audioS += durationMs / 1000;
      return { acoustic: found.words, text: byText.times };
    };
    for (const set of sets) {
      const words = set.words.map((w) => modules.spokenForm(w.word));
      const got = await run(set.path, set.durationMs, words);
      const row = [`${set.voice}, ${set.rate} wpm`, set.words.length];
      for (const method of ['acoustic', 'text']) {
        const s = [];
        const e = [];
        got[method].forEach((span, i) => {
          if (span === null) return;
          s.push(span.startMs - set.words[i].startMs);
          e.push(span.endMs - set.words[i].endMs);
        });
        errors[method].start.push(...s);
        errors[method].end.push(...e);
        row.push(`${s.length}`, show(figures(s)), show(figures(e)));
      }
      rows.push(row);
    }
    const libriRows = [];
    for (const reading of readings) {
      const words = reading.words.map((w) => modules.spokenForm(w));
      const durationMs = ((await readFile(reading.path)).length - 44) / 32;
      const got = await run(reading.path, durationMs, words);
      const a = got.acoustic.filter((s) => s !== null).length;
      const t = got.text.filter((s) => s !== null).length;
      placed.acoustic += a;
      placed.text += t;
      placed.words += words.length;
      const both = got.acoustic.flatMap((s, i) => (s === null || got.text[i] === null ? [] : [s.startMs - got.text[i].startMs]));
      libriRows.push([reading.id, words.length, a, t, both.length === 0 ? '–' : `${median(both.map(Math.abs)).toFixed(0)} ms`]);
    }
    const scale = textScale(modules);
    const all = { acoustic: { start: figures(errors.acoustic.start), end: figures(errors.acoustic.end) }, text: { start: figures(errors.text.start), end: figures(errors.text.end) } };
    const goal = (f) => ({ start: f.start.median <= 20 && f.start.within50 >= 90, end: f.end.median <= 30 && f.end.within50 >= 85 });
    const met = goal(all.acoustic);
    return saveResult('alignment', {
      title: 'Reference alignment (acoustic and text)',
      setup: `Truth: ${TEXT.length} words synthesized one by one with espeak-ng in ${VOICES.length} voices/rates (${VOICES.map(([v, r]) => `${v} ${r} wpm`).join(', ')}), ` +
        `joined with pauses of ${PAUSES.join('/')} ms in turn over a noise floor (peak 30 of 32767); a word's truth is its first and last sample louder than 100. ` +
        'The text and voices were not used while tuning the aligner\'s settings. Acoustic: `alignAcoustic` (one `pocketsphinx_batch` grammar search). ' +
        'Text: `alignText` on the embedded recognizer\'s words (`createPocketSphinxEngine({ processes: 1 })`); only words it placed are counted. ' +
        'Anchors for comparison: Montreal Forced Aligner reports about 20 ms mean boundary error on read English, whisperX about 50 ms.',
      table: { columns: ['speech', 'words', 'acoustic placed', 'acoustic starts', 'acoustic ends', 'text placed', 'text starts', 'text ends'], rows },
      tables: [{
        title: 'LibriVox readings (pocketsphinx-testdata) with their transcription',
        columns: ['reading', 'reference words', 'placed by acoustic', 'placed by text', 'median |acoustic − text| start'],
        rows: libriRows,
      }],
      targets: [
        { name: 'acoustic starts: median ≤ 20 ms, ≥ 90 % within 50 ms', target: '≤ 20 ms, ≥ 90 %', value: show(all.acoustic.start), met: met.start },
        { name: 'acoustic ends: median ≤ 30 ms, ≥ 85 % within 50 ms', target: '≤ 30 ms, ≥ 85 %', value: show(all.acoustic.end), met: met.end },
        { name: 'text alignment starts (embedded recognizer\'s markers)', target: '–', value: show(all.text.start) },
        { name: 'text alignment ends', target: '–', value: show(all.text.end) },
        { name: 'LibriVox reference words labelled (acoustic / text)', target: '–', value: `${placed.acoustic} / ${placed.text} of ${placed.words}` },
        { name: 'acoustic alignment wall time per audio second, against recognition alone', target: '–', value: `${(wall.acoustic / wall.audioS).toFixed(3)} s vs ${(wall.recognition / wall.audioS).toFixed(3)} s (ratio ${(wall.acoustic / wall.recognition).toFixed(2)})` },
        { name: 'text alignment of a 3-hour, 30,000-word reference', target: 'seconds, linear memory', value: `${scale.seconds.toFixed(2)} s for ${scale.audioHours.toFixed(1)} h, ${scale.words} words; peak ${scale.peakCells} cells, heap +${scale.heapMiB.toFixed(0)} MiB`, met: scale.seconds < 10 },
      ],
      notes: ['Timings on a shared machine: read the ratio, not the seconds.'],
      commands: ['`node bench/run.mjs --only alignment --no-build`'],
    });
  } finally {
    await engine.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await alignment();

/**
 * Part — reference alignment (issues 19, 27): how close acoustic alignment (src/align/acoustic, the
 * grammar search the embedded engine runs directly when a recording has a reference) puts word
 * boundaries to the truth, on real and synthetic voices, whether words that were never spoken get
 * a span, whether wrong texts are told apart, and what it costs against recognition.
 * Real voices: recordings joined from the isolated spoken digits of the shared real-speech set
 * (bench/real-voices.mjs: three speakers, US, Belgian French and Greek accents), exact truth.
 * Synthetic: words synthesized one by one with espeak-ng and joined with known pauses over a faint
 * noise floor (test/helpers/spoken-words.mjs), five voices and rates.
 * Real read speech without timing truth: the five LibriVox readings of pocketsphinx-testdata and the
 * real-speech set's sentences (how many reference words are placed).
 * Never spoken: the same recordings aligned again with three words put into their texts that were
 * never said. CPU: the recognizer processes' CPU seconds (this process's children) per audio second,
 * alignment against recognition, same recordings.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { importDist, median, OUT, saveResult } from './lib.mjs';
import { realSentences, realVoiceSets } from './real-voices.mjs';
import { writeSpokenWords } from '../test/helpers/spoken-words.mjs';
import { confidenceSet } from './confidence-data.mjs';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
/** Held apart from the tuning (a different text, other voices and rates, other pauses). */
const TEXT = `when the morning train arrived at the little station the doctor stepped down with his heavy bag
and looked around for the carriage that should have been waiting a boy of perhaps twelve ran up and offered
to carry the bag to the inn for a penny the doctor agreed and they walked together along the muddy road
past the church and the baker and a row of cottages whose gardens were full of late roses`.split(/\s+/);
const VOICES = [['en-us+m3', 150], ['en-gb-scotland', 165], ['en-029', 140], ['en-us+f2', 185], ['en-gb', 200]];
const PAUSES = [30, 0, 90, 15, 180, 60, 0, 350, 45];

const pct = (n, d) => (d === 0 ? 0 : (100 * n) / d);
function figures(errors) {
  const abs = errors.map(Math.abs);
  return {
    median: median(abs),
    within20: pct(abs.filter((e) => e <= 20).length, abs.length),
    within50: pct(abs.filter((e) => e <= 50).length, abs.length),
    n: abs.length,
  };
}
const show = (f) => `median ${f.median.toFixed(1)} ms, ${f.within20.toFixed(1)} % ≤ 20 ms, ${f.within50.toFixed(1)} % ≤ 50 ms`;

async function truthSets(dir) {
  const sets = [];
  for (const [voice, rate] of VOICES) {
    const path = join(dir, `${voice}-${rate}.wav`);
    const meta = `${path}.json`;
    if (!existsSync(meta))
      await writeFile(meta, JSON.stringify(await writeSpokenWords(path, TEXT, { voice, rate, pausesMs: PAUSES, seed: rate })));
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



/** CPU seconds of this process's children: those still running (/proc) and those waited for (cutime + cstime). */
async function childrenCpuS() {
  const tick = 100;
  const fields = (text) => text.slice(text.lastIndexOf(')') + 2).split(' ');
  const self = fields(readFileSync('/proc/self/stat', 'utf8'));
  let total = (Number(self[13]) + Number(self[14])) / tick;
  for (const pid of (await readdir('/proc')).filter((d) => /^\d+$/.test(d))) {
    try {
      const f = fields(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (Number(f[1]) === process.pid) total += (Number(f[11]) + Number(f[12])) / tick;
    } catch { /* gone */ }
  }
  return total;
}

/** Never-spoken words put into a text (at positions 5, 12, 20 of the spoken words). */
const UNSPOKEN = new Map([[5, 'hundred'], [12, 'seventy'], [20, 'thousand']]);

/** Per spoken word of `truth` its span (or null), and how many of the inserted never-spoken words got one. */
function withUnspoken(words) {
  const text = [];
  const spokenAt = [];
  words.forEach((w, i) => {
    if (UNSPOKEN.has(i)) { text.push([UNSPOKEN.get(i)]); spokenAt.push(-1); }
    text.push(w);
    spokenAt.push(i);
  });
  return { text, spokenAt };
}

/** A text's fit: aligned minus phone-loop score per frame / share of its words found / share found fitting well. */
const showFit = (fit) => `${fit.scorePerFrame === null ? '–' : fit.scorePerFrame.toFixed(0)} / ${(100 * fit.placedShare).toFixed(0)} % / ${(100 * fit.wellFitShare).toFixed(0)} %`;

const overlap = (a, b) => Math.max(0, Math.min(a.endMs, b.endMs) - Math.max(a.startMs, b.startMs));

/** Placed, on another word's audio, start and end errors of spans against truth. */
function score(spans, truth) {
  const start = [];
  const end = [];
  let placed = 0;
  let misplaced = 0;
  spans.forEach((span, i) => {
    if (span === null) return;
    placed++;
    const own = overlap(span, truth[i]);
    if (truth.some((t, j) => j !== i && overlap(span, t) > own)) { misplaced++; return; }
    start.push(span.startMs - truth[i].startMs);
    end.push(span.endMs - truth[i].endMs);
  });
  return { placed, misplaced, start, end };
}

export default async function alignment() {
  const acoustic = await importDist('align/acoustic/index.js');
  const reference = await importDist('reference/index.js');
  const referenceStage = await importDist('pipeline/stages/align-reference.js');
  const engineModule = await importDist('service/engines/pocketsphinx.js');
  const audio = await importDist('audio/index.js');
  const dir = join(OUT, 'alignment');
  await mkdir(dir, { recursive: true });
  const ffmpeg = await audio.resolveFfmpeg();
  const { execFile } = await import('node:child_process');
  const toWork = (from, to) => new Promise((resolve, reject) => execFile(ffmpeg, ['-v', 'error', '-y', '-i', from, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', '-map_metadata', '-1', '-fflags', '+bitexact', to], (e) => (e ? reject(e) : resolve())));
  const spoken = (words) => words.map((w) => reference.spokenForm(w));
  const real = await realVoiceSets(dir, ffmpeg);
  const synthetic = (await truthSets(dir)).map((s) => ({ ...s, id: `${s.voice}, ${s.rate} wpm` }));
  const readings = await librivox(dir, toWork);
  const sentences = await Promise.all((await realSentences()).map(async (s) => {
    const path = join(dir, `${s.id}.wav`);
    if (!existsSync(path)) await toWork(s.source, path);
    return { id: s.id, path, words: s.text.split(/\s+/).filter((w) => reference.spokenForm(w).length > 0) };
  }));
  const cpu = { align: 0, recognize: 0, audioS: 0 };
  const align = async (path, words) => {
    const c0 = await childrenCpuS();
    const result = await acoustic.alignAcoustic({ wavPath: path, words, tempDir: dir });
    cpu.align += (await childrenCpuS()) - c0;
    return result;
  };
  const rows = [];
  const groups = new Map();
  const add = (group, r) => {
    const g = groups.get(group) ?? { words: 0, placed: 0, misplaced: 0, start: [], end: [], unspoken: 0, unspokenSpans: 0 };
    for (const k of ['words', 'placed', 'misplaced', 'unspoken', 'unspokenSpans']) g[k] += r[k];
    g.start.push(...r.start);
    g.end.push(...r.end);
    groups.set(group, g);
  };
  const rightFits = { real: [], synthetic: [] };
  for (const [group, sets] of [['real', real], ['synthetic', synthetic]]) {
    for (const set of sets) {
      const words = spoken(set.words.map((w) => w.word));
      const found = await align(set.path, words);
      rightFits[group].push({ fit: found.fit, refused: referenceStage.acousticMismatch(found.fit) });
      cpu.audioS += set.durationMs / 1000;
      const r = score(found.words, set.words);
      const planted = withUnspoken(words);
      const again = await align(set.path, planted.text);
      const unspokenSpans = again.words.filter((span, k) => span !== null && planted.spokenAt[k] === -1).length;
      const row = { words: words.length, ...r, unspoken: UNSPOKEN.size, unspokenSpans };
      add(group === 'real' ? `real: ${set.speaker}` : `synthetic: ${set.voice}`, row);
      add(group, row);
    }
  }
  // The CPU of the real and synthetic sets' alignments alone (the texts below are aligned too, on other audio).
  const alignCpuS = cpu.align;
  for (const [name, g] of groups) {
    if (name === 'real' || name === 'synthetic') continue;
    rows.push([name, g.words, `${g.placed} (${pct(g.placed, g.words).toFixed(1)} %)`, g.misplaced, `${g.unspokenSpans} of ${g.unspoken}`, show(figures(g.start)), show(figures(g.end))]);
  }
  // Right and wrong texts: the fit the pipeline decides a mismatch from.
  const textRows = [];
  const allReadings = [...readings.map((r) => ({ ...r, words: r.words })), ...sentences];
  let refusedRight = 0;
  let refusedWrong = 0;
  let placedReading = 0;
  let wordsReading = 0;
  for (const [i, r] of allReadings.entries()) {
    const right = await align(r.path, spoken(r.words));
    const other = allReadings[(i + 2) % allReadings.length];
    const wrong = await align(r.path, spoken(other.words));
    const digits = await align(r.path, spoken(real[0].words.map((w) => w.word)));
    const placedRight = right.words.filter((s) => s !== null).length;
    placedReading += placedRight;
    wordsReading += r.words.length;
    const mismatch = [right, wrong, digits].map((x) => referenceStage.acousticMismatch(x.fit));
    refusedRight += mismatch[0] ? 1 : 0;
    refusedWrong += (mismatch[1] ? 1 : 0) + (mismatch[2] ? 1 : 0);
    const fit = (x) => showFit(x.fit);
    textRows.push([r.id, r.words.length, placedRight, fit(right), `${fit(wrong)}${mismatch[1] ? ' refused' : ''}`, `${fit(digits)}${mismatch[2] ? ' refused' : ''}`]);
  }
  // Texts mostly right: the confidence set's recordings with their planted faults (a heading never said, words substituted or replaced
  // by noise, a sentence said but missing, a stutter), each with its own reference.
  const faultyRows = [];
  let refusedFaulty = 0;
  const faulty = await confidenceSet(join(dir, 'faulty'));
  for (const r of faulty) {
    const text = (await readFile(join(dir, 'faulty', 'ref', `${r.name}.txt`), 'utf8')).trim().split(/\s+/);
    const found = await align(r.wav, spoken(text).filter((t) => t.length > 0));
    const refused = referenceStage.acousticMismatch(found.fit);
    refusedFaulty += refused ? 1 : 0;
    faultyRows.push([r.name, r.faults, `${showFit(found.fit)}${refused ? ' refused' : ''}`]);
  }
  const range = (fits) => {
    const v = fits.map((f) => f.fit.scorePerFrame).filter((x) => x !== null);
    const w = fits.map((f) => 100 * f.fit.wellFitShare);
    return `${Math.min(...v).toFixed(0)} to ${Math.max(...v).toFixed(0)} a frame, ${Math.min(...w).toFixed(0)}–${Math.max(...w).toFixed(0)} % fitting well`;
  };
  // Recognition alone on the same recordings (the embedded engine, one process).
  const engine = engineModule.createPocketSphinxEngine({ processes: 1 });
  let recognizedS = 0;
  try {
    await engine.recognize(real[0].path, { durationMs: real[0].durationMs }); // loads the model
    for (const set of [...real, ...synthetic]) {
      const c0 = await childrenCpuS();
      await engine.recognize(set.path, { durationMs: set.durationMs });
      cpu.recognize += (await childrenCpuS()) - c0;
      recognizedS += set.durationMs / 1000;
    }
  } finally {
    await engine.close();
  }
  // align ran twice per recording (with and without planted words)
  const perS = { align: alignCpuS / cpu.audioS / 2, recognize: cpu.recognize / recognizedS };
  const g = (name) => groups.get(name);
  const goalPlaced = (x) => pct(x.placed - x.misplaced, x.words) >= 99 && x.misplaced === 0;
  const edges = (x, startShare, endShare) => {
    const s = figures(x.start);
    const e = figures(x.end);
    return s.median <= 20 && s.within50 >= startShare && e.median <= 30 && e.within50 >= endShare;
  };
  const summary = (x) => `${x.placed - x.misplaced} of ${x.words} on their own audio (${pct(x.placed - x.misplaced, x.words).toFixed(1)} %), ${x.misplaced} on another word's`;
  return saveResult('alignment', {
    title: 'Reference alignment (acoustic)',
    setup:
      `Real voices: ${real.length} recordings joined from the real-speech set's spoken digits (${[...new Set(real.map((r) => r.speaker))].join(', ')}; 25 digits each, 8 kHz takes resampled to 16 kHz, ` +
      "pauses 0–300 ms over a faint noise floor; a take's truth is its first and last sample louder than twice its speaker's noise floor). " +
      `Synthetic: ${TEXT.length} words synthesized one by one with espeak-ng in ${VOICES.length} voices/rates (${VOICES.map(([v, r]) => `${v} ${r} wpm`).join(', ')}), ` +
      `joined with pauses of ${PAUSES.join('/')} ms in turn over a noise floor (peak 30 of 32767); truth: first and last sample louder than 100. ` +
      '`alignAcoustic` with the whole text and no anchors, as a run on the embedded engine does with a reference (no recognition). ' +
      `Never spoken: each recording aligned again with ${[...UNSPOKEN.values()].join(', ')} put into its text. A word is on another word's audio when its span overlaps another word's truth more than its own; edge errors are over the words on their own audio. ` +
      'Anchors for comparison: Montreal Forced Aligner reports about 20 ms mean boundary error on read English, whisperX about 50 ms.',
    table: { columns: ['voices', 'words', 'placed', "on another word's audio", 'never-spoken words given a span', 'starts', 'ends'], rows },
    tables: [
      {
        title:
          "Read speech with its text (LibriVox readings of pocketsphinx-testdata; the real-speech set's sentences): words placed; fit = aligned minus phone-loop score per frame / share of words found / share found scoring at least -35 a frame, for the right text, another reading's text and 25 digits",
        columns: ['reading', 'reference words', 'placed', 'fit, right text', 'fit, other text', 'fit, digits'],
        rows: textRows,
      },
      {
        title:
          'Texts mostly right: the confidence benchmark\'s recordings (bench/confidence-data.mjs) with their planted faults, each aligned with its own reference; fit as above',
        columns: ['recording', 'faults', 'fit'],
        rows: faultyRows,
      },
    ],
    targets: [
      {
        name: "real voices: ≥ 99 % of spoken words placed, none on another word's audio",
        target: '≥ 99 %, 0',
        value: summary(g('real')),
        met: goalPlaced(g('real')),
      },
      {
        name: "synthetic voices: ≥ 99 % of spoken words placed, none on another word's audio",
        target: '≥ 99 %, 0',
        value: summary(g('synthetic')),
        met: goalPlaced(g('synthetic')),
      },
      {
        name: 'real voices: starts median ≤ 20 ms, ≥ 85 % within 50 ms; ends median ≤ 30 ms, ≥ 80 % within 50 ms',
        target: '≤ 20 / 85 %, ≤ 30 / 80 %',
        value: `starts ${show(figures(g('real').start))}; ends ${show(figures(g('real').end))}`,
        met: edges(g('real'), 85, 80),
      },
      {
        name: 'synthetic voices: starts and ends ≥ 94 % within 50 ms (medians ≤ 20 / 30 ms)',
        target: '≥ 94 %',
        value: `starts ${show(figures(g('synthetic').start))}; ends ${show(figures(g('synthetic').end))}`,
        met: edges(g('synthetic'), 94, 94),
      },
      {
        name: 'never-spoken words given a span (real + synthetic)',
        target: '0',
        value: `${g('real').unspokenSpans + g('synthetic').unspokenSpans} of ${g('real').unspoken + g('synthetic').unspoken}`,
        met: g('real').unspokenSpans + g('synthetic').unspokenSpans === 0,
      },
      {
        name: 'right texts refused: real voices, synthetic voices (each recording with its own text)',
        target: '0',
        value: `${rightFits.real.filter((f) => f.refused).length} of ${rightFits.real.length} (${range(rightFits.real)}), ` +
          `${rightFits.synthetic.filter((f) => f.refused).length} of ${rightFits.synthetic.length} (${range(rightFits.synthetic)})`,
        met: [...rightFits.real, ...rightFits.synthetic].every((f) => !f.refused),
      },
      {
        name: 'texts mostly right (planted faults) refused',
        target: '0',
        value: `${refusedFaulty} of ${faulty.length}`,
        met: refusedFaulty === 0,
      },
      {
        name: 'read speech: right texts refused / wrong texts refused',
        target: `0 / ${2 * allReadings.length}`,
        value: `${refusedRight} / ${refusedWrong} of ${2 * allReadings.length}`,
        met: refusedRight === 0 && refusedWrong === 2 * allReadings.length,
      },
      { name: 'read speech: reference words placed', target: '–', value: `${placedReading} of ${wordsReading}` },
      {
        name: 'CPU per audio second: alignment (grammar search + phone loop) ÷ recognition',
        target: '≤ 1/3',
        value: `${perS.align.toFixed(3)} s vs ${perS.recognize.toFixed(3)} s (ratio ${(perS.align / perS.recognize).toFixed(2)})`,
        met: perS.align / perS.recognize <= 1 / 3,
      },
    ],
    notes: [
      "A reference run on the embedded engine does not recognize: its CPU per audio second is the alignment's (plus decoding the input), against recognition's for a run without references.",
      "CPU is the recognizer processes' user + system time (this process's children), so machine load does not inflate it the way it does wall time.",
    ],
    commands: ['`node bench/run.mjs --only alignment --no-build`'],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await alignment();

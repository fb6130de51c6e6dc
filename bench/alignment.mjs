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
 * alignment against recognition, same recordings. The recordings are alignment-sets.mjs's, the
 * scoring alignment-score.mjs's, the result alignment-report.mjs's.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { alignmentReport } from './alignment-report.mjs';
import { score, showFit } from './alignment-score.mjs';
import { librivox, truthSets, UNSPOKEN, withUnspoken } from './alignment-sets.mjs';
import { childrenCpuS } from './children-cpu.mjs';
import { confidenceSet } from './confidence-data.mjs';
import { importDist, OUT, saveResult, workAudio } from './lib.mjs';
import { realSentences, realVoiceSets } from './real-voices.mjs';

export default async function alignment() {
  const acoustic = await importDist('align/acoustic/index.js');
  const reference = await importDist('reference/index.js');
  const referenceStage = await importDist('pipeline/stages/align-reference.js');
  const engineModule = await importDist('service/engines/pocketsphinx.js');
  const audio = await importDist('audio/index.js');
  const dir = join(OUT, 'alignment');
  await mkdir(dir, { recursive: true });
  const ffmpeg = await audio.resolveFfmpeg();
  const toWork = workAudio(ffmpeg);
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
  return saveResult('alignment', alignmentReport({
    real, groups, rightFits, textRows, faultyRows, refusedFaulty, faulty: faulty.length, readings: allReadings.length,
    refusedRight, refusedWrong, placedReading, wordsReading, perS,
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) await alignment();

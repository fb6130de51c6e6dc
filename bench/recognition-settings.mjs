/**
 * For the recognition part: PocketSphinx's own speed/accuracy settings. Each setting runs through
 * the engine itself (createPocketSphinxEngine({ processes: 1, settings }), dist/) over two sets:
 * - tuning set (the setting is chosen here): the five `cards` utterances of pocketsphinx-testdata
 *   and short sentences synthesized with espeak-ng in three voices;
 * - held-apart set (only reported): the five LibriVox readings of pocketsphinx-testdata (the demo's
 *   real speech), never looked at when choosing.
 * Speed: CPU seconds of the recognizer process per second of audio and wall seconds per second of
 * audio, after a warm-up decode (the model load is not counted); the settings take turns file by
 * file so a change of load on the shared machine hits them alike.
 * Rule fixed before measuring: the fastest setting (tuning CPU RTF) whose tuning WER is at most
 * 2 points above the default's. BENCH_SMALL=1: three settings and fewer sentences.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freshDir, importDist, OUT } from './lib.mjs';
import { LIBRIVOX } from './recognition-run.mjs';

const run = promisify(execFile);
const SMALL = process.env.BENCH_SMALL === '1';
const CARDS = '/usr/share/pocketsphinx/test/data/cards';
const TICK_S = 0.01; // /proc/<pid>/stat counts CPU time in clock ticks (100 per second on Linux)

/** Settings tried, each on top of the engine's defaults (the recognizer's own); `options` when the engine has an option for it. */
export const SETTINGS = [
  { name: 'defaults', settings: [] },
  { name: 'GMM scores every 2nd frame', settings: ['-ds', '2'] },
  { name: 'top 2 Gaussians', settings: ['-topn', '2'] },
  { name: 'at most 3,000 HMMs per frame', settings: ['-maxhmmpf', '3000'], options: { maxActiveHmms: 3000 } },
  { name: 'narrower beams', settings: ['-beam', '1e-30', '-pbeam', '1e-30', '-wbeam', '1e-20'] },
  { name: 'phone lookahead window 10', settings: ['-pl_window', '10'] },
  { name: 'no flat-lexicon 2nd pass', settings: ['-fwdflat', 'no'] },
  { name: 'no 2nd or 3rd pass', settings: ['-fwdflat', 'no', '-bestpath', 'no'] },
  { name: 'every 2nd frame, top 2, lookahead 10', settings: ['-ds', '2', '-topn', '2', '-pl_window', '10'] },
];
const SMALL_SETTINGS = ['defaults', 'GMM scores every 2nd frame', 'no 2nd or 3rd pass'];

/** Sentences of our own for espeak-ng (everyday words the en-us language model knows). */
const SENTENCES = [
  'the children walked to school in the morning rain',
  'please send me the report before the meeting on friday',
  'we bought fresh bread and milk at the small shop',
  'the train was late again so i took a taxi home',
  'she opened the window and listened to the birds',
  'my brother works in a hospital near the river',
  'they talked about the new house for a long time',
  'he forgot his keys on the kitchen table',
];
const VOICES = ['en-us', 'en', 'en-us+f3'];

async function toWork(input, output) {
  await run('sox', [input, '-r', '16000', '-c', '1', '-b', '16', output]);
  return output;
}

async function seconds(file) {
  return Number((await run('soxi', ['-D', file])).stdout);
}

/** The tuning set: cards utterances and espeak-ng sentences, each { file, reference, seconds }. */
async function tuningSet(dir) {
  const items = [];
  const cards = new Map((await readFile(join(CARDS, 'cards.transcription'), 'utf8')).trim().split('\n').map((line) => {
    const m = /^<s>(.*)<\/s>\s*\((\S+)\)$/.exec(line.trim());
    return [m[2], m[1].trim()];
  }));
  for (const [id, reference] of cards) items.push({ file: await toWork(join(CARDS, `${id}.wav`), join(dir, `cards-${id}.wav`)), reference });
  const sentences = SMALL ? SENTENCES.slice(0, 3) : SENTENCES;
  for (const [v, voice] of VOICES.entries()) {
    for (const [i, text] of sentences.entries()) {
      const raw = join(dir, `espeak-${v}-${i}.raw.wav`);
      await run('espeak-ng', ['-v', voice, '-s', '150', '-w', raw, text]);
      items.push({ file: await toWork(raw, join(dir, `espeak-${v}-${i}.wav`)), reference: text });
    }
  }
  for (const item of items) item.seconds = await seconds(item.file);
  return items;
}

/** The held-apart set: the LibriVox readings with the package's reference transcripts. */
async function heldApartSet(dir, wer) {
  const references = wer.parseTranscription(await readFile(join(LIBRIVOX, 'transcription'), 'utf8'));
  const items = [];
  for (const [id, reference] of references) {
    const file = await toWork(join(LIBRIVOX, `${id}.wav`), join(dir, `${id}.wav`));
    items.push({ file, reference, seconds: await seconds(file) });
  }
  return items;
}

async function cpuTicks(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /, '').split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the line)
}

/**
 * Decode `items` with every engine, file by file and engine by engine in turn (so a change of load
 * on the machine hits every setting alike): per engine WER, CPU RTF and wall RTF.
 */
async function measure(engines, items, wer) {
  const ticks0 = await Promise.all(engines.map((e) => cpuTicks(e.pool.processes[0].pid)));
  const wall = engines.map(() => 0);
  const pairs = engines.map(() => []);
  for (const item of items) {
    for (const [i, engine] of engines.entries()) {
      const t0 = performance.now();
      const r = await engine.recognize(item.file, { durationMs: item.seconds * 1000 });
      wall[i] += (performance.now() - t0) / 1000;
      pairs[i].push({ reference: item.reference, hypothesis: r.words.map((w) => w.word).join(' ') });
    }
  }
  const audioS = items.reduce((sum, item) => sum + item.seconds, 0);
  return Promise.all(engines.map(async (engine, i) => {
    const cpuS = ((await cpuTicks(engine.pool.processes[0].pid)) - ticks0[i]) * TICK_S;
    const total = wer.wordErrorRate(pairs[i]);
    return { wer: total.rate * 100, words: total.referenceWords, cpuRtf: cpuS / audioS, wallRtf: wall[i] / audioS, audioS };
  }));
}

export async function settingsTradeOff() {
  const modules = await importDist('service/engines/pocketsphinx.js');
  const wer = await importDist('accuracy/wer.js');
  const dir = await freshDir(join(OUT, 'recognition-settings'));
  const tuning = await tuningSet(dir);
  const held = await heldApartSet(dir, wer);
  const tried = SMALL ? SETTINGS.filter((s) => SMALL_SETTINGS.includes(s.name)) : SETTINGS;
  // One recognizer process per setting, all alive at once; a warm-up decode loads each model.
  const engines = tried.map((setting) =>
    modules.createPocketSphinxEngine({ processes: 1, ...(setting.options ?? { settings: setting.settings }) }),
  );
  let results;
  try {
    for (const engine of engines) await engine.recognize(tuning[0].file, { durationMs: tuning[0].seconds * 1000 });
    const t = await measure(engines, tuning, wer);
    const h = await measure(engines, held, wer);
    results = tried.map((setting, i) => ({ ...setting, tuning: t[i], held: h[i] }));
  } finally {
    await Promise.all(engines.map((e) => e.close()));
  }
  for (const r of results) {
    console.log(`  ${r.name}: tuning WER ${r.tuning.wer.toFixed(1)} % CPU RTF ${r.tuning.cpuRtf.toFixed(3)}; held-apart WER ${r.held.wer.toFixed(1)} % CPU RTF ${r.held.cpuRtf.toFixed(3)}`);
  }
  const base = results[0];
  const eligible = results.filter((r) => r.tuning.wer <= base.tuning.wer + 2);
  const chosen = eligible.reduce((best, r) => (r.tuning.cpuRtf < best.tuning.cpuRtf ? r : best), base);
  const pct = (x) => `${x.toFixed(1)} %`;
  const rows = results.map((r) => [
    r.name + (r === chosen ? ' (chosen)' : ''), r.settings.length === 0 ? '–' : `\`${r.settings.join(' ')}\``,
    pct(r.tuning.wer), r.tuning.cpuRtf.toFixed(3), pct(r.held.wer), r.held.cpuRtf.toFixed(3), r.held.wallRtf.toFixed(3),
    `${(r.held.cpuRtf / base.held.cpuRtf).toFixed(2)}×`,
  ]);
  return {
    results,
    chosen,
    base,
    table: {
      title: 'PocketSphinx settings: speed vs accuracy',
      columns: [
        'setting',
        'recognizer arguments',
        'tuning WER',
        'tuning CPU s per audio s',
        'held-apart WER',
        'held-apart CPU s per audio s',
        'held-apart wall s per audio s',
        'held-apart CPU vs defaults',
      ],
      rows,
    },
    setup:
      `Settings: each on top of the engine's defaults, run through \`createPocketSphinxEngine({ processes: 1, settings })\` (one recognizer process, ` +
      'a warm-up decode first so the model load is not counted; the settings take turns file by file, so a change of load hits them alike). Tuning set, where the setting is chosen: the five `cards` utterances of ' +
      `pocketsphinx-testdata (${CARDS}) and ${tuning.length - 5} espeak-ng sentences of our own (${VOICES.join(', ')} voices), ` +
      `${tuning.reduce((s, i) => s + i.seconds, 0).toFixed(0)} s, ${base.tuning.words} words. Held-apart set, only reported: the five LibriVox readings ` +
      `(${held.reduce((s, i) => s + i.seconds, 0).toFixed(0)} s, ${base.held.words} words, the demo's real speech). Rule fixed beforehand: the fastest ` +
      "setting by tuning-set CPU time whose tuning WER is at most 2 points above the defaults'. CPU s per audio s is the recognizer process's " +
      'user + system time (/proc/<pid>/stat) over the audio duration.' +
      (SMALL ? ' Reduced (BENCH_SMALL=1): three settings, fewer sentences.' : ''),
  };
}

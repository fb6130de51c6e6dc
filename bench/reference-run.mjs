/**
 * Two whole `dictclip run`s over the same recordings on the embedded default, side by side: one
 * without references (every second recognized) and one with `--transcripts` (each recording's text
 * aligned to its audio, no recognition). Recordings: the real-speech set's joined digits and read
 * sentences, and the LibriVox readings of pocketsphinx-testdata, each with its reference text.
 * Measured: CPU (user + system of the run's process tree) and wall time per audio second, in
 * alternating runs, and the reference words the run with references placed. Beside them, the
 * same recordings dictated first by a service (the embedded one started apart) and given their
 * texts afterwards (`--base-url --align acoustic`): that re-run must place every word as the
 * direct run does.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { distPath, freshDir, importDist, median, OUT, saveResult, timed } from './lib.mjs';
import { startEmbedded } from './polling.mjs';
import { realSentences, realVoiceSets } from './real-voices.mjs';

const exec = promisify(execFile);
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const RUNS = 2;
/** A reference run's CPU per audio second against a plain run's (issue: at most a third). */
const GOAL = 1 / 3;

/** The recordings and their texts, written into `dir/in` and `dir/refs`. */
async function gather(dir) {
  const input = join(dir, 'in');
  const refs = join(dir, 'refs');
  await mkdir(input, { recursive: true });
  await mkdir(refs, { recursive: true });
  const voices = await realVoiceSets(await freshDir(join(dir, 'voices')));
  for (const set of voices) {
    await copyFile(set.path, join(input, `${set.id}.wav`));
    await writeFile(join(refs, `${set.id}.wav.txt`), `${set.words.map((w) => w.word).join(' ')}\n`);
  }
  for (const s of await realSentences()) {
    const name = s.source.split('/').at(-1);
    await copyFile(s.source, join(input, name));
    await writeFile(join(refs, `${name}.txt`), `${s.text}\n`);
  }
  if (existsSync(LIBRIVOX)) {
    const texts = new Map();
    for (const line of (await readFile(join(LIBRIVOX, 'transcription'), 'utf8')).split('\n')) {
      const match = /^(.*)\(([^()]+)\)\s*$/.exec(line.trim());
      if (match !== null) texts.set(match[2].trim(), match[1].replace(/<\/?s>/g, ' ').trim().replace(/\s+/g, ' '));
    }
    for (const name of (await readdir(LIBRIVOX)).filter((n) => n.endsWith('.wav')).sort()) {
      const text = texts.get(name.replace(/\.wav$/, ''));
      if (text === undefined) continue;
      await copyFile(join(LIBRIVOX, name), join(input, name));
      await writeFile(join(refs, `${name}.txt`), `${text}\n`);
    }
  }
  return { input, refs, voices: voices.length };
}

/** Seconds of audio in the files of `dir` (ffprobe). */
async function audioSeconds(dir) {
  let total = 0;
  for (const name of await readdir(dir)) {
    const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', join(dir, name)]);
    total += Number(stdout.trim());
  }
  return total;
}

/** A finished run's recordings done and failed, and its reference words placed (summary.json). */
async function outcome(out) {
  const summary = JSON.parse(await readFile(join(out, 'summary.json'), 'utf8'));
  const sum = (key) => (summary.confidence ?? []).reduce((n, r) => n + r[key], 0);
  return { done: summary.done, failed: summary.failed, placed: sum('placed'), words: sum('words') };
}

/**
 * The recordings of `input` dictated by a service (the embedded one, PocketSphinx, started apart on
 * port 0) into `dir/out-dictated`, then run again with the texts of `refs` aligned acoustically; the
 * timing of that second run (the service's recognition is not in it).
 */
async function dictatedFirst(dir, input, refs, cli) {
  const data = join(dir, 'service');
  await rm(data, { recursive: true, force: true });
  const audio = await importDist('audio/index.js');
  const { service, credentials } = await startEmbedded(data, undefined, { engine: 'pocketsphinx', ffmpegPath: await audio.resolveFfmpeg() });
  try {
    const env = { DICTCLIP_USERNAME: credentials.username, DICTCLIP_PASSWORD: credentials.password };
    const base = [cli, 'run', input, '--out', join(dir, 'out-dictated'), '--base-url', service.url, '--align', 'acoustic'];
    await timed(process.execPath, base, { env });
    return await timed(process.execPath, [...base, '--transcripts', refs], { env });
  } finally {
    await service.close();
  }
}

/** Reference words in the alignments of `out` with the same placement, start and end as in `direct`'s, and all of them. */
async function sameWords(out, direct) {
  let same = 0;
  let words = 0;
  for (const name of await readdir(join(direct, 'alignments'))) {
    const mine = existsSync(join(out, 'alignments', name)) ? JSON.parse(await readFile(join(out, 'alignments', name), 'utf8')).words : [];
    const theirs = JSON.parse(await readFile(join(direct, 'alignments', name), 'utf8')).words;
    words += theirs.length;
    same += theirs.filter((w, i) => mine[i] !== undefined && ['placement', 'startMs', 'endMs'].every((key) => mine[i][key] === w[key])).length;
  }
  return { same, words };
}

export default async function referenceRun() {
  const dir = join(OUT, 'reference-run');
  await freshDir(dir);
  const { input, refs, voices } = await gather(dir);
  const cli = distPath('cli/index.js');
  const plain = [];
  const withRefs = [];
  let last;
  for (let k = 0; k < RUNS; k++) {
    // Alternate which goes first, so a change in machine load falls on both alike.
    for (const mode of k % 2 === 0 ? ['plain', 'refs'] : ['refs', 'plain']) {
      const out = join(dir, `out-${mode}-${k}`);
      const args = [cli, 'run', input, '--out', out, ...(mode === 'refs' ? ['--transcripts', refs] : [])];
      const t = await timed(process.execPath, args);
      (mode === 'plain' ? plain : withRefs).push(t);
      if (mode === 'refs') last = await outcome(out);
    }
  }
  const plainOut = await outcome(join(dir, 'out-plain-0'));
  const later = await dictatedFirst(dir, input, refs, cli);
  const laterOut = await outcome(join(dir, 'out-dictated'));
  const agree = await sameWords(join(dir, 'out-dictated'), join(dir, 'out-refs-0'));
  const audioS = await audioSeconds(input);
  const cpu = { plain: median(plain.map((t) => t.cpuS)) / audioS, refs: median(withRefs.map((t) => t.cpuS)) / audioS };
  const wall = { plain: median(plain.map((t) => t.wallS)), refs: median(withRefs.map((t) => t.wallS)) };
  const ratio = cpu.refs / cpu.plain;
  await saveResult('reference-run', {
    title: 'Reference run against a plain run (embedded default)',
    setup:
      `The same ${Math.round(audioS)} s of real speech (${voices} recordings joined from the real-speech set's digits, its read sentences, ` +
      "the LibriVox readings of pocketsphinx-testdata), run twice each way in alternation with `dictclip run` on the embedded default: " +
      'without references, and with `--transcripts` (each recording\'s text). CPU is the run\'s process tree (user + system), so load inflates it less than wall time. ' +
      'Then once more as a user of a service does it: dictated by the embedded service started apart (PocketSphinx), and run again with the texts ' +
      '(`--base-url --align acoustic`), whose words are compared with the run with references.',
    table: {
      columns: ['run', 'CPU per audio second', 'wall time (median)', 'recordings done / failed', 'words placed'],
      rows: [
        ['plain (recognition)', `${cpu.plain.toFixed(3)} s`, `${wall.plain.toFixed(1)} s`, `${plainOut.done} / ${plainOut.failed}`, `${plainOut.placed} recognized`],
        ['with references', `${cpu.refs.toFixed(3)} s`, `${wall.refs.toFixed(1)} s`, `${last.done} / ${last.failed}`, `${last.placed} of ${last.words} reference words`],
        ['dictated first by a service, texts added (`--base-url --align acoustic`; the re-run alone)', `${(later.cpuS / audioS).toFixed(3)} s`,
          `${later.wallS.toFixed(1)} s`, `${laterOut.done} / ${laterOut.failed}`,
          `${laterOut.placed} of ${laterOut.words} reference words, ${agree.same} of ${agree.words} as the run with references places them`],
      ],
    },
    targets: [
      { name: "a reference run's CPU per audio second ÷ a plain run's", target: '≤ 1/3', value: ratio.toFixed(2), met: ratio <= GOAL },
      { name: "a reference run's wall time ÷ a plain run's", target: '–', value: (wall.refs / wall.plain).toFixed(2) },
      {
        name: 'reference words a run dictated first places as the direct run does (placement, start, end)',
        target: 'all', value: `${agree.same} of ${agree.words}`, met: agree.same === agree.words,
      },
    ],
    commands: [
      '`node bench/run.mjs --only reference-run`',
      ...[plain[0], withRefs[0], later].map((t) => `\`${t.command}\``),
    ],
  });
}

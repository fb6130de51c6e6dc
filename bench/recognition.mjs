/**
 * Part 5 — embedded recognition: PocketSphinx real-time factor (wall ÷ audio duration) for one
 * job and for two concurrent jobs on the machine's cores, through createPocketSphinxEngine
 * (dist/service/engines/pocketsphinx.js). Audio: the LibriVox readings shipped with the
 * pocketsphinx package, concatenated (and repeated) with sox to about one minute.
 */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { commandLine, freshDir, importDist, OUT, saveResult } from './lib.mjs';

const run = promisify(execFile);
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';

export default async function recognition() {
  const mod = await importDist('service/engines/pocketsphinx.js');
  if (mod?.createPocketSphinxEngine === undefined) throw new Error('dist/service/engines/pocketsphinx.js not built');
  const work = await freshDir(join(OUT, 'recognition'));
  const parts = (await readdir(LIBRIVOX)).filter((n) => n.endsWith('.wav')).sort().map((n) => join(LIBRIVOX, n));
  const durations = await Promise.all(parts.map(async (p) => Number((await run('soxi', ['-D', p])).stdout)));
  const once = durations.reduce((a, b) => a + b, 0);
  const inputs = [];
  while (inputs.length === 0 || (inputs.length / parts.length) * once < 55) inputs.push(...parts);
  const wav = join(work, 'librivox-1min.wav');
  const soxArgs = [...inputs, '-r', '16000', '-c', '1', '-b', '16', wav];
  await run('sox', soxArgs);
  const durationS = Number((await run('soxi', ['-D', wav])).stdout);
  const engine = mod.createPocketSphinxEngine();
  await engine.check();
  const job = async () => {
    const t0 = performance.now();
    const r = await engine.recognize(wav, { durationMs: durationS * 1000 });
    return { s: (performance.now() - t0) / 1000, words: r.words.length };
  };
  const single = await job();
  const t0 = performance.now();
  const pair = await Promise.all([job(), job()]);
  const pairWall = (performance.now() - t0) / 1000;
  const rtf1 = single.s / durationS;
  const rtf2 = pairWall / durationS;
  console.log(`  ${durationS.toFixed(1)} s audio: one job ${single.s.toFixed(1)} s (RTF ${rtf1.toFixed(2)}), two concurrent ${pairWall.toFixed(1)} s (RTF per job ${rtf2.toFixed(2)}, throughput ${(2 / rtf2).toFixed(2)}× real time)`);
  return saveResult('recognition', {
    title: 'Embedded recognition (PocketSphinx)',
    setup: `${inputs.length} LibriVox WAVs from ${LIBRIVOX} concatenated with sox to ${durationS.toFixed(1)} s (16 kHz mono), recognized with ` +
      `\`createPocketSphinxEngine().recognize\` (dist/service/engines/pocketsphinx.js, one \`pocketsphinx_continuous\` process per job) on ${cpus().length} cores. ` +
      'RTF = wall ÷ audio duration (below 1 is faster than real time). No target in the issue: figures for capacity planning (jobConcurrency).',
    table: {
      columns: ['run', 'wall s', 'RTF per job', 'audio s per wall s', 'words'],
      rows: [
        ['one job', single.s.toFixed(1), rtf1.toFixed(2), (1 / rtf1).toFixed(2), String(single.words)],
        ['two concurrent jobs', pairWall.toFixed(1), rtf2.toFixed(2), (2 / rtf2).toFixed(2), pair.map((p) => p.words).join(' / ')],
      ],
    },
    targets: [{ name: 'two jobs on two cores: throughput gain over one job', target: '–', value: `${((2 * single.s) / pairWall).toFixed(2)}×` }],
    commands: [`audio: \`${commandLine('sox', soxArgs).replaceAll(LIBRIVOX + '/', '')}\` (inputs in ${LIBRIVOX})`, '`node bench/run.mjs --only recognition` (in-process: bench/recognition.mjs)'],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await recognition();

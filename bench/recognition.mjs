/**
 * Part — embedded recognition (PocketSphinx): `dictclip run` against the recognizer alone on one
 * ~200 s recording and on ten short ones (bench/recognition-run.mjs), and the recognizer's own
 * speed/accuracy settings on a tuning set and a held-apart set (bench/recognition-settings.mjs).
 * BENCH_SMALL=1 runs both at reduced size.
 */
import { cpus } from 'node:os';
import { saveResult } from './lib.mjs';
import { runVersusRecognizer } from './recognition-run.mjs';
import { settingsTradeOff } from './recognition-settings.mjs';

export default async function recognition() {
  const versus = await runVersusRecognizer();
  const settings = await settingsTradeOff();
  const { chosen, base } = settings;
  const gain = chosen.held.cpuRtf / base.held.cpuRtf;
  return saveResult('recognition', {
    title: 'Embedded recognition (PocketSphinx)',
    setup: `Machine: ${cpus().length} cores. \`dictclip run\` is the binary (\`node dist/cli/index.js run <in> --out <out> --quiet\`, every default: the embedded ` +
      'service with the PocketSphinx engine, a pool of long-lived `pocketsphinx_batch` processes, one per core, audio over 20 s cut at pauses and decoded in ' +
      'parallel). The recognizer alone is `pocketsphinx_continuous -infile` in one process per recording with the same model and the engine\'s decoder ' +
      'settings (`-remove_silence no`; the other decoder settings are the defaults both binaries share); for the short recordings one after another, as ' +
      'a loop over the files by hand would run. A row with the recognizer\'s own defaults (its VAD skips silence) is informative. Audio: the five LibriVox ' +
      'readings of pocketsphinx-testdata, looped with ffmpeg to one recording; the short recordings are the readings (and, at full size, each again 1 dB ' +
      'quieter, so no two are the same bytes). Contenders run round-robin; median wall time.\n\n' + settings.setup,
    table: { columns: ['audio', 'run', 'wall s (median)', 'CPU s (median, whole process tree)', 'wall s of each run', 'peak RSS'], rows: versus.rows },
    tables: [settings.table],
    targets: [
      ...versus.targets,
      {
        name: `PocketSphinx setting chosen on the tuning set: ${chosen.name}`, target: '–',
        value: chosen === base ? 'the defaults (no setting was faster within 2 WER points)'
          : `held-apart WER ${base.held.wer.toFixed(1)} % → ${chosen.held.wer.toFixed(1)} %, CPU ${gain.toFixed(2)}× the defaults'`,
      },
      {
        name: 'PocketSphinx engine default', target: '–',
        value: 'the recognizer\'s own settings; `-maxhmmpf 3000` is selectable (createPocketSphinxEngine / startService option `pocketsphinx: { maxActiveHmms: 3000 }`) ' +
          'but not the default: with it a recording cut into stretches no longer always gives the words of one pass (test/service/engines/pocketsphinx.e2e.test.ts)',
      },
    ],
    notes: [`Load average (1 min) when the comparison started and ended: ${versus.load.map((l) => l.toFixed(1)).join(' and ')} on ${cpus().length} cores ` +
      '(other work on the machine takes cores from the parallel run first; the CPU seconds do not depend on it).'],
    commands: [...versus.commands, '`node bench/run.mjs --only recognition` (BENCH_SMALL=1 for the reduced size)'],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await recognition();

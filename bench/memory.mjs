/**
 * Part 3 — memory: peak RSS of `dictclip run` (runPipeline in a child under /usr/bin/time) on a
 * generated 30-minute and 3-hour recording (the 3-hour one is split for upload: > 21,000,000
 * bytes), word clips, embedded service, scripted engine with the segments fallback.
 * Target: ≤ 200 MB and flat in duration (3 h within 20 % of 30 min).
 */
import { link, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freshDir, generateWav, OUT, saveResult, timed } from './lib.mjs';

const POLL = { pollInitialMs: 100, pollMaxMs: 500 };

export default async function memory() {
  const work = join(OUT, 'memory');
  await mkdir(work, { recursive: true });
  const scriptFile = join(work, 'script.json');
  await writeFile(scriptFile, JSON.stringify({ scripts: [], fallback: 'segments' }));
  const runs = [];
  for (const minutes of [30, 180]) {
    const input = await freshDir(join(work, `in-${minutes}m`));
    await link(await generateWav(minutes * 60), join(input, `recording-${minutes}m.wav`));
    const options = { engine: 'scripted', scriptFile, mode: 'word', ...POLL };
    const r = await timed('node', ['bench/pipeline-run.mjs', input, join(work, `out-${minutes}m`), JSON.stringify(options)]);
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1));
    if (out.failureCount > 0) throw new Error(`${minutes} min run failed: ${JSON.stringify(out.failures)}`);
    runs.push({ minutes, bytes: 44 + minutes * 60 * 32000, ...r, ...out });
    console.log(`  ${minutes} min: ${(r.maxRssKb / 1024).toFixed(0)} MB peak RSS, ${r.wallS} s, ${out.summary.clips} clips`);
  }
  const [short, long] = runs;
  const growth = long.maxRssKb / short.maxRssKb;
  const peak = Math.max(short.maxRssKb, long.maxRssKb) / 1024;
  return saveResult('memory', {
    title: 'Memory of `dictclip run` (word clips, scripted engine)',
    setup: 'Generated 16 kHz mono WAV recordings (speech-like gated tones), one per run, `runPipeline` from dist/pipeline in a child process under ' +
      `\`/usr/bin/time -f '%e %M'\` with config defaults, engine scripted (\`{ scripts: [], fallback: 'segments' }\`), mode word, ` +
      `pollInitialMs ${POLL.pollInitialMs}, pollMaxMs ${POLL.pollMaxMs}. Peak RSS is the largest single process of the tree (node, or an ffmpeg child); ` +
      'the embedded service runs inside the same node process.',
    table: {
      columns: ['recording', 'bytes', 'clips', 'wall s', 'peak RSS MB'],
      rows: runs.map((r) => [`${r.minutes} min`, r.bytes.toLocaleString('en'), String(r.summary.clips), String(r.wallS), (r.maxRssKb / 1024).toFixed(0)]),
    },
    targets: [
      { name: 'peak RSS of `dictclip run`', target: '≤ 200 MB', value: `${peak.toFixed(0)} MB`, met: peak <= 200 },
      { name: 'peak RSS, 3 h ÷ 30 min', target: '≤ 1.2× (flat)', value: `${growth.toFixed(2)}×`, met: growth <= 1.2 },
    ],
    commands: runs.map((r) => `${r.minutes} min: \`${r.command}\``),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await memory();

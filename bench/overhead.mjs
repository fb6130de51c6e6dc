/**
 * Part 2 — pipeline overhead. (a) `runPipeline` with the embedded service and the scripted
 * engine (no recognition cost) over 200 generated 2-second recordings: wall time minus the wall
 * time of transcoding the same files alone at the same concurrency, per recording.
 * (b) A fixed 1 s service latency (scripted delayMs 1000), 64 recordings at concurrency 16:
 * wall time against the ideal (4 s plus transcoding) — with the embedded service as `dictclip run`
 * starts it, and with the same service started with jobConcurrency 16.
 */
import { mkdir, open, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { freshDir, generateWav, median, OUT, saveResult, timed } from './lib.mjs';

const POLL = { pollInitialMs: 50, pollMaxMs: 100 };
const RUNS = 3;

/** `count` WAVs of `seconds`, each a different slice of the generated pattern. */
async function recordings(dir, count, seconds) {
  await freshDir(dir);
  const pattern = await generateWav(60);
  const fh = await open(pattern, 'r');
  const bytes = seconds * 32000;
  const pcm = Buffer.alloc(bytes);
  for (let i = 0; i < count; i++) {
    await fh.read(pcm, 0, bytes, 44 + ((i * 8000 * 2 * 7) % (60 * 32000 - bytes)));
    const header = Buffer.alloc(44);
    header.write('RIFFxxxxWAVEfmt ', 0, 'latin1');
    header.writeUInt32LE(36 + bytes, 4);
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(16000, 24);
    header.writeUInt32LE(32000, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36, 'latin1');
    header.writeUInt32LE(bytes, 40);
    await writeFile(join(dir, `rec-${String(i).padStart(3, '0')}.wav`), Buffer.concat([header, pcm]));
  }
  await fh.close();
  return dir;
}

async function pipelineRun(input, out, options) {
  const r = await timed('node', ['bench/pipeline-run.mjs', input, out, JSON.stringify(options)]);
  const parsed = JSON.parse(r.stdout.trim().split('\n').at(-1));
  if (parsed.failureCount > 0) throw new Error(`pipeline failures: ${JSON.stringify(parsed.failures)}`);
  return { ...parsed, maxRssKb: r.maxRssKb, command: r.command };
}

async function transcodeOnly(input, concurrency) {
  const r = await timed('node', ['bench/transcode-only.mjs', input, join(OUT, 'overhead', 'transcoded'), String(concurrency)]);
  return { ...JSON.parse(r.stdout.trim()), command: r.command };
}

export default async function overhead() {
  const work = join(OUT, 'overhead');
  await mkdir(work, { recursive: true });
  const scriptFile = join(work, 'script.json');
  await writeFile(scriptFile, JSON.stringify({ scripts: [], fallback: 'segments' }));
  const delayFile = join(work, 'script-1s.json');
  await writeFile(delayFile, JSON.stringify({ scripts: [], fallback: 'segments', delayMs: 1000 }));
  const cores = availableParallelism();
  const notes = [];

  // (a) 200 × 2 s, defaults apart from the poll intervals; runs interleaved with transcode-only.
  const input = await recordings(join(work, 'in-200'), 200, 2);
  const base = { engine: 'scripted', scriptFile, ...POLL };
  const pipe = [];
  const trans = [];
  const svc = [];
  for (let i = 0; i < RUNS; i++) {
    pipe.push(await pipelineRun(input, join(work, 'out-200'), base));
    trans.push(await transcodeOnly(input, cores));
    const r = await timed('node', ['bench/service-only.mjs', join(work, 'transcoded'), join(work, 'service-only'), '4', String(POLL.pollInitialMs), String(POLL.pollMaxMs)]);
    svc.push({ ...JSON.parse(r.stdout.trim()), command: r.command });
  }
  const wall = median(pipe.map((p) => p.wallMs));
  const tr = median(trans.map((t) => t.wallMs));
  const sv = median(svc.map((t) => t.wallMs));
  const perRec = (wall - tr) / 200;
  const perRecBoth = (wall - tr - sv) / 200;
  const cpuPerRec = median(pipe.map((p) => p.cpuMs)) / 200;
  console.log(`  transcode alone ${tr.toFixed(0)} ms, service alone ${sv.toFixed(0)} ms → ${perRecBoth.toFixed(1)} ms/recording net`);
  console.log(`  200 × 2 s: pipeline ${wall.toFixed(0)} ms, transcode alone ${tr.toFixed(0)} ms → ${perRec.toFixed(1)} ms/recording; node CPU ${cpuPerRec.toFixed(1)} ms/recording`);
  notes.push(`Clips cut in (a): ${pipe[0].summary.clips} (${(pipe[0].summary.clips / 200).toFixed(1)} per recording).`);

  // (b) 1 s latency, 64 recordings, concurrency 16.
  const input64 = await recordings(join(work, 'in-64'), 64, 2);
  const tr64 = (await transcodeOnly(input64, cores)).wallMs;
  const ideal = 4000 + tr64;
  const latency = { engine: 'scripted', ...POLL, concurrency: 16 };
  const embedded = await pipelineRun(input64, join(work, 'out-64'), { ...latency, scriptFile: delayFile });
  const own = await pipelineRun(input64, join(work, 'out-64b'), { ...latency, scriptFile, ownService: { jobConcurrency: 16, delayMs: 1000 } });
  const eff = (r) => ideal / r.wallMs;
  console.log(`  64 × 1 s latency @16: ideal ${ideal.toFixed(0)} ms; embedded ${embedded.wallMs.toFixed(0)} ms (${(100 * eff(embedded)).toFixed(0)} %); jobConcurrency 16: ${own.wallMs.toFixed(0)} ms (${(100 * eff(own)).toFixed(0)} %)`);

  const ms = (x) => `${x.toFixed(0)} ms`;
  return saveResult('overhead', {
    title: 'Pipeline overhead (scripted engine, embedded service)',
    setup: `(a) 200 generated 2 s recordings (16 kHz WAV slices of the speech-like pattern), \`runPipeline\` (dist/pipeline) in a child process with ` +
      `config defaults (concurrency 4, transcodeConcurrency ${cores}) and engine scripted, script \`{ scripts: [], fallback: 'segments' }\`, ` +
      `pollInitialMs ${POLL.pollInitialMs}, pollMaxMs ${POLL.pollMaxMs}. The ffmpeg share is measured by transcoding the same 200 files alone with ` +
      `transcodeToWav at the same concurrency, the service share by dictating the transcoded files through the client against the embedded service alone (bench/service-only.mjs); runs of the three alternate, median of ${RUNS}. On 2 saturated cores the shares add up (CPU-bound ffmpeg in both; the service transcodes every upload again). ` +
      'runPipeline exposes no per-stage timings, hence the subtraction. ' +
      `(b) 64 generated 2 s recordings, concurrency 16, same poll options; ideal = 64 × 1 s / 16 + transcoding the 64 alone (${ms(tr64)}).`,
    table: {
      columns: ['measurement', 'value', 'runs'],
      rows: [
        ['(a) pipeline wall, 200 recordings', ms(wall), pipe.map((p) => ms(p.wallMs)).join(', ')],
        ['(a) transcode alone, 200 recordings', ms(tr), trans.map((t) => ms(t.wallMs)).join(', ')],
        ['(a) service alone: the 200 transcoded WAVs through the client at concurrency 4', ms(sv), svc.map((t) => ms(t.wallMs)).join(', ')],
        ['(a) overhead per recording (wall − transcode) / 200, upper bound', `${perRec.toFixed(1)} ms`, ''],
        ['(a) (wall − transcode − service alone) / 200 (stages overlap: lower bound)', `${perRecBoth.toFixed(1)} ms`, ''],
        ['(a) node CPU per recording (pipeline + in-process service, not ffmpeg)', `${cpuPerRec.toFixed(1)} ms`, pipe.map((p) => ms(p.cpuMs / 200)).join(', ')],
        ['(a) peak RSS', `${(pipe[0].maxRssKb / 1024).toFixed(0)} MB`, ''],
        ['(b) ideal: 4 s + transcoding 64', ms(ideal), ''],
        ['(b) embedded service as `dictclip run` starts it (jobConcurrency = cores)', `${ms(embedded.wallMs)} → ${(100 * eff(embedded)).toFixed(0)} %`, ''],
        ['(b) embedded service with jobConcurrency 16 (baseUrl)', `${ms(own.wallMs)} → ${(100 * eff(own)).toFixed(0)} %`, ''],
      ],
    },
    targets: [
      { name: 'overhead per recording, wall − transcode − service alone (stages overlap in the pipeline, so this under-counts; negative = within the overlap)', target: '–', value: `${perRecBoth.toFixed(1)} ms` },
      { name: 'overhead per recording (200 × 2 s), wall − transcode only (service incl. its own ffmpeg left in)', target: '≤ 25 ms', value: `${perRec.toFixed(1)} ms`, met: perRec <= 25 },
      { name: 'efficiency, 1 s latency, 64 @ 16, embedded as `dictclip run` starts it', target: '≥ 90 %', value: `${(100 * eff(embedded)).toFixed(0)} %`, met: eff(embedded) >= 0.9 },
      { name: 'efficiency, 1 s latency, 64 @ 16, service jobConcurrency 16', target: '≥ 90 %', value: `${(100 * eff(own)).toFixed(0)} %`, met: eff(own) >= 0.9 },
    ],
    notes,
    commands: [
      `(a) pipeline: \`${pipe[0].command}\``,
      `(a) transcode alone: \`${trans[0].command}\``,
      `(a) service alone: \`${svc[0].command}\``,
      `(b) embedded: \`${embedded.command}\``,
      `(b) jobConcurrency 16: \`${own.command}\``,
    ],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await overhead();

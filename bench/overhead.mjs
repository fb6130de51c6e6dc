/**
 * Part 2 — pipeline overhead. (a) `runPipeline` with the embedded service and the scripted
 * engine (no recognition cost) over 200 generated 2-second recordings: per recording, from the
 * pipeline's onStageTiming events, its processing wall time minus the transcode stage minus the
 * service's share (upload + dictate stages) — median over the recordings.
 * (b) A fixed 1 s service latency (scripted delayMs 1000), 64 recordings at concurrency 16:
 * wall time against the ideal (4 s plus transcoding) — with the embedded service as `dictclip run`
 * starts it, over HTTP and over WebSocket, and with the same service started apart; median of 3.
 */
import { mkdir, open, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { freshDir, generateWav, median, monoWav, OUT, saveResult, timed } from './lib.mjs';

const POLL = { pollInitialMs: 50, pollMaxMs: 100 };
const STAGES = ['transcode', 'upload', 'dictate', 'markers', 'cut', 'output'];

/** Medians over the recordings of one run: each stage, the processing wall, and the pipeline's own time. */
function stageFigures(stages) {
  const recs = Object.values(stages);
  const total = (r) => Object.values(r).reduce((a, b) => a + b, 0);
  const ownOf = (r) => total(r) - (r.transcode ?? 0) - (r.upload ?? 0) - (r.dictate ?? 0);
  return {
    own: median(recs.map(ownOf)),
    ownMean: recs.reduce((a, r) => a + ownOf(r), 0) / recs.length,
    total: median(recs.map(total)),
    stage: Object.fromEntries(STAGES.map((s) => [s, median(recs.map((r) => r[s] ?? 0))])),
  };
}
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
    await writeFile(join(dir, `rec-${String(i).padStart(3, '0')}.wav`), monoWav(pcm));
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
  for (let i = 0; i < RUNS; i++) {
    pipe.push(await pipelineRun(input, join(work, 'out-200'), base));
    trans.push(await transcodeOnly(input, cores));
  }
  const wall = median(pipe.map((p) => p.wallMs));
  const tr = median(trans.map((t) => t.wallMs));
  const perRec = (wall - tr) / 200;
  const cpuPerRec = median(pipe.map((p) => p.cpuMs)) / 200;
  // Per recording, from the onStageTiming events: processing wall (sum of its stages) minus the
  // transcode stage minus the service's share (upload + dictate stages); median over recordings,
  // then the median run.
  const perRun = pipe.map((p) => stageFigures(p.stages));
  const byOwn = [...perRun].sort((a, b) => a.own - b.own);
  const mid = byOwn[byOwn.length >> 1];
  const ownMs = mid.own;
  console.log(`  200 × 2 s: pipeline ${wall.toFixed(0)} ms, transcode alone ${tr.toFixed(0)} ms; per recording (median): ` +
    `${STAGES.map((s) => `${s} ${mid.stage[s].toFixed(1)}`).join(', ')} → own ${ownMs.toFixed(1)} ms; node CPU ${cpuPerRec.toFixed(1)} ms/recording`);
  notes.push(`Clips cut in (a): ${pipe[0].summary.clips} (${(pipe[0].summary.clips / 200).toFixed(1)} per recording).`);

  // (b) 1 s latency, 64 recordings, concurrency 16.
  const input64 = await recordings(join(work, 'in-64'), 64, 2);
  const tr64 = (await transcodeOnly(input64, cores)).wallMs;
  const ideal = 4000 + tr64;
  const ms = (x) => `${x.toFixed(0)} ms`;
  const latency = { engine: 'scripted', ...POLL, concurrency: 16 };
  // Runs interleaved, the median run of each kind: embedded over HTTP (the default marker method),
  // embedded over WebSocket, and a service started apart (its /done held as dictclip run's is).
  const kinds = {
    embedded: () => pipelineRun(input64, join(work, 'out-64'), { ...latency, scriptFile: delayFile }),
    websocket: () => pipelineRun(input64, join(work, 'out-64w'), { ...latency, markers: 'websocket', scriptFile: delayFile }),
    own: () => pipelineRun(input64, join(work, 'out-64b'), { ...latency, scriptFile, ownService: { jobConcurrency: 16, perUserLimit: 64, delayMs: 1000, doneHoldMs: 2000 } }),
  };
  const runsB = { embedded: [], websocket: [], own: [] };
  for (let i = 0; i < RUNS; i++) for (const [kind, run] of Object.entries(kinds)) runsB[kind].push(await run());
  const medianRun = (runs) => [...runs].sort((a, b) => a.wallMs - b.wallMs)[runs.length >> 1];
  const embedded = medianRun(runsB.embedded);
  const ws = medianRun(runsB.websocket);
  const own = medianRun(runsB.own);
  const eff = (r) => ideal / r.wallMs;
  const runList = (runs) => runs.map((r) => `${ms(r.wallMs)} (${(100 * eff(r)).toFixed(0)} %)`).join(', ');
  console.log(`  64 × 1 s latency @16: ideal ${ideal.toFixed(0)} ms; embedded ${runList(runsB.embedded)}; websocket ${runList(runsB.websocket)}; apart ${runList(runsB.own)}`);

  // What bounds (b): each of the 16 slots runs 4 dictations one after the other; a slot is held from
  // the creation to the fetched results, so the fixed cost around each job is paid 4 times in a row.
  const bFig = stageFigures(embedded.stages);
  const slotBound = 4000 / (4 * Math.max(bFig.stage.dictate, 1000));
  const wsFig = stageFigures(ws.stages);
  notes.push(`(b) embedded, per recording (median): dictate stage (create → the held /done answered at the job's end → dictation and text fetched together) ${ms(bFig.stage.dictate)} for a 1,000 ms job, ` +
    `upload stage (the upload, then waiting for a dictation slot: an upload holds none) ${ms(bFig.stage.upload)}, cut ${ms(bFig.stage.cut)}, output ${ms(bFig.stage.output)}. ` +
    `Each slot runs 4 dictations in a row, so 4 × the dictate stage alone bounds the efficiency at ${(100 * slotBound).toFixed(0)} % before start-up (the first 16 recordings placed and uploaded) and the last recordings' cut and output. ` +
    `WebSocket, per recording (median): dictate stage (socket, credentials, audio, job, result) ${ms(wsFig.stage.dictate)}, upload stage (waiting for a slot) ${ms(wsFig.stage.upload)}. ` +
    'What is left is the work around each job on the one event loop that also runs the service, the cutting and the outputs of the other 15 recordings, on 2 cores.');
  return saveResult('overhead', {
    title: 'Pipeline overhead (scripted engine, embedded service)',
    setup: `(a) 200 generated 2 s recordings (16 kHz mono 16-bit WAV slices of the speech-like pattern, so already in the work format: linked, not transcoded), ` +
      `\`runPipeline\` (dist/pipeline) in a child process with config defaults (concurrency 4, transcodeConcurrency ${cores}) and engine scripted, ` +
      `script \`{ scripts: [], fallback: 'segments' }\`, pollInitialMs ${POLL.pollInitialMs}, pollMaxMs ${POLL.pollMaxMs}; median of ${RUNS} runs. ` +
      'Per-recording figures come from the pipeline\'s `onStageTiming` events: each recording\'s processing wall time (from the start of its ' +
      '`processRecording` to its end) is partitioned into stages — transcode (waiting for a transcode slot + ffmpeg or the link), ' +
      'upload (waiting for a dictation slot + the upload request), dictate (create, the done polls and their sleeps, the GETs of the dictation and its text), ' +
      'markers (decoding and validating markers, planning clips), cut (waiting for a cut slot + cutting), output (state, transcript and markers files, manifest rows). ' +
      '**Pipeline overhead per recording = processing wall − transcode − upload − dictate**, i.e. markers + cut + output: the time that is neither ffmpeg ' +
      'nor waiting for the service (the in-process service\'s CPU shows up inside upload/dictate as service time). The median over the 200 recordings is reported. ' +
      'Not counted: scanning and the resume check before the first recording starts, and writing manifest.csv/summary.json at the end (once per run). ' +
      `(b) 64 generated 2 s recordings, concurrency 16, same poll options, median of ${RUNS} interleaved runs of each kind; ideal = 64 × 1 s / 16 + transcoding the 64 alone as the pipeline does it (toWorkWav: these inputs are already in the work format, so linked, not run through ffmpeg: ${ms(tr64)}).`,
    table: {
      columns: ['measurement', 'value', 'runs'],
      rows: [
        ['(a) pipeline wall, 200 recordings', ms(wall), pipe.map((p) => ms(p.wallMs)).join(', ')],
        ['(a) transcode alone as the pipeline does it (toWorkWav: inputs already in the work format are linked), 200 recordings', ms(tr), trans.map((t) => ms(t.wallMs)).join(', ')],
        ...STAGES.map((st) => [`(a) stage ${st}, median per recording`, `${mid.stage[st].toFixed(1)} ms`, perRun.map((r) => `${r.stage[st].toFixed(1)}`).join(', ')]),
        ['(a) processing wall per recording (sum of its stages), median', `${mid.total.toFixed(1)} ms`, perRun.map((r) => r.total.toFixed(1)).join(', ')],
        ['(a) **pipeline overhead per recording** (wall − transcode − upload − dictate), median', `${ownMs.toFixed(1)} ms`, perRun.map((r) => r.own.toFixed(1)).join(', ')],
        ['(a) the same, mean over recordings', `${mid.ownMean.toFixed(1)} ms`, perRun.map((r) => r.ownMean.toFixed(1)).join(', ')],
        ['(a) (run wall − transcode alone) / 200 (service left in; informative)', `${perRec.toFixed(1)} ms`, ''],
        ['(a) node CPU per recording (pipeline + in-process service, not ffmpeg)', `${cpuPerRec.toFixed(1)} ms`, pipe.map((p) => ms(p.cpuMs / 200)).join(', ')],
        ['(a) peak RSS', `${(pipe[0].maxRssKb / 1024).toFixed(0)} MB`, ''],
        ['(b) ideal: 4 s + transcoding 64', ms(ideal), ''],
        ['(b) embedded service as `dictclip run` starts it (scripted: jobConcurrency = max(concurrency, cores) = 16; /done held ≤ 2 s), HTTP (new method)', `${ms(embedded.wallMs)} → ${(100 * eff(embedded)).toFixed(0)} %`, runList(runsB.embedded)],
        ['(b) the same, WebSocket method (markers websocket)', `${ms(ws.wallMs)} → ${(100 * eff(ws)).toFixed(0)} %`, runList(runsB.websocket)],
        ['(b) the same service started apart (jobConcurrency 16, perUserLimit 64, doneHoldMs 2000, password auth), reached by baseUrl', `${ms(own.wallMs)} → ${(100 * eff(own)).toFixed(0)} %`, runList(runsB.own)],
      ],
    },
    targets: [
      { name: 'pipeline overhead per recording (200 × 2 s): processing wall − transcode − service (upload + dictate stages), median', target: '≤ 25 ms', value: `${ownMs.toFixed(1)} ms`, met: ownMs <= 25 },
      { name: 'efficiency, 1 s latency, 64 @ 16, embedded as `dictclip run` starts it', target: '≥ 90 %', value: `${(100 * eff(embedded)).toFixed(0)} %`, met: eff(embedded) >= 0.9 },
      { name: 'efficiency, 1 s latency, 64 @ 16, service started apart (baseUrl)', target: '≥ 90 %', value: `${(100 * eff(own)).toFixed(0)} %`, met: eff(own) >= 0.9 },
      { name: 'efficiency, 1 s latency, 64 @ 16, embedded, WebSocket method', target: 'reported', value: `${(100 * eff(ws)).toFixed(0)} %`, met: Number.isFinite(eff(ws)) },
    ],
    notes,
    commands: [
      `(a) pipeline: \`${pipe[0].command}\``,
      `(a) transcode alone: \`${trans[0].command}\``,
      `(b) embedded: \`${embedded.command}\``,
      `(b) WebSocket: \`${ws.command}\``,
      `(b) jobConcurrency 16: \`${own.command}\``,
    ],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await overhead();

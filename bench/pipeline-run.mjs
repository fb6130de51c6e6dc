/**
 * One `dictclip run` in this process through runPipeline (dist/pipeline), for the overhead,
 * latency and memory parts, which run it as a child under /usr/bin/time. Prints one JSON line:
 * { wallMs, cpuMs (this process only: pipeline + embedded service, not ffmpeg), summary, failures,
 * stages: { <source>: { <stage>: ms } } } — the onStageTiming events, summed per recording and stage.
 *
 * Usage: node bench/pipeline-run.mjs <inputDir> <outDir> '<json>'
 *   json: RunOptions overrides (engine, scriptFile, concurrency, pollInitialMs, …), plus
 *   `ownService: { jobConcurrency, perUserLimit, delayMs, doneHoldMs }` to start the embedded service here with those
 *   options and hand runPipeline its baseUrl and credentials (options; the library reads no environment).
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { importDist } from './lib.mjs';

const [inputDir, outDir, json = '{}'] = process.argv.slice(2);
const { ownService, ...overrides } = JSON.parse(json);
const pipeline = await importDist('pipeline/index.js');
if (pipeline?.runPipeline === undefined) throw new Error('dist/pipeline/index.js (runPipeline) not built');
await rm(outDir, { recursive: true, force: true });

let service;
let remote = {};
if (ownService !== undefined) {
  const svc = await importDist('service/index.js');
  const dataDir = join(outDir, '.bench-service');
  await svc.addAccount(dataDir, 'bench', 'bench-tenant', 'initial-password-1');
  await svc.setPassword(dataDir, 'bench', 'bench-password-1');
  service = await svc.startService({
    dataDir, port: 0, host: '127.0.0.1', engine: 'scripted', jobConcurrency: ownService.jobConcurrency,
    ...(ownService.perUserLimit === undefined ? {} : { perUserLimit: ownService.perUserLimit }),
    ...(ownService.doneHoldMs === undefined ? {} : { doneHoldMs: ownService.doneHoldMs }),
    script: { scripts: [], fallback: 'segments', delayMs: ownService.delayMs ?? 0 },
  });
  remote = { baseUrl: service.url, credentials: { scheme: 'basic', username: 'bench', password: 'bench-password-1' } };
}

const options = { inputDir, outDir, quiet: true, ...overrides, ...remote };
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const stages = {};
const onStageTiming = ({ source, stage, ms }) => {
  const own = (stages[source] ??= {});
  own[stage] = (own[stage] ?? 0) + ms;
};
const result = await pipeline.runPipeline(options, { onStageTiming });
const wallMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
await service?.close();
const { summary, failures } = result;
console.log(
  JSON.stringify({
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    summary,
    failures: failures.slice(0, 5),
    failureCount: failures.length,
    stages,
  }),
);
if (summary.done === 0 || failures.length > 0) {
  console.error(`pipeline: ${summary.done} done, ${failures.length} failed: ${JSON.stringify(failures.slice(0, 3))}`);
}

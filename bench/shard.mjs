/**
 * Part `shard` — adding machines, simulated: N recordings against one local embedded service
 * whose scripted engine answers every dictation after a fixed 1 s (a latency-bound service, like
 * the real one under its per-user limit), dictated by one `dictclip run` process, then by 4
 * `dictclip run --shard k/4` processes at once (one account each: the per-user request limit is
 * per account, so more machines need more accounts), then merged with `dictclip merge`.
 * Target: 4 shards ≥ 3.5× the throughput of one process. BENCH_SMALL=1 runs 48 recordings.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { commandLine, distPath, freshDir, importDist, monoWav, OUT, saveResult, SAMPLE_RATE } from './lib.mjs';
import { startEmbedded } from './polling.mjs';

const SHARDS = 4;
const LATENCY_MS = 1000;
const CONCURRENCY = 4;
const PASSWORD = 'bench-password-1';

/** One second of a tone whose pitch differs per recording (the service stores audio by content: equal files would be one dictation). */
function tone(index) {
  const pcm = Buffer.alloc(SAMPLE_RATE * 2);
  for (let i = 0; i < SAMPLE_RATE; i++)
    pcm.writeInt16LE(Math.round(4000 * Math.sin((2 * Math.PI * (200 + index) * i) / SAMPLE_RATE)), 2 * i);
  return monoWav(pcm);
}

function runCli(args, env) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [distPath('cli/index.js'), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`dictclip ${args[0]} exited ${code}: ${stderr}`))));
  });
}

export default async function shard() {
  const recordings = process.env.BENCH_SMALL === '1' ? 48 : 200;
  const svc = await importDist('service/index.js');
  const work = await freshDir(join(OUT, 'shard'));
  const input = join(work, 'in');
  await mkdir(input, { recursive: true });
  for (let i = 0; i < recordings; i++) await writeFile(join(input, `rec-${String(i).padStart(4, '0')}.wav`), tone(i));
  const script = { scripts: [{ match: { durationMs: 1000, toleranceMs: 20 }, delayMs: LATENCY_MS, words: [{ word: 'hello', startMs: 100, endMs: 600 }] }], fallback: 'segments' };
  const dataDir = join(work, 'service');
  // As `dictclip serve --jobs 64 --per-user-limit 16 --done-hold-ms 2000` would run it: polls held
  // until the job ends (as dictclip run's own service does), room for each process's 4 slots.
  const { service } = await startEmbedded(dataDir, script, { jobConcurrency: 64, perUserLimit: 16, doneHoldMs: 2000 });
  const users = Array.from({ length: SHARDS }, (_, k) => `bench${k}`);
  // A tenant per account: the service reuses a tenant's dictation of the same audio, and every run must dictate.
  for (const user of users) {
    await svc.addAccount(dataDir, user, `${user}-tenant`, 'initial-password-1');
    await svc.setPassword(dataDir, user, PASSWORD);
  }
  const common = ['--base-url', service.url, '--concurrency', String(CONCURRENCY), '--poll-initial-ms', '250', '--poll-max-ms', '500', '--quiet', '--no-report'];
  const env = (user) => ({ DICTCLIP_USERNAME: user, DICTCLIP_PASSWORD: PASSWORD });
  try {
    const oneS = await runCli(['run', input, '--out', join(work, 'one'), ...common], env('bench'));
    const shardArgs = (k) => ['run', input, '--out', join(work, `shard-${k}`), ...common, '--shard', `${k}/${SHARDS}`];
    const t0 = performance.now();
    const perShardS = await Promise.all(users.map((user, k) => runCli(shardArgs(k), env(user))));
    const shardedS = (performance.now() - t0) / 1000;
    const mergeS = await runCli(['merge', ...users.map((_, k) => join(work, `shard-${k}`)), '--out', join(work, 'merged'), '--quiet', '--no-report'], {});
    const sizes = await Promise.all(users.map(async (_, k) => JSON.parse(await readFile(join(work, `shard-${k}`, 'run.json'), 'utf8')).recordings.length));
    const wallRatio = oneS / shardedS;
    // Throughput of the 4 machines while they run: each shard's recordings over its own wall time, summed.
    const shardedRate = perShardS.reduce((sum, s, k) => sum + sizes[k] / s, 0);
    const rateRatio = shardedRate / (recordings / oneS);
    const balanceBound = recordings / Math.max(...sizes);
    console.log(`  1 process: ${oneS.toFixed(1)} s; ${SHARDS} shards at once: ${shardedS.toFixed(1)} s (shards ${sizes.join('/')}); ` +
      `throughput ${rateRatio.toFixed(2)}×, wall ${wallRatio.toFixed(2)}×; merge ${mergeS.toFixed(2)} s`);
    return saveResult('shard', {
      title: 'Scale-out: 4 shard processes against one latency-bound service',
      setup:
        `${recordings} one-second WAV recordings; one embedded service (scripted engine, every dictation done after ${LATENCY_MS} ms, ` +
        `jobConcurrency 64, 16 simultaneous requests per user, GET …/done held up to 2 s until the job ends: \`dictclip serve --jobs 64 --per-user-limit 16 --done-hold-ms 2000\`); each \`dictclip run\` with --concurrency ${CONCURRENCY}, ` +
        `--poll-initial-ms 250 --poll-max-ms 500. One process (one account), then ${SHARDS} processes with --shard k/${SHARDS} started together, ` +
        `one account (and tenant) each, then \`dictclip merge\` of the ${SHARDS} outputs. Wall times include each process's start, scan and transcoding; the service stays up throughout.`,
      table: {
        columns: ['run', 'recordings', 'wall, s', 'recordings/s'],
        rows: [
          ['1 process', String(recordings), oneS.toFixed(1), (recordings / oneS).toFixed(2)],
          [`${SHARDS} shards at once (until the last ends)`, sizes.join(' + '), shardedS.toFixed(1), (recordings / shardedS).toFixed(2)],
          ...perShardS.map((s, k) => [`  shard ${k}/${SHARDS}`, String(sizes[k]), s.toFixed(1), (sizes[k] / s).toFixed(2)]),
          [`  ${SHARDS} shards, sum of their rates`, String(recordings), '–', shardedRate.toFixed(2)],
          [`merge of ${SHARDS} shards`, String(recordings), mergeS.toFixed(2), '–'],
        ],
      },
      targets: [
        {
          name: `throughput of ${SHARDS} shards vs 1 process (sum of the shards' rates)`,
          target: '≥ 3.5×',
          value: `${rateRatio.toFixed(2)}×`,
          met: rateRatio >= 3.5,
        },
        { name: `time to finish, 1 process vs ${SHARDS} shards`, target: '–', value: `${wallRatio.toFixed(2)}×` },
        { name: 'bound on that set by the hash split (recordings / largest shard)', target: '–', value: `${balanceBound.toFixed(2)}×` },
      ],
      notes: [
        `Throughput is what ${SHARDS} machines dictate per second while they run. The job finishes with its largest shard: with ${recordings} recordings the hash gives ` +
          `${sizes.join('/')}, so even perfect scaling finishes only ${balanceBound.toFixed(2)}× sooner. The split evens out with more recordings per shard ` +
          '(a shard’s share varies as 1/√(recordings per shard)); at 50,000 recordings over 4 shards the largest is within about 1 % of the mean.',
        'All processes share the 2 cores of this machine with the service; on separate machines each shard has its own.',
      ],
      commands: [
        `\`node bench/run.mjs --only shard\` (bench/shard.mjs); per process: ${commandLine('dictclip', ['run', '<in>', '--out', '<out>', ...common.slice(2), '--shard', `k/${SHARDS}`])}`,
      ],
    });
  } finally {
    await service.close();
  }
}

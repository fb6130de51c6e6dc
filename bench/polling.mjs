/**
 * Part 4 — polling: GET …/done requests per dictation against its processing time T, with the
 * pipeline's default poll options (pollInitialMs / pollMaxMs from dist/config defaultValues) and
 * the client's waitForDone — the same call `dictclip run` makes. The embedded service runs the
 * scripted engine; each dictation's audio length selects a script entry with its own delayMs.
 * Requests are counted from the service's `log` option. Target: polls ≤ 2 + T/3.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freshDir, importDist, monoWav, OUT, saveResult, SAMPLE_RATE } from './lib.mjs';

const DELAYS_S = [2, 5, 10, 20];

/** A WAV of `ms` of a quiet tone (what it says does not matter: the script answers by duration). */
async function toneWav(path, ms) {
  const samples = (ms * SAMPLE_RATE) / 1000;
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 220 * i) / SAMPLE_RATE)), 2 * i);
  await writeFile(path, monoWav(pcm));
}

/** Start the embedded service with a fresh account; returns { service, credentials, lines }. */
export async function startEmbedded(dataDir, script, extra = {}) {
  const svc = await importDist('service/index.js');
  if (svc?.startService === undefined) throw new Error('dist/service/index.js (startService) not built');
  await svc.addAccount(dataDir, 'bench', 'bench-tenant', 'initial-password-1');
  await svc.setPassword(dataDir, 'bench', 'bench-password-1');
  const lines = [];
  const service = await svc.startService({
    dataDir, port: 0, host: '127.0.0.1', engine: 'scripted', script, log: (line) => lines.push(line), ...extra,
  });
  return { service, credentials: { scheme: 'basic', username: 'bench', password: 'bench-password-1' }, lines };
}

export default async function polling() {
  const client = await importDist('client/index.js');
  const config = await importDist('config/index.js');
  if (client?.DictationClient === undefined) throw new Error('dist/client/index.js (DictationClient) not built');
  const defaults = config?.defaultValues?.('/tmp') ?? { pollInitialMs: 1000, pollMaxMs: 5000 };
  const work = await freshDir(join(OUT, 'polling'));
  await mkdir(join(work, 'audio'), { recursive: true });
  // Audio of 1.0, 1.5, 2.0, … s: the duration picks the script entry (and so the delay).
  const cases = DELAYS_S.map((delayS, i) => ({ delayS, audioMs: 1000 + 500 * i, path: join(work, 'audio', `a${i}.wav`) }));
  for (const c of cases) await toneWav(c.path, c.audioMs);
  const script = {
    scripts: cases.map((c) => ({ match: { durationMs: c.audioMs, toleranceMs: 20 }, delayMs: c.delayS * 1000, words: [{ word: 'hello', startMs: 100, endMs: 400 }] })),
    fallback: 'segments',
  };
  const { service, credentials, lines } = await startEmbedded(join(work, 'service'), script, { jobConcurrency: cases.length });
  const dc = new client.DictationClient({ baseUrl: service.url, credentials });
  try {
    const results = await Promise.all(cases.map(async (c) => {
      const audioUrl = await dc.uploadAudio(c.path, client.contentTypeForFormat('pcm-16khz'));
      const t0 = performance.now();
      const location = await dc.createDictation({ audioUrl, audioFormat: 'pcm-16khz', streaming: false, audioUrlComplete: true });
      const { polls } = await dc.waitForDone(location, {
        audioDurationMs: c.audioMs, initialIntervalMs: defaults.pollInitialMs, maxIntervalMs: defaults.pollMaxMs,
      });
      const waitedS = (performance.now() - t0) / 1000;
      const id = location.split('/').at(-1);
      const logged = lines.filter((l) => l.startsWith('GET ') && l.includes(`/${id}/done `)).length;
      return { ...c, polls, logged, waitedS, limit: 2 + c.delayS / 3 };
    }));
    const rows = results.map((r) => [`${r.delayS} s`, String(r.logged), String(r.polls), r.limit.toFixed(2), r.waitedS.toFixed(1), (r.waitedS - r.delayS).toFixed(1), r.logged <= r.limit ? 'met' : 'missed']);
    for (const row of rows) console.log(`  T=${row[0]}: ${row[1]} GET …/done (limit ${row[3]}), done seen after ${row[4]} s`);
    return saveResult('polling', {
      title: 'Polling: GET …/done requests per dictation',
      setup: `Embedded service (scripted engine, jobConcurrency ${cases.length}, one script entry per audio length with delayMs = T), ` +
        `one dictation per T, all at once, each awaited with \`DictationClient.waitForDone\` and the pipeline defaults ` +
        `pollInitialMs = ${defaults.pollInitialMs}, pollMaxMs = ${defaults.pollMaxMs} (first poll one initial interval after creation, then the interval doubles up to the cap: polls at 1, 3, 7, 12, 17, 22 … s). ` +
        'GET …/done requests counted from the service log option; "waitForDone polls" is what the client reports.',
      table: {
        columns: ['processing time T', 'GET …/done (service log)', 'waitForDone polls', 'limit 2 + T/3', 'create → done seen, s', 'latency after done, s', 'target'],
        rows,
      },
      targets: results.map((r) => ({ name: `polls for T = ${r.delayS} s`, target: `≤ ${r.limit.toFixed(2)}`, value: String(r.logged), met: r.logged <= r.limit })),
      commands: ['`node bench/run.mjs --only polling` (in-process: bench/polling.mjs)'],
    });
  } finally {
    await dc.close();
    await service.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await polling();

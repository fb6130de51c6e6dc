/**
 * The confidence benchmark's text-aligned pass (bench/confidence.mjs): the same recordings with
 * their references run as against a remote service — the embedded service (PocketSphinx) started
 * apart on port 0, `dictclip run --base-url <url> --transcripts …`, so every reference word gets its
 * times from the text alignment of the service's recognized words (matched, substituted, or never
 * heard: cut at an estimate and flagged `unaligned`).
 */
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { distPath, importDist } from './lib.mjs';
import { startEmbedded } from './polling.mjs';

const exec = promisify(execFile);

/**
 * Run `dir/in` with `dir/ref` against a freshly started embedded service and label the rows with
 * `label(out)` (bench/confidence.mjs labelRun in mode `text`). Returns the labelled rows, the
 * recordings that failed, and the wall time of the run (service start included), s.
 */
export async function textAlignedRun(dir, label) {
  const out = join(dir, 'out-text');
  const data = join(dir, 'service');
  await Promise.all([rm(out, { recursive: true, force: true }), rm(data, { recursive: true, force: true })]);
  const t0 = performance.now();
  const audio = await importDist('audio/index.js');
  const { service, credentials } = await startEmbedded(data, undefined, { engine: 'pocketsphinx', ffmpegPath: await audio.resolveFfmpeg() });
  try {
    const env = { ...process.env, DICTCLIP_USERNAME: credentials.username, DICTCLIP_PASSWORD: credentials.password };
    const args = ['run', join(dir, 'in'), '--out', out, '--transcripts', join(dir, 'ref'), '--base-url', service.url,
      '--concurrency', '2', '--poll-initial-ms', '100', '--poll-max-ms', '250', '-q', '--no-report'];
    await exec(process.execPath, [distPath('cli/index.js'), ...args], { env, maxBuffer: 1 << 26 }).catch((error) => {
      if (error.code !== 1) throw error; // exit 1: some recording failed; the rows of the others count
    });
  } finally {
    await service.close();
  }
  const wallS = (performance.now() - t0) / 1000;
  const refused = parse(await readFile(join(out, 'failures.csv'), 'utf8'), { columns: true }).map((f) => `${f.source} (${f.code})`);
  return { rows: await label(out), refused, wallS };
}

/**
 * `dictclip run` killed with SIGKILL at seeded moments across its stages, rerun each time, then
 * run to completion: the manifest equals an uninterrupted run's byte for byte (the uninterrupted
 * run uses a service of its own, so the killed runs really dictate), no row is duplicated or missing, the clips are byte-identical, and no partial or temp file is
 * left visible in <out> (outside `.dictclip/`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/service/faults/index.js';
import {
  ensureBuilt, finished, isTempName, listFiles, removeTempDirs, runCli, spawnCli, startTestService, tempDir, type StartedService,
} from '../helpers/index.js';
import { writeCorpus } from './corpus.js';

let svc: StartedService;
let input: string;
const args = (out: string, service: StartedService = svc): string[] => [
  'run', input, '--out', out, '--base-url', service.url, '--poll-initial-ms', '50', '--poll-max-ms', '100', '--concurrency', '2', '--transcode-concurrency', '1', '--quiet',
];

beforeAll(async () => {
  await ensureBuilt();
  svc = await startTestService({ jobConcurrency: 1 });
  input = await writeCorpus(await tempDir('kill-in'));
});
afterAll(async () => {
  await svc.close();
  await removeTempDirs();
});

const visible = (rel: string): boolean => !rel.startsWith('.dictclip/');

async function snapshot(out: string): Promise<Map<string, string>> {
  // summary.json and the report's data.js (which carries the summary) hold this run's timings;
  // run.json names the service by its URL, and the reference run has a service of its own.
  const files = (await listFiles(out)).filter(visible).filter((f) => !['summary.json', 'report/data.js', 'run.json'].includes(f));
  return new Map(await Promise.all(files.map(async (f) => {
    const bytes = await readFile(join(out, f));
    return [f, bytes.toString('base64')] as const;
  })));
}

describe('kill -9 and resume', () => {
  it('ends with the uninterrupted output after 10 SIGKILLs across the stages', async () => {
    const reference = await tempDir('kill-ref');
    const started = performance.now();
    const own = await startTestService({ jobConcurrency: 1 });
    const clean = await runCli(args(reference, own), { env: own.env }).finally(() => own.close());
    const runMs = performance.now() - started;
    expect(clean.code, clean.stderr).toBe(0);
    const expected = await snapshot(reference);
    const manifest = (await readFile(join(reference, 'manifest.csv'), 'utf8')).trim().split('\n');
    expect(manifest.length).toBeGreaterThan(6);

    const random = mulberry32(9);
    for (const round of [0, 1]) {
      const out = await tempDir(`kill-${round}`);
      for (let kill = 0; kill < 5; kill++) {
        // Moments spread over the run: startup, scan/transcode, upload/dictate, cut, output.
        const delay = Math.round((0.1 + 0.9 * ((kill + random()) / 5)) * runMs);
        const child = spawnCli(args(out), { env: svc.env });
        const done = finished(child, 60_000);
        const timer = setTimeout(() => child.kill('SIGKILL'), delay);
        const result = await done;
        clearTimeout(timer);
        expect([0, null], `exit ${String(result.code)}: ${result.stderr}`).toContain(result.code);
      }
      const final = await runCli(args(out), { env: svc.env });
      expect(final.code, final.stderr).toBe(0);
      const files = (await listFiles(out)).filter(visible);
      expect(files.filter(isTempName)).toEqual([]);
      const got = await snapshot(out);
      expect([...got.keys()]).toEqual([...expected.keys()]);
      for (const [file, content] of expected) expect(got.get(file), file).toBe(content);
      const rows = (await readFile(join(out, 'manifest.csv'), 'utf8')).trim().split('\n');
      expect(new Set(rows).size).toBe(rows.length);
      expect(rows.length).toBe(manifest.length);
    }
  }, 180_000);
});

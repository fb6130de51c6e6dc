/**
 * `dictclip run` killed with SIGKILL at moments inside its stages (on a progress line, plus a
 * seeded delay; at least 8 of the 10 runs really end by SIGKILL), rerun each time, then
 * run to completion: the manifest equals an uninterrupted run's byte for byte (the uninterrupted
 * run uses a service of its own, so the killed runs really dictate), no row is duplicated or missing, the clips are byte-identical, and no
 * partial or temp file is
 * left visible in <out> (outside `.dictclip/`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/service/faults/index.js';
import {
  ensureBuilt,
  finished,
  isTempName,
  listFiles,
  removeTempDirs,
  runCli,
  spawnCli,
  startTestService,
  tempDir,
  waitForLine,
  type StartedService,
} from '../helpers/index.js';
import { writeCorpus } from './corpus.js';

let svc: StartedService;
let input: string;
const args = (out: string, service: StartedService = svc): string[] => [
  'run',
  input,
  '--out',
  out,
  '--base-url',
  service.url,
  '--poll-initial-ms',
  '50',
  '--poll-max-ms',
  '100',
  '--concurrency',
  '2',
  '--transcode-concurrency',
  '1',
  '--quiet',
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
  // summary.json and the summary inside the report's page data hold this run's timings;
  // run.json names the service by its URL, and the reference run has a service of its own.
  const files = (await listFiles(out)).filter(visible).filter((f) => !['summary.json', 'run.json'].includes(f));
  return new Map(await Promise.all(files.map(async (f) => {
    const bytes = await readFile(join(out, f));
    return [f, f === 'report/index.html' ? withoutSummary(bytes.toString('utf8')) : bytes.toString('base64')] as const;
  })));
}

/** The report page with its data's `summary` (this run's timings) taken out; everything else as written. */
function withoutSummary(html: string): string {
  const data = /(<script type="application\/json" id="dictclip-report-data">)([^<]*)(<\/script>)/.exec(html);
  if (data === null) throw new Error('report/index.html holds no run data');
  const { summary: _summary, ...rest } = JSON.parse(data[2]!) as Record<string, unknown>;
  return html.replace(data[0], `${data[1]}${JSON.stringify(rest)}${data[3]}`);
}

describe('kill -9 and resume', () => {
  it('ends with the uninterrupted output after 10 SIGKILLs across the stages', async () => {
    const reference = await tempDir('kill-ref');
    const own = await startTestService({ jobConcurrency: 1 });
    const clean = await runCli(args(reference, own), { env: own.env }).finally(() => own.close());
    expect(clean.code, clean.stderr).toBe(0);
    const expected = await snapshot(reference);
    const manifest = (await readFile(join(reference, 'manifest.csv'), 'utf8')).trim().split('\n');
    expect(manifest.length).toBeGreaterThan(6);

    // Each kill lands inside a run: on a progress line of a given stage (plus a seeded 0–40 ms),
    // so a resumed run that has less left to do is still killed while it works. The `done` kills
    // let each round make progress, so the later kills meet the later stages.
    const random = mulberry32(9);
    const rounds: RegExp[][] = [
      [/: transcoding \(/, /: uploading/, /^done /, /: cutting/, /^done /],
      [/: waiting for the service/, /^done /, /: reading the markers/, /: writing \(/, /^done /],
    ];
    let killed = 0;
    for (const [round, moments] of rounds.entries()) {
      const out = await tempDir(`kill-${round}`);
      for (const moment of moments) {
        const child = spawnCli(args(out).filter((a) => a !== '--quiet'), { env: svc.env });
        const done = finished(child, 60_000);
        const delay = Math.round(random() * 40);
        void waitForLine(child, moment, 60_000).then(
          () => setTimeout(() => child.kill('SIGKILL'), delay),
          () => undefined, // the run ended first: counted below as not killed
        );
        const result = await done;
        if (result.signal === 'SIGKILL') killed += 1;
        else expect(result.code, `exit ${String(result.code)}: ${result.stderr}`).toBe(0);
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
    // Really killed, not finished before the signal (a kill can still lose a race at the very end).
    expect(killed).toBeGreaterThanOrEqual(8);
  }, 180_000);
});

/**
 * 20 % transient faults on every kind of call (500, 502, 503 + Retry-After, 429, resets mid-body,
 * delays past the client's request timeout): every recording completes and the output equals
 * the fault-free run's (manifest byte for byte but for the random dictation ids; clips byte for byte).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkerMethod } from '../../src/markers/model.js';
import type { RetryEvent } from '../../src/client/retry.js';
import { runPipeline } from '../../src/pipeline/index.js';
import { listFiles, removeTempDirs, runOptions, startTestService, tempDir, type StartedService } from '../helpers/index.js';
import { CORPUS, writeCorpus } from './corpus.js';

const FAULTS = 'seed=20,rate=0.2,kinds=500+502+503+429+reset+delay,delayMs=1500,retryAfterS=1,afterRate=0.3';
let input: string;

beforeAll(async () => {
  input = await writeCorpus(await tempDir('transient-in'));
});
afterAll(removeTempDirs);

async function runWith(
  faults: string | undefined,
  markers: MarkerMethod,
): Promise<{ out: string; svc: StartedService; retries: RetryEvent[] }> {
  const svc = await startTestService(faults === undefined ? {} : { faults });
  const out = await tempDir(`transient-${markers}-${faults === undefined ? 'clean' : 'faulty'}`);
  const retries: RetryEvent[] = [];
  try {
    const options = runOptions(input, out, {
      baseUrl: svc.url,
      credentials: svc.credentials,
      markers,
      requestTimeoutMs: 1000,
      maxRetries: 12,
    });
    const result = await runPipeline(options, { onRetry: (event) => retries.push(event) });
    expect(result.failures).toEqual([]);
    expect(result.summary.done).toBe(CORPUS.length);
  } finally {
    await svc.close();
  }
  return { out, svc, retries };
}

async function clipBytes(out: string): Promise<Map<string, Buffer>> {
  const files = await listFiles(join(out, 'clips'));
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(join(out, 'clips', f))] as const)));
}

describe.each(['new', 'old'] as const)('transient faults at a 0.2 rate, %s markers', (markers) => {
  it('completes every recording with the fault-free output', async () => {
    const clean = await runWith(undefined, markers);
    const faulty = await runWith(FAULTS, markers);
    // Faults really happened (the service logs `fault <kind> on <route>`), of several kinds, on several calls.
    const faults = faulty.svc.log.map((l) => /^fault (\S+) on (\S+)/.exec(l)).filter((m) => m !== null);
    expect(faults.length).toBeGreaterThanOrEqual(5);
    expect(new Set(faults.map((m) => m[1])).size).toBeGreaterThanOrEqual(3);
    // Which route takes each seeded draw follows the arrival order of concurrent calls: on a loaded
    // machine the polls of `done` take most draws (CI once saw 2 routes), so two routes at least.
    expect(new Set(faults.map((m) => m[2])).size).toBeGreaterThanOrEqual(2);
    // The run is told each retry through the client's retry hook: every fault answered with a
    // status is one retry told with that status (a loaded machine may add timeouts to both runs).
    expect(clean.retries.filter((r) => r.error.code !== 'E_TIMEOUT')).toEqual([]);
    // A fault "after processing" answers 502 whatever its kind (the work is done, the answer lost).
    const seenStatus = (m: RegExpExecArray): string => (m.input.endsWith(' after processing') ? '502' : m[1] ?? '');
    const statusFaults = faults.map(seenStatus).filter((kind) => /^\d+$/.test(kind)).sort();
    const statusRetries = faulty.retries
      .flatMap((r) => (r.error.context.status === undefined ? [] : [String(r.error.context.status)]))
      .sort();
    expect(statusFaults.length).toBeGreaterThan(0);
    expect(statusRetries).toEqual(statusFaults);
    const cleanCsv = await readFile(join(clean.out, 'manifest.csv'), 'utf8');
    const faultyCsv = await readFile(join(faulty.out, 'manifest.csv'), 'utf8');
    expect(cleanCsv.split('\n').length).toBeGreaterThan(CORPUS.length);
    // Byte for byte, dictation ids included (the service's ids are content-addressed).
    expect(faultyCsv).toBe(cleanCsv);
    const cleanClips = await clipBytes(clean.out);
    expect([...(await clipBytes(faulty.out))]).toEqual([...cleanClips]);
    expect(await readFile(join(faulty.out, 'failures.csv'), 'utf8')).toBe(await readFile(join(clean.out, 'failures.csv'), 'utf8'));
  });
});

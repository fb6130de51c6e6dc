/**
 * `dictclip run` under drills: the DICTCLIP_FAULTS environment variable reaches the embedded
 * service (every upload answered 500, no retries: every recording a failures.csv row, exit 1),
 * and a dictation canceled on the service while the run polls becomes an E_DICTATION_CANCELED row.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { ScriptFile } from '../../src/service/index.js';
import { makeBursts, removeTempDirs, startTestService, tempDir } from '../helpers/index.js';
import { fakeIo } from './fake-io.js';

afterAll(removeTempDirs);

const FAST = ['--poll-initial-ms', '50', '--poll-max-ms', '100', '--quiet', '--no-report'];

async function failureRows(out: string): Promise<string[][]> {
  const lines = (await readFile(join(out, 'failures.csv'), 'utf8')).trim().split('\n');
  return lines.slice(1).map((line) => line.split(',').slice(0, 3)).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

describe('dictclip run drills', () => {
  it('honours DICTCLIP_FAULTS: every upload failing makes every recording a failure row and exits 1', async () => {
    const cwd = await tempDir('drill-faults');
    await makeBursts(join(cwd, 'in', 'a.wav'), [[0.1, 0.5]], { seconds: 1 });
    await makeBursts(join(cwd, 'in', 'b.wav'), [[0.2, 0.6]], { seconds: 1.2 });
    const fake = fakeIo({ cwd, env: { DICTCLIP_FAULTS: 'seed=3,rate=1,kinds=500,routes=upload' } });
    const code = await main(['run', 'in', '--out', 'out', '--engine', 'scripted', '--max-retries', '0', ...FAST], fake.io);
    expect(code, fake.stderr()).toBe(1);
    expect(await failureRows(join(cwd, 'out'))).toEqual([['a.wav', 'upload', 'E_HTTP_STATUS'], ['b.wav', 'upload', 'E_HTTP_STATUS']]);
  });

  it('turns a dictation canceled on the service while the run polls into an E_DICTATION_CANCELED row', async () => {
    const cwd = await tempDir('drill-cancel');
    await makeBursts(join(cwd, 'in', 'never.wav'), [[0.2, 0.8]], { seconds: 3 });
    const script = { scripts: [{ match: { durationMs: 3000 }, words: [], fault: 'never-done' }], fallback: 'segments' } satisfies ScriptFile;
    const svc = await startTestService({ script });
    try {
      const fake = fakeIo({ cwd, env: svc.env });
      const running = main(['run', 'in', '--out', 'out', '--base-url', svc.url, ...FAST], fake.io);
      // The dictation's record appears once created: cancel it through the service's API.
      const folder = join(svc.dataDir, 'dictations', svc.account.tenant);
      let ids: string[] = [];
      while (ids.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        ids = (await readdir(folder).catch(() => [])).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length));
      }
      const auth = `Basic ${Buffer.from(`${svc.account.username}:${svc.account.password}`).toString('base64')}`;
      const response = await fetch(`${svc.url}/SCDictation/rest/${svc.account.tenant}/dictations/${ids[0]}/cancel`, { method: 'POST', headers: { authorization: auth } });
      expect(response.status).toBeLessThan(300);
      expect(await running, fake.stderr()).toBe(1);
      expect(await failureRows(join(cwd, 'out'))).toEqual([['never.wav', 'dictate', 'E_DICTATION_CANCELED']]);
    } finally {
      await svc.close();
    }
  });
});

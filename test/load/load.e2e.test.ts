/**
 * Load: 1,000 requests from 50 concurrent clients against `dictclip serve` (built CLI, scripted
 * engine) on loopback. Only 200/201 and the per-user limit's 503 are allowed; the service's RSS
 * stays stable. Runs only with DICTCLIP_LOAD_TEST=1 (`npm run test:load`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import {
  TEST_ACCOUNT, createAccount, ensureBuilt, finished, makeBursts, removeTempDirs, spawnCli, tempDir, waitForLine,
} from '../helpers/index.js';

const CLIENTS = 50;
const PER_CLIENT = 20;

afterAll(removeTempDirs);

async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

describe.runIf(process.env['DICTCLIP_LOAD_TEST'] === '1')('load', () => {
  it('serves 1,000 requests from 50 clients with only deliberate 503s and stable memory', async () => {
    await ensureBuilt();
    const dataDir = await tempDir('load-data');
    await createAccount(dataDir);
    const wav = await readFile(await makeBursts(join(await tempDir('load-media'), 'a.wav'), [[0.1, 0.4], [0.6, 0.9]], { seconds: 1 }));
    const child = spawnCli(['serve', '--data', dataDir, '--port', '0', '--engine', 'scripted', '--jobs', '2']);
    const exit = finished(child, 300_000);
    const [, url = ''] = await waitForLine(child, /listening on (http:\/\/\S+)/);
    const pid = child.pid ?? 0;
    const auth = `Basic ${Buffer.from(`${TEST_ACCOUNT.username}:${TEST_ACCOUNT.password}`).toString('base64')}`;
    const agent = new Agent({ connections: CLIENTS });
    const send = async (method: 'GET' | 'POST', path: string, body?: Buffer | string, type?: string) => {
      const res = await request(`${url}${path}`, {
        method, dispatcher: agent, headers: { authorization: auth, ...(type === undefined ? {} : { 'content-type': type }) }, ...(body === undefined ? {} : { body }),
      });
      const text = await res.body.text();
      return { status: res.statusCode, location: res.headers.location as string | undefined, text };
    };
    try {
      // A few finished dictations to read.
      const dictations: string[] = [];
      for (let i = 0; i < 3; i++) {
        const up = await send('POST', '/SCFileserver/audio', wav, 'audio/x-wav');
        const form = new URLSearchParams({ 'audio-url': up.location ?? '', 'audio-format': 'pcm-16khz', streaming: 'false' });
        const created = await send('POST', '/SCDictation/rest/nvoq/factory/dictations/', form.toString(), 'application/x-www-form-urlencoded');
        const path = new URL(created.location ?? '').pathname;
        for (let p = 0; p < 200 && (await send('GET', `${path}/done`)).text !== 'true'; p++) await new Promise((r) => setTimeout(r, 50));
        dictations.push(path);
      }
      const warm = await rssKb(pid);
      const statuses = new Map<number, number>();
      const started = performance.now();
      await Promise.all(Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; i < PER_CLIENT; i++) {
          const d = dictations[(client + i) % dictations.length] ?? '';
          const n = (client * PER_CLIENT + i) % 10;
          const res = n === 0
            ? await send('POST', '/SCFileserver/audio', wav, 'audio/x-wav')
            : await send('GET', n < 4 ? `${d}/done` : n < 7 ? `${d}/text` : d);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }));
      const elapsed = performance.now() - started;
      const total = [...statuses.values()].reduce((a, b) => a + b, 0);
      expect(total).toBe(CLIENTS * PER_CLIENT);
      expect([...statuses.keys()].every((s) => s === 200 || s === 201 || s === 503), JSON.stringify([...statuses])).toBe(true);
      // 50 clients against a per-user limit of 8: many deliberate 503s (measured 30–45 %), but the
      // service keeps serving under the overload (measured 55–70 % answered; the floor is a quarter).
      expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(total / 4);
      expect(elapsed).toBeLessThan(60_000);
      const after = await rssKb(pid);
      expect(after - warm).toBeLessThan(50 * 1024);
    } finally {
      await agent.close();
      child.kill('SIGTERM');
      await exit;
    }
  }, 180_000);
});

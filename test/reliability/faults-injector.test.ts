/** The fault injector on a plain node:http server, driven by undici. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { routeNameOf } from '../../src/service/router.js';
import { createFaultInjector, parseFaultSpec, type FaultInjector, type InjectedFault } from '../../src/service/faults/index.js';

let server: Server | undefined;
let processed = 0;
/** What maybeFault decided for each request, in order (true: answered or abandoned by the fault). */
let decided: boolean[] = [];
let onDecided: (() => void) | undefined;

/** Resolves once maybeFault has decided `n` requests. */
async function decisions(n: number): Promise<void> {
  while (decided.length < n) await new Promise<void>((resolve) => (onDecided = resolve));
}

async function serve(injector: FaultInjector): Promise<string> {
  processed = 0;
  decided = [];
  server = createServer((req, res) => {
    void (async () => {
      const handled = await injector.maybeFault(req, res, routeNameOf(req.method ?? 'GET', req.url ?? '/'));
      decided.push(handled);
      onDecided?.();
      if (handled) return;
      const chunks: Buffer[] = [];
      for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
      processed += 1;
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'Content-Type': 'text/plain' });
      res.end(`ok ${Buffer.concat(chunks).length}`);
    })();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function get(url: string): Promise<{ status: number; retryAfter: string | undefined; body: string } | { error: string }> {
  try {
    const res = await request(url, { headersTimeout: 2000, bodyTimeout: 2000 });
    return { status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined, body: await res.body.text() };
  } catch (error) {
    return { error: (error as { code?: string }).code ?? String(error) };
  }
}

describe('createFaultInjector', () => {
  it('answers each status fault before processing, with Retry-After on 503 and 429', async () => {
    for (const [kind, status, retryAfter] of [['500', 500, undefined], ['502', 502, undefined], ['503', 503, '1'], ['429', 429, '1']] as const) {
      const base = await serve(createFaultInjector(parseFaultSpec(`rate=1,kinds=${kind}`)));
      const res = await get(`${base}/SCDictation/rest/t/dictations/d/done`);
      expect(res).toMatchObject({ status, retryAfter });
      expect(processed).toBe(0);
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
  });

  it('resets the connection mid-body', async () => {
    const base = await serve(createFaultInjector(parseFaultSpec('rate=1,kinds=reset')));
    const res = await get(`${base}/SCDictation/rest/t/dictations/d`);
    expect('error' in res).toBe(true);
    expect(processed).toBe(0);
  });

  it('delays past a client timeout, then processes normally when the client is still there', async () => {
    const base = await serve(createFaultInjector(parseFaultSpec('rate=1,kinds=delay,delayMs=300')));
    const started = Date.now();
    expect(await get(`${base}/x`)).toEqual({ status: 200, retryAfter: undefined, body: 'ok 0' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    const gaveUp = await request(`${base}/x`, { signal: AbortSignal.timeout(100) }).then(() => 'answered', (e: Error) => e.name);
    expect(gaveUp).toBe('TimeoutError');
    await decisions(2); // the abandoned request's delay is over and the injector has decided
    expect(decided).toEqual([false, true]);
    expect(processed).toBe(1); // the abandoned request is not processed after its delay
  });

  it('drains an upload body and keeps the connection usable', async () => {
    const base = await serve(createFaultInjector(parseFaultSpec('rate=1,kinds=503,routes=upload,retryAfterS=0')));
    const body = Buffer.alloc(2_000_000, 7);
    const first = await request(`${base}/SCFileserver/audio`, { method: 'POST', body, headers: { 'content-type': 'audio/x-wav' } });
    expect(first.statusCode).toBe(503);
    expect(first.headers['retry-after']).toBe('0');
    await first.body.text();
    expect(processed).toBe(0);
    expect(await get(`${base}/SCFileserver/audio/t/a`)).toMatchObject({ status: 200, body: 'ok 0' });
  });

  it('is restricted to the listed routes and reports each fault', async () => {
    const seen: InjectedFault[] = [];
    const injector = createFaultInjector(parseFaultSpec('rate=1,kinds=500,routes=done'), (f) => seen.push(f));
    const base = await serve(injector);
    expect(await get(`${base}/SCDictation/rest/t/dictations/d/text`)).toMatchObject({ status: 200 });
    expect(await get(`${base}/SCDictation/rest/t/dictations/d/done`)).toMatchObject({ status: 500 });
    expect(seen).toEqual([{ kind: '500', route: 'done', after: false }]);
    expect(injector.counts['500']).toBe(1);
  });

  it('can fail an upload after storing it (orphans)', async () => {
    const base = await serve(createFaultInjector(parseFaultSpec('rate=1,kinds=500,afterRate=1')));
    const res = await request(`${base}/SCFileserver/audio`, { method: 'POST', body: 'abc', headers: { 'content-type': 'audio/x-wav' } });
    expect(res.statusCode).toBe(502);
    expect(await res.body.text()).toBe('');
    expect(processed).toBe(1);
  });

  it('injects the seeded fraction, the same faults for the same seed', async () => {
    const draw = async (seed: number): Promise<string[]> => {
      const base = await serve(createFaultInjector(parseFaultSpec(`seed=${seed},rate=0.2,kinds=500+502+503+429,retryAfterS=0`)));
      const statuses: string[] = [];
      for (let i = 0; i < 200; i++) {
        const res = await get(`${base}/SCDictation/rest/t/dictations/d/done`);
        statuses.push('status' in res ? String(res.status) : res.error);
      }
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
      return statuses;
    };
    const a = await draw(7);
    expect(await draw(7)).toEqual(a);
    expect(await draw(8)).not.toEqual(a);
    const faults = a.filter((s) => s !== '200').length;
    expect(faults).toBeGreaterThanOrEqual(25);
    expect(faults).toBeLessThanOrEqual(55);
    expect(new Set(a)).toEqual(new Set(['200', '500', '502', '503', '429']));
  });

  it('injects nothing at rate 0', async () => {
    const injector = createFaultInjector(parseFaultSpec('seed=1'));
    const base = await serve(injector);
    for (let i = 0; i < 20; i++) expect(await get(`${base}/x`)).toMatchObject({ status: 200 });
    expect(Object.values(injector.counts).reduce((a, b) => a + b, 0)).toBe(0);
  });
});

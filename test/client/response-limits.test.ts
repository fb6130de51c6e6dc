/**
 * A response is capped before and after decompression. A 1 MB gzip
 * that inflates to 1 GiB and a 1 GiB plain body each fail fast with E_RESPONSE_TOO_LARGE (not a
 * network error, so never "nothing answers at --base-url"), while this process's memory stays
 * bounded. Its own file, so that the peak RSS measured is this test's own (vitest forks a
 * process per file).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { DictationClient } from '../../src/client/client.js';
import { isDictclipError, type DictclipError } from '../../src/errors.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../src/wire-limits.js';
import { gzipBomb, gzipBombBytes, hugeBody, startHostileService, type HostileService } from './helpers/hostile.js';

const GIB = 1024 ** 3;
/** Generous bound on the growth of the peak RSS while one oversized answer is refused. */
const MAX_GROWTH_BYTES = 200 * 1024 ** 2;

let service: HostileService;
const clients: DictationClient[] = [];

function client(): DictationClient {
  const made = new DictationClient({ baseUrl: service.url, credentials: { scheme: 'basic', username: 'alice', password: 'pw-0f-alice' }, retry: { limit: 2, backoffBaseMs: 1, backoffLimitMs: 5 } });
  clients.push(made);
  return made;
}

/**
 * Run `call`, expecting a DictclipError; also return how much the RSS grew meanwhile, at its peak.
 * The process's peak RSS (maxRSS) counts when this call raised it; when it did not (an earlier test
 * of this file set it higher), the RSS sampled every millisecond during the call does.
 */
async function refusedWithGrowth(call: () => Promise<unknown>): Promise<{ error: DictclipError; growth: number }> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  let sampled = before;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage.rss());
  }, 1);
  const error = await call().then(() => new Error('expected a rejection'), (e: unknown) => e).finally(() => clearInterval(sampler));
  const peakAfter = process.resourceUsage().maxRSS * 1024;
  const peak = Math.max(sampled, process.memoryUsage.rss(), peakAfter > peakBefore ? peakAfter : 0);
  if (!isDictclipError(error)) throw error;
  return { error, growth: Math.max(0, peak - before) };
}

beforeAll(async () => {
  service = await startHostileService();
  await gzipBombBytes(GIB); // made before any measure (about 1 MB, streamed)
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  service.requests.length = 0;
});
afterAll(() => service.close());

describe('item 8: response size caps', () => {
  test('the default cap fits a 3-hour dictation and is 64 MiB', () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(64 * 1024 * 1024);
  });

  test('a 1 MB gzip inflating to 1 GiB fails E_RESPONSE_TOO_LARGE, once, with bounded memory', async () => {
    const bomb = await gzipBombBytes(GIB);
    expect(bomb.length).toBeLessThan(1.1e6);
    service.handle(gzipBomb(GIB));
    const { error, growth } = await refusedWithGrowth(() => client().getTextStats(`${service.url}/SCDictation/rest/nvoq/dictations/d1`));
    expect(error.code).toBe('E_RESPONSE_TOO_LARGE');
    expect(error.message).toContain('decoded (decompressed) response body exceeds the limit of 67,108,864');
    expect(error.context).toMatchObject({ method: 'GET', status: 200, attempts: 1 });
    expect(service.requests).toHaveLength(1); // not retried
    expect(growth).toBeLessThan(MAX_GROWTH_BYTES);
  });

  test('a 1 GiB plain body without Content-Length fails E_RESPONSE_TOO_LARGE after reading no more than the cap', async () => {
    const huge = hugeBody(GIB);
    service.handle(huge);
    const { error, growth } = await refusedWithGrowth(() => client().getText(`${service.url}/SCDictation/rest/nvoq/dictations/d1`));
    expect(error.code).toBe('E_RESPONSE_TOO_LARGE');
    expect(error.message).toContain('the response body exceeds the limit of 67,108,864');
    expect(service.requests).toHaveLength(1);
    expect(huge.sent).toBeLessThan(GIB / 4); // the server was cut off long before its gigabyte
    expect(growth).toBeLessThan(MAX_GROWTH_BYTES);
  });

  test('a Content-Length above the cap is refused before its body is read', async () => {
    const huge = hugeBody(GIB, { contentLength: true });
    service.handle(huge);
    const error = await client().getText(`${service.url}/d1`).then(() => undefined, (e: unknown) => e as DictclipError);
    expect(error).toMatchObject({ code: 'E_RESPONSE_TOO_LARGE', context: { status: 200 } });
    expect(error?.message).toContain(`Content-Length ${GIB}`);
  });

  test('the cap is an option: 1 KiB refuses 2 KiB and lets 1 KiB through', async () => {
    const small = new DictationClient({ baseUrl: service.url, credentials: { scheme: 'basic', username: 'a', password: 'b' }, maxResponseBytes: 1024, retry: { limit: 0 } });
    clients.push(small);
    service.handle(hugeBody(2048));
    expect((await small.getText(`${service.url}/d1`).then(() => undefined, (e: unknown) => e as DictclipError))?.code).toBe('E_RESPONSE_TOO_LARGE');
    service.handle(hugeBody(1024));
    expect(await small.getText(`${service.url}/d1`)).toBe('x'.repeat(1024));
  });
});

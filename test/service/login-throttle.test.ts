/**
 * Password hashing is bounded for unauthenticated callers: per client address, for all clients,
 * and in concurrency; a refused check costs no hash and is answered 429 with Retry-After. A wrong
 * user and a wrong password cost and count the same; cached successes are never throttled.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginThrottle } from '../../src/service/login-throttle.js';

const calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('../../src/service/accounts.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/service/accounts.js')>();
  return {
    ...actual,
    verifyPassword: (password: string, hash: string) => {
      calls.verify++;
      return actual.verifyPassword(password, hash);
    },
  };
});

const { addAccount, setPassword } = await import('../../src/service/accounts.js');
const { Authenticator } = await import('../../src/service/authenticate.js');
const { basic, startTestService } = await import('./helpers.js');

describe('LoginThrottle', () => {
  it('counts failed and running checks per client within the window, with Retry-After until the oldest leaves', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle({ clientFailures: 2, globalFailures: 100, windowMs: 60_000 }, () => now);
    const first = throttle.admit('a');
    const second = throttle.admit('a');
    expect([first.ok, second.ok]).toEqual([true, true]);
    expect(throttle.admit('a')).toEqual({ ok: false, retryAfterS: 1 }); // two running: no failure to wait for yet
    if (!first.ok || !second.ok) throw new Error('unreachable');
    first.done(true);
    now += 10_000;
    second.done(false); // a success frees its place
    expect(throttle.admit('b').ok).toBe(true); // another address has its own count
    const third = throttle.admit('a');
    expect(third.ok).toBe(true);
    if (third.ok) third.done(true);
    expect(throttle.admit('a')).toEqual({ ok: false, retryAfterS: 50 }); // the first failure leaves at +60 s
    now += 50_000;
    expect(throttle.admit('a').ok).toBe(true);
  });

  it('refuses every address once the failures of all of them reach the global limit', () => {
    let now = 0;
    const throttle = new LoginThrottle({ clientFailures: 5, globalFailures: 3, windowMs: 10_000 }, () => now);
    for (const client of ['a', 'b', 'c']) {
      const admission = throttle.admit(client);
      if (admission.ok) admission.done(true);
    }
    expect(throttle.admit('fresh')).toEqual({ ok: false, retryAfterS: 10 });
    now = 10_000;
    expect(throttle.admit('fresh').ok).toBe(true);
  });

  it('refuses past hashConcurrency + hashQueue checks at once', () => {
    const throttle = new LoginThrottle({ hashConcurrency: 1, hashQueue: 1, clientFailures: 100 });
    const gates: (() => void)[] = [];
    for (const client of ['a', 'b']) {
      const admission = throttle.admit(client);
      if (!admission.ok) throw new Error('refused too early');
      void admission.hash(() => new Promise<void>((resolve) => gates.push(resolve)));
    }
    expect(throttle.pending).toBe(2);
    expect(throttle.admit('c')).toEqual({ ok: false, retryAfterS: 1 });
    for (const open of gates) open();
  });
});

describe('Authenticator under a flood of wrong logins', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dictclip-throttle-'));
    await addAccount(dataDir, 'alice', 'acme', 'first-password');
    await setPassword(dataDir, 'alice', 'second-password');
    await addAccount(dataDir, 'bob', 'acme', 'first-password');
    await setPassword(dataDir, 'bob', 'bobs-password');
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('hashes 5 of 64 concurrent wrong logins of one address, wrong users and wrong passwords alike; valid logins go on', async () => {
    const auth = new Authenticator(dataDir);
    expect((await auth.authenticate({ scheme: 'basic', username: 'alice', password: 'second-password' }, '10.0.0.1')).ok).toBe(true);
    calls.verify = 0;
    const flood = await Promise.all(Array.from({ length: 64 }, (_, k) => auth.authenticate(
      k % 2 === 0 ? { scheme: 'basic', username: 'alice', password: `guess-${k}` } : { scheme: 'basic', username: `nobody-${k}`, password: `guess-${k}` },
      '10.0.0.66',
    )));
    expect(calls.verify).toBe(5);
    expect(flood.filter((r) => !r.ok && r.retryAfterS === undefined)).toHaveLength(5); // checked and wrong: 401
    const throttled = flood.filter((r) => !r.ok && r.retryAfterS !== undefined);
    expect(throttled).toHaveLength(59);
    for (const r of throttled) expect(r).toMatchObject({ ok: false, retryAfterS: expect.any(Number) });
    // The cached success of alice costs nothing, even from the flooding address.
    expect((await auth.authenticate({ scheme: 'basic', username: 'alice', password: 'second-password' }, '10.0.0.66')).ok).toBe(true);
    expect(calls.verify).toBe(5);
    // A first login from another address is checked at once: one hash.
    expect((await auth.authenticate({ scheme: 'basic', username: 'bob', password: 'bobs-password' }, '10.0.0.2')).ok).toBe(true);
    expect(calls.verify).toBe(6);
  });
});

describe('the service under a flood of wrong logins', () => {
  it('answers 429 with Retry-After past the per-address limit, and valid requests at once', async () => {
    const t = await startTestService();
    try {
      const url = `${t.service.url}/SCDictation/rest/acme/dictations/AAAAAAAAAAAAAAAAAAAAAA`;
      const status = async (auth: string) => {
        const res = await request(url, { headers: { authorization: auth } });
        return { status: res.statusCode, retryAfter: res.headers['retry-after'], text: await res.body.text() };
      };
      expect((await status(t.alice)).status).toBe(404); // authenticated (no such dictation)
      const flood = await Promise.all(Array.from({ length: 64 }, (_, k) => status(basic(k % 2 === 0 ? 'alice' : `nobody-${k}`, `guess-${k}`))));
      const counts = new Map<number, number>();
      for (const r of flood) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
      expect(Object.fromEntries(counts)).toEqual({ 401: 5, 429: 59 });
      const refused = flood.find((r) => r.status === 429);
      expect(Number(refused?.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(refused?.retryAfter)).toBeLessThanOrEqual(60);
      expect(refused?.text).toContain('<code>E_THROTTLED</code>');
      expect((await status(t.alice)).status).toBe(404); // the valid user is answered, from the cache
    } finally {
      await t.close();
    }
  });
});

/**
 * Concurrent requests with the same credentials share one scrypt check (each run holds 16 MiB on
 * the libuv pool; sixteen dictations starting at once used to pay sixteen).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

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

describe('Authenticator password checks', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dictclip-auth-'));
    await addAccount(dataDir, 'alice', 'acme', 'first-password');
    await setPassword(dataDir, 'alice', 'second-password');
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('runs one scrypt for concurrent checks of the same credentials, then answers from the cache', async () => {
    const auth = new Authenticator(dataDir);
    const results = await Promise.all(Array.from({ length: 8 }, () => auth.authenticate({ scheme: 'basic', username: 'alice', password: 'second-password' })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(calls.verify).toBe(1);
    expect((await auth.authenticate({ scheme: 'basic', username: 'alice', password: 'second-password' })).ok).toBe(true);
    expect(calls.verify).toBe(1);
    const wrong = await Promise.all([1, 2].map(() => auth.authenticate({ scheme: 'basic', username: 'alice', password: 'wrong' })));
    expect(wrong.map((r) => r.ok)).toEqual([false, false]);
    expect(calls.verify).toBe(2);
    expect((await auth.authenticate({ scheme: 'basic', username: 'alice', password: 'wrong' })).ok).toBe(false);
    expect(calls.verify).toBe(3);
  });
});

import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDictclipError } from '../../src/errors.js';
import { Authenticator } from '../../src/service/authenticate.js';
import { addAccount, addApiKeyAccount, createApiKey, setPassword } from '../../src/service/index.js';
import { tempDir } from './helpers.js';

describe('accounts', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir('accounts');
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  async function failure(promise: Promise<unknown>): Promise<string> {
    const error = await promise.then(() => undefined, (e: unknown) => e);
    expect(isDictclipError(error, 'E_ACCOUNT')).toBe(true);
    return (error as Error).message;
  }

  it('keeps every account when 10 are added at once (the read-modify-write holds a lock)', async () => {
    const users = Array.from({ length: 10 }, (_, i) => `user${i}`);
    await Promise.all(users.map((user) => addAccount(dir, user, 'acme', 'password-one')));
    const stored = JSON.parse(await readFile(join(dir, 'accounts.json'), 'utf8')) as { user: string }[];
    expect(stored.map((a) => a.user).sort()).toEqual(users);
    const keys = await Promise.all(users.map((user) => createApiKey(dir, user)));
    const after = JSON.parse(await readFile(join(dir, 'accounts.json'), 'utf8')) as { apiKeyHashes: string[] }[];
    expect(after.map((a) => a.apiKeyHashes.length)).toEqual(keys.map(() => 1));
  });

  it('stores hashed passwords and keys, never the secrets', async () => {
    await addAccount(dir, 'alice', 'acme', 'password-one');
    const key = await createApiKey(dir, 'alice');
    const text = await readFile(join(dir, 'accounts.json'), 'utf8');
    expect(text).not.toContain('password-one');
    expect(text).not.toContain(key);
    const [account] = JSON.parse(text) as [{ user: string; tenant: string; mustChangePassword: boolean; apiKeyHashes: string[] }];
    expect(account).toMatchObject({ user: 'alice', tenant: 'acme', mustChangePassword: true });
    expect(account.apiKeyHashes).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
  });

  it('refuses duplicates, bad names, short passwords and unknown users with clear E_ACCOUNT messages', async () => {
    await addAccount(dir, 'alice', 'acme', 'password-one');
    expect(await failure(addAccount(dir, 'alice', 'acme', 'password-two'))).toContain('already exists');
    expect(await failure(addAccount(dir, 'bad name', 'acme', 'password-two'))).toContain('Invalid user name');
    expect(await failure(addAccount(dir, 'bob', '..', 'password-two'))).toContain('Invalid tenant name');
    expect(await failure(addAccount(dir, 'bob', 'acme', 'short'))).toContain('at least 8 characters');
    expect(await failure(setPassword(dir, 'nobody', 'password-two'))).toContain('No account named "nobody"');
    expect(await failure(createApiKey(dir, 'nobody'))).toContain('No account named "nobody"');
  });

  it('authenticates passwords and keys, sees changes to the file, and reports the must-change flag', async () => {
    const auth = new Authenticator(dir);
    expect(await auth.authenticate({ scheme: 'basic', username: 'alice', password: 'password-one' })).toEqual({ ok: false });
    await addAccount(dir, 'alice', 'acme', 'password-one');
    expect(await auth.authenticate({ scheme: 'basic', username: 'alice', password: 'password-one' })).toEqual({ ok: true, user: 'alice', tenant: 'acme', mustChangePassword: true });
    await setPassword(dir, 'alice', 'password-two');
    expect(await auth.authenticate({ scheme: 'basic', username: 'alice', password: 'password-one' })).toEqual({ ok: false });
    expect(await auth.authenticate({ scheme: 'basic', username: 'alice', password: 'password-two' })).toEqual({ ok: true, user: 'alice', tenant: 'acme', mustChangePassword: false });
    const key = await createApiKey(dir, 'alice');
    expect((await auth.authenticate({ scheme: 'apikey', username: 'alice', apiKey: key })).ok).toBe(true);
    expect((await auth.authenticate({ scheme: 'apikey', username: 'alice', apiKey: `${key}x` })).ok).toBe(false);
  });

  it('creates a key-only account: the key works at once, no password ever does', async () => {
    const key = await addApiKeyAccount(dir, 'runner', 'acme');
    expect(await readFile(join(dir, 'accounts.json'), 'utf8')).not.toContain(key);
    const auth = new Authenticator(dir);
    expect(await auth.authenticate({ scheme: 'apikey', username: 'runner', apiKey: key })).toEqual({ ok: true, user: 'runner', tenant: 'acme', mustChangePassword: false });
    expect(await auth.authenticate({ scheme: 'basic', username: 'runner', password: '' })).toEqual({ ok: false });
    expect(await auth.authenticate({ scheme: 'basic', username: 'runner', password: 'anything-at-all' })).toEqual({ ok: false });
    expect(await failure(addApiKeyAccount(dir, 'runner', 'acme'))).toContain('already exists');
    expect(await failure(addApiKeyAccount(dir, 'bad name', 'acme'))).toContain('Invalid user name');
  });

  it('parses Basic and Bearer headers', () => {
    expect(Authenticator.parseHeader(`Basic ${Buffer.from('u:p:q').toString('base64')}`)).toEqual({ scheme: 'basic', username: 'u', password: 'p:q' });
    expect(Authenticator.parseHeader('Bearer u:k')).toEqual({ scheme: 'apikey', username: 'u', apiKey: 'k' });
    expect(Authenticator.parseHeader('Bearer nokey')).toBeUndefined();
    expect(Authenticator.parseHeader('Digest x')).toBeUndefined();
    expect(Authenticator.parseHeader(undefined)).toBeUndefined();
  });
});

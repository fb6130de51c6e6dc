import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { fakeIo } from './fake-io.js';

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'dictclip-account-'));
});
afterEach(() => {
  rmSync(cwd, { recursive: true, force: true });
});

async function cli(argv: string[], stdin?: string) {
  const fake = fakeIo({ cwd, ...(stdin === undefined ? {} : { stdin }) });
  const code = await main(argv, fake.io);
  return { code, stdout: fake.stdout(), stderr: fake.stderr() };
}

interface Account { user: string; tenant: string; mustChangePassword: boolean; apiKeyHashes: string[]; passwordHash: string }
const accounts = (): Account[] => JSON.parse(readFileSync(join(cwd, 'data', 'accounts.json'), 'utf8')) as Account[];

describe('dictclip account', () => {
  it('adds an account, sets its password and issues an API key, never echoing secrets', async () => {
    const add = await cli(['account', 'add', 'alice', '--tenant', 'acme', '--data', 'data', '--password-stdin'], 'first-pass-1\r\nignored\n');
    expect(add.code).toBe(0);
    expect(add.stdout).toBe('');
    expect(add.stderr).not.toContain('first-pass-1');
    expect(accounts()).toMatchObject([{ user: 'alice', tenant: 'acme', mustChangePassword: true, apiKeyHashes: [] }]);
    expect(accounts()[0]?.passwordHash).not.toContain('first-pass-1');

    const passwd = await cli(['account', 'passwd', 'alice', '--data', 'data', '--password-stdin'], 'second-pass-2\n');
    expect([passwd.code, passwd.stdout, passwd.stderr]).toEqual([0, '', 'password of "alice" set\n']);
    expect(accounts()[0]?.mustChangePassword).toBe(false);

    const key = await cli(['account', 'apikey', 'alice', '--data', 'data']);
    expect(key.code).toBe(0);
    expect(key.stdout).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
    expect(key.stderr).toBe('');
    expect(accounts()[0]?.apiKeyHashes.length).toBe(1);
  });

  it('exits 1 with the E_ACCOUNT message for a duplicate user and an unknown user', async () => {
    await cli(['account', 'add', 'bob', '--tenant', 't', '--data', 'data', '--password-stdin'], 'bob-password\n');
    const again = await cli(['account', 'add', 'bob', '--tenant', 't', '--data', 'data', '--password-stdin'], 'bob-password\n');
    expect(again).toEqual({ code: 1, stdout: '', stderr: 'dictclip: E_ACCOUNT: An account named "bob" already exists.\n' });
    const unknown = await cli(['account', 'apikey', 'nobody', '--data', 'data']);
    expect([unknown.code, unknown.stdout]).toEqual([1, '']);
    expect(unknown.stderr).toMatch(/^dictclip: E_ACCOUNT: .*nobody/);
  });

  it('requires --password-stdin and a password on stdin (exit 2)', async () => {
    const noFlag = await cli(['account', 'add', 'carol', '--tenant', 't', '--data', 'data']);
    expect([noFlag.code, noFlag.stderr]).toEqual([
      2,
      'dictclip: E_USAGE: dictclip account add: --password-stdin is required (passwords are read from stdin, never from arguments)\nRun "dictclip --help" for usage.\n',
    ]);
    const empty = await cli(['account', 'passwd', 'carol', '--data', 'data', '--password-stdin'], '\n');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('E_USAGE: no password on stdin');
    const missingTenant = await cli(['account', 'add', 'carol', '--data', 'data', '--password-stdin'], 'pw-long-enough\n');
    expect([missingTenant.code, missingTenant.stderr.split('\n')[0]]).toEqual([2, 'dictclip: E_USAGE: dictclip account add: --tenant <value> is required']);
  });
});

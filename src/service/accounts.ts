/**
 * Accounts of the embedded service, stored in `<dataDir>/accounts.json` (a JSON array of
 * {@link AccountRecord}, written atomically). Passwords are stored as scrypt hashes
 * (`scrypt$N$r$p$salt$hash`, base64url), API keys as sha256 hex digests.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { DictclipError } from '../errors.js';
import { sha256, writeFileAtomic } from '../files.js';
import { readJsonFile } from './json-file.js';
import { FILE_MODE, makePrivateDir } from './private-files.js';

export interface AccountRecord {
  user: string;
  tenant: string;
  passwordHash: string;
  mustChangePassword: boolean;
  apiKeyHashes: string[];
}

const NAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32 };

/** Path of the accounts file. */
export function accountsPath(dataDir: string): string {
  return join(dataDir, 'accounts.json');
}

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) => {
      if (error) reject(new DictclipError('E_ACCOUNT', `Password hashing failed: ${error.message}`, { cause: error }));
      else resolve(key);
    });
  });
}

/** Hash a password with a random salt: `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength } = SCRYPT;
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, N, r, p, keyLength);
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Compare a password with a stored hash in constant time. A malformed hash never verifies. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length === 0) return false;
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected);
}

function validateName(kind: 'user' | 'tenant', value: string): void {
  if (!NAME_PATTERN.test(value) || value === '.' || value === '..') {
    throw new DictclipError('E_ACCOUNT', `Invalid ${kind} name "${value}": use 1 to 64 letters, digits, '.', '_' or '-' (not "." or "..").`);
  }
}

function validatePassword(password: string): void {
  if (password.length < 8) throw new DictclipError('E_ACCOUNT', 'The password must be at least 8 characters long.');
}

function isAccount(value: unknown): value is AccountRecord {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  return typeof a.user === 'string' && typeof a.tenant === 'string' && typeof a.passwordHash === 'string' &&
    typeof a.mustChangePassword === 'boolean' && Array.isArray(a.apiKeyHashes) && a.apiKeyHashes.every((h) => typeof h === 'string');
}

/** Read all accounts (an empty list when the file does not exist). Throws E_ACCOUNT on a malformed file. */
export async function readAccounts(dataDir: string): Promise<AccountRecord[]> {
  const path = accountsPath(dataDir);
  const data = await readJsonFile(path).catch((error: unknown) => {
    throw new DictclipError('E_ACCOUNT', `Cannot read the accounts file: ${(error as Error).message}`, { path, cause: error });
  });
  if (data === undefined) return [];
  if (!Array.isArray(data) || !data.every(isAccount)) {
    throw new DictclipError('E_ACCOUNT', `${path} is not a valid accounts file (expected an array of accounts).`, { path });
  }
  return data;
}

/** Lock retries: waits up to about 10 s for another writer; a lock left by a dead process goes stale after 10 s. */
const LOCK_OPTIONS = { realpath: false, stale: 10_000, retries: { retries: 60, minTimeout: 10, maxTimeout: 200, randomize: true } };

/**
 * Read the accounts, let `change` modify the list, write it back: all under the accounts lock.
 * Keep `change` short (no password hashing inside): other writers wait for it.
 */
async function modifyAccounts<T>(dataDir: string, change: (accounts: AccountRecord[]) => T): Promise<T> {
  const path = accountsPath(dataDir);
  await makePrivateDir(dataDir);
  const release = await lockfile.lock(path, LOCK_OPTIONS).catch((error: unknown) => {
    throw new DictclipError('E_ACCOUNT', `Cannot lock the accounts file: ${(error as Error).message}`, { path, cause: error });
  });
  try {
    const accounts = await readAccounts(dataDir);
    const result = change(accounts);
    await writeFileAtomic(path, `${JSON.stringify(accounts, null, 2)}\n`, { mode: FILE_MODE });
    return result;
  } finally {
    await release().catch(() => undefined);
  }
}

async function updateAccount(dataDir: string, user: string, change: (account: AccountRecord) => void): Promise<void> {
  await modifyAccounts(dataDir, (accounts) => {
    const account = accounts.find((a) => a.user === user);
    if (account === undefined) throw new DictclipError('E_ACCOUNT', `No account named "${user}".`);
    change(account);
  });
}

function addRecord(dataDir: string, record: AccountRecord): Promise<void> {
  return modifyAccounts(dataDir, (accounts) => {
    if (accounts.some((a) => a.user === record.user)) throw new DictclipError('E_ACCOUNT', `An account named "${record.user}" already exists.`);
    accounts.push(record);
  });
}

/**
 * Create an account. Its password must be changed (HTTP password change call or
 * {@link setPassword}) before the account can make other calls.
 * @throws E_ACCOUNT for an existing user, an invalid name or a password under 8 characters.
 */
export async function addAccount(dataDir: string, user: string, tenant: string, password: string): Promise<void> {
  validateName('user', user);
  validateName('tenant', tenant);
  validatePassword(password);
  if ((await readAccounts(dataDir)).some((a) => a.user === user)) throw new DictclipError('E_ACCOUNT', `An account named "${user}" already exists.`);
  const passwordHash = await hashPassword(password);
  await addRecord(dataDir, { user, tenant, passwordHash, mustChangePassword: true, apiKeyHashes: [] });
}

/**
 * Create an account that has no password, only an API key (returned once; its sha256 is stored),
 * ready to use: what `dictclip run` gives itself on its in-process service. No scrypt run: each
 * holds 16 MiB on a libuv thread, which glibc keeps resident in that thread's arena afterwards.
 * @throws E_ACCOUNT for an existing user or an invalid name.
 */
export async function addApiKeyAccount(dataDir: string, user: string, tenant: string): Promise<string> {
  validateName('user', user);
  validateName('tenant', tenant);
  const key = randomBytes(32).toString('base64url');
  // An empty hash never verifies (verifyPassword): only the key authenticates.
  await addRecord(dataDir, { user, tenant, passwordHash: '', mustChangePassword: false, apiKeyHashes: [sha256(key)] });
  return key;
}

/**
 * Set an account's password and clear its must-change flag.
 * @throws E_ACCOUNT for an unknown user or a password under 8 characters.
 */
export async function setPassword(dataDir: string, user: string, password: string): Promise<void> {
  validatePassword(password);
  const passwordHash = await hashPassword(password);
  await updateAccount(dataDir, user, (account) => {
    account.passwordHash = passwordHash;
    account.mustChangePassword = false;
  });
}

/**
 * Issue an API key (32 random bytes, base64url) for `Authorization: Bearer <user>:<key>`.
 * Only its sha256 digest is stored: the key is returned once and cannot be shown again.
 * @throws E_ACCOUNT for an unknown user.
 */
export async function createApiKey(dataDir: string, user: string): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await updateAccount(dataDir, user, (account) => {
    account.apiKeyHashes.push(sha256(key));
  });
  return key;
}

/**
 * Request authentication: `Basic base64(user:password)` or `Bearer <user>:<apiKey>` against
 * accounts.json (reloaded when the file changes, so `dictclip account …` takes effect on a running
 * server). Comparisons are constant-time; an unknown user still pays a dummy scrypt so timing does
 * not reveal which users exist. Successful password checks are cached under a sha256 of
 * user, password and stored hash (never the password itself), so only the first request pays scrypt.
 * Every other check passes the {@link LoginThrottle} first (hash concurrency, per-client and
 * global failure limits): a refused one is `{ ok: false, retryAfterS }` and costs no hash.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Credentials } from '../credentials.js';
import { sha256 } from '../files.js';
import { accountsPath, hashPassword, readAccounts, verifyPassword, type AccountRecord } from './accounts.js';
import { ReloadingFile } from './json-file.js';
import { LoginThrottle, type LoginLimits } from './login-throttle.js';

/** The one message for every credential failure (unknown user and wrong password alike). */
export const BAD_CREDENTIALS = 'Invalid credentials: check the user name and the password or API key.';

/** The message of 403 for an account whose initial password was never changed. */
export const PASSWORD_CHANGE_REQUIRED =
  'The password of this account must be changed before first use: POST /SCDictation/rest/account/password ' +
  'with the form field newPassword (at least 8 characters), authenticated with Basic auth and the current password.';


export type AuthResult =
  | { ok: true; user: string; tenant: string; mustChangePassword: boolean }
  /** Refused; `retryAfterS` when the check was not even tried (too many failed logins: 429). */
  | { ok: false; retryAfterS?: number };

/** The message of 429 for a password check refused by the {@link LoginThrottle}. */
export const TOO_MANY_LOGINS = 'Too many failed logins from this address (or from everyone) lately; retry after Retry-After seconds.';

const CACHE_LIMIT = 10_000;

/** Authenticator over one data folder. */
export class Authenticator {
  /** accounts.json by user, reloaded when the file changes. */
  readonly #accounts: ReloadingFile<Map<string, AccountRecord>>;
  readonly #verified = new Set<string>();
  /**
   * Password checks in progress, by cache key: concurrent requests with the same credentials share
   * one scrypt run (16 MiB of memory each, on the libuv pool) instead of each paying their own.
   */
  readonly #verifying = new Map<string, Promise<boolean>>();
  #dummyHash: Promise<string> | undefined;
  readonly #throttle: LoginThrottle;

  constructor(dataDir: string, limits: LoginLimits = {}) {
    this.#accounts = new ReloadingFile(
      accountsPath(dataDir),
      async () => new Map((await readAccounts(dataDir)).map((a) => [a.user, a])),
      new Map(),
    );
    this.#throttle = new LoginThrottle(limits);
  }

  /** Parse an Authorization header; `undefined` when missing or malformed. */
  static parseHeader(header: string | undefined): Credentials | undefined {
    if (header === undefined) return undefined;
    const match = /^(Basic|Bearer)\s+(\S+)\s*$/i.exec(header);
    if (match === null) return undefined;
    const scheme = match[1]?.toLowerCase();
    const value = scheme === 'basic' ? Buffer.from(match[2] ?? '', 'base64').toString('utf8') : (match[2] ?? '');
    const colon = value.indexOf(':');
    if (colon <= 0) return undefined;
    const username = value.slice(0, colon);
    const secret = value.slice(colon + 1);
    return scheme === 'basic' ? { scheme, username, password: secret } : { scheme: 'apikey', username, apiKey: secret };
  }

  /**
   * Check credentials (password or API key). `client` is the caller's address: the failure
   * limits of password checks count per address. API keys cost one sha256 and are not throttled.
   */
  async authenticate(creds: Credentials, client = ''): Promise<AuthResult> {
    const account = (await this.#accounts.get()).get(creds.username);
    let ok = false;
    if (creds.scheme === 'basic') {
      const checked = await this.#checkPassword(account, creds.username, creds.password, client);
      if (typeof checked === 'number') return { ok: false, retryAfterS: checked };
      ok = checked;
    } else {
      ok = checkApiKey(account, creds.apiKey);
    }
    if (!ok || account === undefined) return { ok: false };
    return { ok: true, user: account.user, tenant: account.tenant, mustChangePassword: account.mustChangePassword };
  }

  /** True or false, or the seconds to wait when the throttle refused to check. */
  async #checkPassword(account: AccountRecord | undefined, user: string, password: string, client: string): Promise<boolean | number> {
    // An unknown user is checked against a dummy hash of the same cost, through the same limits.
    const stored = account?.passwordHash ?? (await (this.#dummyHash ??= hashPassword('dummy password for timing')));
    const cacheKey = sha256(`${account === undefined ? '\0unknown' : user}\0${password}\0${stored}`);
    if (account !== undefined && this.#verified.has(cacheKey)) return true;
    let pending = this.#verifying.get(cacheKey);
    if (pending === undefined) {
      const admission = this.#throttle.admit(client);
      if (!admission.ok) return admission.retryAfterS;
      pending = admission.hash(() => verifyPassword(password, stored)).then((ok) => {
        const valid = ok && account !== undefined;
        admission.done(!valid);
        if (valid) {
          if (this.#verified.size >= CACHE_LIMIT) this.#verified.clear();
          this.#verified.add(cacheKey);
        }
        return valid;
      }, (error: unknown) => {
        admission.done(true);
        throw error;
      }).finally(() => this.#verifying.delete(cacheKey));
      this.#verifying.set(cacheKey, pending);
    }
    return pending;
  }

  /** Forget the loaded accounts so the next request rereads the file (after the server changed it). */
  invalidate(): void {
    this.#accounts.invalidate();
  }
}

function checkApiKey(account: AccountRecord | undefined, apiKey: string): boolean {
  const digest = Buffer.from(sha256(apiKey), 'hex');
  let ok = false;
  for (const stored of account?.apiKeyHashes ?? []) {
    const candidate = Buffer.from(stored, 'hex');
    if (candidate.length === digest.length && timingSafeEqual(candidate, digest)) ok = true;
  }
  return ok;
}

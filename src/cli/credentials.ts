/**
 * The CLI's credentials come from the environment only: `DICTCLIP_USERNAME` with
 * `DICTCLIP_PASSWORD` (Basic) or with `DICTCLIP_API_KEY` (Bearer `<user>:<key>`), passed to the
 * library as the `credentials` option. Secrets are never printed.
 */
import type { Credentials } from '../credentials.js';
import { DictclipError } from '../errors.js';

function value(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw === '' ? undefined : raw;
}

/**
 * Read credentials from the environment. The API key wins when both a password and a key are set.
 * @returns undefined when none of the variables is set.
 * @throws DictclipError E_CONFIG when only the user or only a secret is set (names the missing variable, never a value).
 */
export function credentialsFromEnv(env: NodeJS.ProcessEnv): Credentials | undefined {
  const username = value(env, 'DICTCLIP_USERNAME');
  const password = value(env, 'DICTCLIP_PASSWORD');
  const apiKey = value(env, 'DICTCLIP_API_KEY');
  if (username === undefined) {
    if (password === undefined && apiKey === undefined) return undefined;
    const which = apiKey !== undefined ? 'DICTCLIP_API_KEY' : 'DICTCLIP_PASSWORD';
    throw new DictclipError('E_CONFIG', `${which} is set but DICTCLIP_USERNAME is not: set DICTCLIP_USERNAME to the account's user name`, {
      key: 'DICTCLIP_USERNAME',
    });
  }
  if (apiKey !== undefined) return { scheme: 'apikey', username, apiKey };
  if (password !== undefined) return { scheme: 'basic', username, password };
  throw new DictclipError(
    'E_CONFIG',
    'DICTCLIP_USERNAME is set but neither DICTCLIP_PASSWORD nor DICTCLIP_API_KEY is: set one of them',
    { key: 'DICTCLIP_PASSWORD' },
  );
}

/**
 * The credentials a remote service at `baseUrl` needs, from the environment.
 * @throws DictclipError E_CREDENTIALS_MISSING when none are set (E_CONFIG when half are).
 */
export function requireCredentials(env: NodeJS.ProcessEnv, baseUrl: string): Credentials {
  const credentials = credentialsFromEnv(env);
  if (credentials !== undefined) return credentials;
  throw new DictclipError(
    'E_CREDENTIALS_MISSING',
    `no credentials for ${baseUrl}: set DICTCLIP_USERNAME with DICTCLIP_PASSWORD or DICTCLIP_API_KEY in the environment`,
    { key: 'DICTCLIP_USERNAME' },
  );
}

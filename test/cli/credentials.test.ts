import { expect, test } from 'vitest';
import { credentialsFromEnv } from '../../src/cli/credentials.js';
import { describeCredentials } from '../../src/credentials.js';

test('user and password give Basic credentials', () => {
  expect(credentialsFromEnv({ DICTCLIP_USERNAME: 'alice', DICTCLIP_PASSWORD: 'pw1' })).toEqual({ scheme: 'basic', username: 'alice', password: 'pw1' });
});

test('user and API key give API-key credentials; the key wins over a password', () => {
  expect(credentialsFromEnv({ DICTCLIP_USERNAME: 'bob', DICTCLIP_API_KEY: 'k1' })).toEqual({ scheme: 'apikey', username: 'bob', apiKey: 'k1' });
  expect(credentialsFromEnv({ DICTCLIP_USERNAME: 'bob', DICTCLIP_API_KEY: 'k1', DICTCLIP_PASSWORD: 'pw' }))
    .toEqual({ scheme: 'apikey', username: 'bob', apiKey: 'k1' });
});

test('nothing set (or empty values) gives undefined', () => {
  expect(credentialsFromEnv({})).toBeUndefined();
  expect(credentialsFromEnv({ DICTCLIP_USERNAME: '', DICTCLIP_PASSWORD: '' })).toBeUndefined();
});

test('a user without a secret is E_CONFIG naming the missing variables', () => {
  expect(() => credentialsFromEnv({ DICTCLIP_USERNAME: 'alice' })).toThrow(expect.objectContaining({
    code: 'E_CONFIG', message: 'DICTCLIP_USERNAME is set but neither DICTCLIP_PASSWORD nor DICTCLIP_API_KEY is: set one of them',
  }));
});

test('a secret without a user is E_CONFIG naming DICTCLIP_USERNAME, never the value', () => {
  const attempt = (): unknown => credentialsFromEnv({ DICTCLIP_PASSWORD: 'hunter2-secret' });
  expect(attempt).toThrow(expect.objectContaining({ code: 'E_CONFIG', context: { key: 'DICTCLIP_USERNAME' } }));
  expect(attempt).toThrow(/DICTCLIP_PASSWORD is set but DICTCLIP_USERNAME is not/);
  expect(attempt).toThrow(expect.objectContaining({ message: expect.not.stringContaining('hunter2-secret') }));
  expect(() => credentialsFromEnv({ DICTCLIP_API_KEY: 'k' })).toThrow(/^DICTCLIP_API_KEY is set but DICTCLIP_USERNAME is not/);
});

test('describeCredentials names the user and scheme, never the secret', () => {
  expect(describeCredentials({ scheme: 'basic', username: 'alice', password: 'pw1' })).toBe('user "alice" (Basic)');
  expect(describeCredentials({ scheme: 'apikey', username: 'bob', apiKey: 'k1' })).toBe('user "bob" (API key)');
});

import { expect, test } from 'vitest';
import { authorizationHeader } from '../../src/client/authorization.js';

test('Basic is base64 of user:password (UTF-8)', () => {
  expect(authorizationHeader({ scheme: 'basic', username: 'alice', password: 'open sesame' })).toBe('Basic YWxpY2U6b3BlbiBzZXNhbWU=');
  expect(authorizationHeader({ scheme: 'basic', username: 'zoë', password: 'p:w' })).toBe('Basic em/DqzpwOnc=');
});

test('an API key is Bearer <user>:<key>', () => {
  expect(authorizationHeader({ scheme: 'apikey', username: 'bob', apiKey: 'abc123' })).toBe('Bearer bob:abc123');
});

/**
 * The Authorization header of spec section 5. The header value is a secret: it is only ever
 * handed to undici, never put into an error, a message or a log line.
 */
import type { Credentials } from '../credentials.js';

/**
 * `Basic base64(user:password)` for password credentials, `Bearer <user>:<apiKey>` for an API key.
 */
export function authorizationHeader(credentials: Credentials): string {
  if (credentials.scheme === 'basic') {
    const token = Buffer.from(`${credentials.username}:${credentials.password}`, 'utf8').toString('base64');
    return `Basic ${token}`;
  }
  return `Bearer ${credentials.username}:${credentials.apiKey}`;
}

/** The names of the environment variables that hold credentials, for messages. */
export const CREDENTIAL_VARIABLES = 'DICTCLIP_USERNAME with DICTCLIP_PASSWORD or DICTCLIP_API_KEY';

/**
 * The one credentials type, shared by the client (what it sends) and the embedded service (what
 * a request's Authorization header carries). The library never reads them from the environment:
 * a caller passes them (the CLI maps DICTCLIP_USERNAME/DICTCLIP_PASSWORD/DICTCLIP_API_KEY in
 * src/cli/credentials.ts). Secrets are never printed.
 */
export type Credentials =
  /** HTTP Basic: `Authorization: Basic base64(user:password)`. */
  | { readonly scheme: 'basic'; readonly username: string; readonly password: string }
  /** API key: `Authorization: Bearer <user>:<apiKey>`. */
  | { readonly scheme: 'apikey'; readonly username: string; readonly apiKey: string };

/** A description safe to print: `user "alice" (Basic)` or `user "alice" (API key)`; never the secret. */
export function describeCredentials(credentials: Credentials): string {
  return `user "${credentials.username}" (${credentials.scheme === 'basic' ? 'Basic' : 'API key'})`;
}

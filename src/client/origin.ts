/**
 * Credentials go to the base URL's origin only. A service that answers a `Location` header or an
 * observer URL on another origin (another scheme, host or port: an https base URL answered with
 * http is another origin) is refused before anything is sent there, and the transport refuses
 * any request outside the origin, so the Authorization header never leaves it.
 */
import { DictclipError, redactUrl } from '../errors.js';

/** The origin (`scheme://host[:port]`) of a URL, or undefined when it is not one. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Throw `E_CROSS_ORIGIN` unless `url` is on `origin`.
 * @param what what named the URL, for the message (e.g. "the Location header of POST …").
 */
export function requireOrigin(url: string, origin: string, what: string, context: { method?: string; status?: number } = {}): void {
  const found = originOf(url);
  if (found === origin) return;
  const downgrade = found !== undefined && origin.startsWith('https:') && found.startsWith('http:');
  throw new DictclipError(
    'E_CROSS_ORIGIN',
    `${what} names ${redactUrl(url)}, on another origin than the service (${origin})${downgrade ? ', and without https' : ''}: ` +
      'dictclip sends nothing there, so the credentials stay with the service they belong to.',
    { ...context, url: redactUrl(url) },
  );
}

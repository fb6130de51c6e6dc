/**
 * Who may talk to the review server. Two checks, both before any route:
 * - `Host` must name the server as it listens: the loopback names on loopback; on a wildcard
 *   address (`0.0.0.0`, `::`) every address of this machine's interfaces; else the address given;
 *   plus the `publicHosts` the user names. So a DNS-rebinding page (its own name resolving to this
 *   machine) is refused whatever `--host` is.
 * - With a token the user chose, every request must carry it: the `dictclip-review` cookie (set
 *   when `/?token=<token>` is opened) or the `x-dictclip-token` header.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';

const WILDCARDS = new Set(['0.0.0.0', '::', '']);
export const TOKEN_COOKIE = 'dictclip-review';

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** A host as a URL writes it: IPv6 in brackets. */
export function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The names and addresses this server answers to, as `Host` values (`name:port`, and bare at port
 * 80); `bound` is the address the socket got (a `--host` name's own address).
 */
export function allowedHosts(host: string, port: number, publicHosts: readonly string[], bound?: string): Set<string> {
  const names = new Set<string>(publicHosts.map((name) => name.toLowerCase()));
  if (bound !== undefined && !WILDCARDS.has(bound)) names.add(bound.toLowerCase());
  if (isLoopback(host) || WILDCARDS.has(host)) for (const name of ['127.0.0.1', 'localhost', '::1']) names.add(name);
  if (WILDCARDS.has(host)) {
    const ipv4Only = host === '0.0.0.0';
    for (const addresses of Object.values(networkInterfaces())) {
      for (const a of addresses ?? []) if (!ipv4Only || a.family === 'IPv4') names.add(a.address.toLowerCase());
    }
  } else {
    names.add(host.toLowerCase());
  }
  const hosts = new Set<string>();
  for (const name of names) {
    hosts.add(`${urlHost(name)}:${port}`);
    if (port === 80) hosts.add(urlHost(name));
  }
  return hosts;
}

/** The warning of a server reachable beyond this machine without a token the user chose, else undefined. */
export function exposureWarning(host: string, port: number, tokenChosen: boolean): string | undefined {
  if (isLoopback(host) || tokenChosen) return undefined;
  return `the review listens on ${urlHost(host)}:${port}, beyond this machine, without a token you chose: anyone who can reach it ` +
    'can read the run, its audio and its transcripts, and save corrections through the page. Give a token (DICTCLIP_REVIEW_TOKEN, ' +
    'then open the page with ?token=<it>), or listen on 127.0.0.1.';
}

export function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined || given.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(token));
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * With a chosen `token`: `ok` when the request carries it, `enter` when it is `/?token=<token>`
 * (answer with the cookie and a redirect to `/`), else `refused`.
 */
export function tokenGate(req: IncomingMessage, url: URL, token: string): 'ok' | 'enter' | 'refused' {
  const header = req.headers['x-dictclip-token'];
  if (sameToken(cookie(req, TOKEN_COOKIE), token) || (typeof header === 'string' && sameToken(header, token))) return 'ok';
  if (url.pathname === '/' && sameToken(url.searchParams.get('token') ?? undefined, token)) return 'enter';
  return 'refused';
}

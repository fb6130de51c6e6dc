/** Request and response helpers of the embedded service (node:http, no framework). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { networkInterfaces } from 'node:os';
import { encodeBody, negotiateEncoding } from './compress.js';
import { HttpError } from './error-responses.js';
import { isDictclipError } from '../errors.js';
import { readRequestBody } from '../request-body.js';

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;
const FORM_LIMIT = 64 * 1024;
const FORM_TIMEOUT_MS = 30_000;

/** Names of this machine a Host header may use: loopback and the addresses of its interfaces. */
function ownAddresses(): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  for (const list of Object.values(networkInterfaces())) {
    for (const address of list ?? []) names.add(address.family === 'IPv6' ? `[${address.address.toLowerCase()}]` : address.address);
  }
  return names;
}

/**
 * The base URL of Location headers and URLs in bodies: `publicUrl` when the service was given one;
 * else `http://{Host}` only when Host names this service's own port at one of this machine's own
 * addresses (loopback, an interface address, the listening address); else the listening address.
 * A Host header naming any other name (e.g. a hostile `evil.example`) is never echoed.
 */
export function baseUrl(req: IncomingMessage, listenAddress: string, publicUrl?: string): string {
  if (publicUrl !== undefined) return publicUrl;
  const host = req.headers.host?.toLowerCase();
  if (host !== undefined && HOST_PATTERN.test(host)) {
    const colon = host.lastIndexOf(':');
    const [name, port] = colon > host.lastIndexOf(']') ? [host.slice(0, colon), host.slice(colon + 1)] : [host, '80'];
    const listenPort = listenAddress.slice(listenAddress.lastIndexOf(':') + 1);
    if (port === listenPort && (host === listenAddress.toLowerCase() || ownAddresses().has(name))) return `http://${host}`;
  }
  return `http://${listenAddress}`;
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Read an `application/x-www-form-urlencoded` body (415 for another type, 413 past 64 KiB; a body
 * that takes more than 30 s loses the connection).
 */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  if (mediaType(req) !== 'application/x-www-form-urlencoded') {
    throw new HttpError(415, 'E_UNSUPPORTED_MEDIA_TYPE', 'Send the form as Content-Type: application/x-www-form-urlencoded.');
  }
  try {
    return new URLSearchParams((await readRequestBody(req, { maxBytes: FORM_LIMIT, timeoutMs: FORM_TIMEOUT_MS })).toString('utf8'));
  } catch (error) {
    if (isDictclipError(error, 'E_TOO_LARGE')) throw new HttpError(413, 'E_TOO_LARGE', `The form is larger than ${FORM_LIMIT} bytes.`);
    if (isDictclipError(error, 'E_TIMEOUT'))
      throw new HttpError(408, 'E_BAD_REQUEST', `The form did not arrive within ${FORM_TIMEOUT_MS} ms.`);
    throw error;
  }
}

/** Send a complete body. */
export function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { ...headers, 'Content-Type': contentType, 'Content-Length': String(bytes.length) });
  res.end(bytes);
}

/** Send text/plain UTF-8. */
export function sendText(res: ServerResponse, text: string, status = 200): void {
  send(res, status, 'text/plain; charset=utf-8', text);
}

const xmlFilters = new WeakMap<ServerResponse, (xml: string) => string>();

/**
 * Rewrite the XML that {@link sendXml} sends on `res` (a layer around a handler, e.g. the
 * per-dictation faults of the scripted engine, changes a response without the handler knowing).
 */
export function filterXml(res: ServerResponse, filter: (xml: string) => string): void {
  xmlFilters.set(res, filter);
}

/** Send text/xml, gzip- or deflate-encoded when Accept-Encoding asks for it. */
export async function sendXml(req: IncomingMessage, res: ServerResponse, xml: string, status = 200): Promise<void> {
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const text = xmlFilters.get(res)?.(xml) ?? xml;
  const body = await encodeBody(Buffer.from(text, 'utf8'), encoding);
  const headers: Record<string, string> = { Vary: 'Accept-Encoding' };
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  send(res, status, 'text/xml; charset=utf-8', body, headers);
}

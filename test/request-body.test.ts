import { once } from 'node:events';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { isDictclipError } from '../src/errors.js';
import { readRequestBody, type BodyLimits } from '../src/request-body.js';

let limits: BodyLimits = { maxBytes: 10, timeoutMs: 10_000 };
/** What the server's reader gave for each request: the body's text or the error's code. */
const results: string[] = [];
const server = createServer((req: IncomingMessage, res) => {
  readRequestBody(req, limits).then(
    (body) => results.push(`body:${body.toString('utf8')}`),
    (error: unknown) => results.push(isDictclipError(error) ? error.code : 'other'),
  ).finally(() => res.end());
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const port = (server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Send `parts` one write each (chunked unless `length` is given); resolves when the server answered or dropped the socket. */
async function send(parts: string[], options: { length?: number; end?: boolean } = {}): Promise<string> {
  const before = results.length;
  const req = request({ port, host: '127.0.0.1', method: 'POST', headers: options.length === undefined ? {} : { 'content-length': options.length } });
  const done = new Promise<void>((resolve) => {
    req.on('response', (res) => res.resume().on('end', resolve));
    req.on('error', () => resolve());
  });
  for (const part of parts) req.write(part);
  if (options.end !== false) req.end();
  await done;
  while (results.length === before) await new Promise((resolve) => setImmediate(resolve));
  return results[before] ?? '';
}

describe('readRequestBody', () => {
  it('reads a body whole, up to its cap exactly', async () => {
    limits = { maxBytes: 10, timeoutMs: 10_000 };
    expect(await send(['hello', ' wor', 'l'])).toBe('body:hello worl');
    expect(await send(['0123456789'], { length: 10 })).toBe('body:0123456789');
  });

  it('refuses a declared length past the cap before reading, and a chunked body once past it', async () => {
    limits = { maxBytes: 10, timeoutMs: 10_000 };
    expect(await send(['0123456789a'], { length: 11 })).toBe('E_TOO_LARGE');
    expect(await send(['01234', '56789', 'a'])).toBe('E_TOO_LARGE');
  });

  it('gives up on a body that never ends within its time', async () => {
    limits = { maxBytes: 10, timeoutMs: 50 };
    expect(await send(['012'], { length: 10, end: false })).toBe('E_TIMEOUT');
  });
});

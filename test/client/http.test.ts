import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DictationClient } from '../../src/client/client.js';
import { isDictclipError, type DictclipError } from '../../src/errors.js';
import type { ClientOptions } from '../../src/client/types.js';
import type { RetryEvent, RetryOptions } from '../../src/client/retry.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const PASSWORD = 's3cr3t-pa55';
const API_KEY = 'k3y-0f-b0b';
let server: TestServer;
const clients: DictationClient[] = [];
const location = (): string => `${server.url}/SCDictation/rest/t/dictations/d1`;

function client(options: Partial<ClientOptions> = {}): DictationClient {
  const created = new DictationClient({
    baseUrl: server.url, credentials: { scheme: 'basic', username: 'alice', password: PASSWORD },
    ...options, retry: { backoffBaseMs: 1, backoffLimitMs: 5, ...options.retry },
  });
  clients.push(created);
  return created;
}

async function failure(promise: Promise<unknown>): Promise<DictclipError> {
  try {
    await promise;
  } catch (error) {
    if (isDictclipError(error)) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

/** Everything an error could show a user or a log. */
function printable(error: DictclipError): string {
  return `${error.message}\n${error.describe()}\n${JSON.stringify(error.context)}`;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  server.requests.length = 0;
});
afterAll(async () => {
  await server.close();
});

describe('authentication failures', () => {
  test('401 is E_AUTH naming the variables, not retried, never showing the password', async () => {
    server.handle((_req, res) => res.writeHead(401, { 'content-type': 'text/xml' }).end('<error><status>401</status></error>'));
    const error = await failure(client().getText(location()));
    expect(error.code).toBe('E_AUTH');
    expect(error.message).toContain('refused the credentials');
    expect(error.message).toContain('password must also be changed before its first use');
    for (const name of ['DICTCLIP_USERNAME', 'DICTCLIP_PASSWORD', 'DICTCLIP_API_KEY']) expect(error.message).toContain(name);
    expect(error.context).toMatchObject({ status: 401, method: 'GET', url: `${location()}/text`, attempts: 1 });
    expect(printable(error)).not.toContain(PASSWORD);
    expect(printable(error)).not.toContain(Buffer.from(`alice:${PASSWORD}`).toString('base64'));
    expect(server.requests).toHaveLength(1);
  });

  test('403 is E_AUTH saying the password must be changed; an API key never appears', async () => {
    server.handle((_req, res) => res.writeHead(403).end('password change required'));
    const error = await failure(client({ credentials: { scheme: 'apikey', username: 'bob', apiKey: API_KEY } }).isDone(location()));
    expect(error.code).toBe('E_AUTH');
    expect(error.message).toContain("password must be changed before its first use");
    expect(error.message).toContain('DICTCLIP_API_KEY');
    expect(error.context).toMatchObject({ status: 403, bodyExcerpt: 'password change required' });
    expect(printable(error)).not.toContain(API_KEY);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer bob:${API_KEY}`);
  });
});

describe('status and retries', () => {
  test('a persistent 500 is retried retry.limit times, then E_HTTP_STATUS with attempts and a body excerpt', async () => {
    server.handle((_req, res) => res.writeHead(500).end(`boom ${'x'.repeat(400)}`));
    const error = await failure(client({ retry: { limit: 2 } }).getText(location()));
    expect(error.code).toBe('E_HTTP_STATUS');
    expect(error.context).toMatchObject({ status: 500, attempts: 3, method: 'GET' });
    expect(error.context.bodyExcerpt).toBe(`boom ${'x'.repeat(295)}…`);
    expect(server.requests).toHaveLength(3);
  });

  test('an unexpected non-transient status (404) is not retried', async () => {
    server.handle((_req, res) => res.writeHead(404).end('no such dictation'));
    const error = await failure(client().getDictation(location()));
    expect(error.code).toBe('E_HTTP_STATUS');
    expect(error.context).toMatchObject({ status: 404, attempts: 1, bodyExcerpt: 'no such dictation' });
    expect(server.requests).toHaveLength(1);
  });

  test('200 where 201 is expected is E_HTTP_STATUS', async () => {
    server.handle((_req, res) => res.end('ok'));
    await expect(client().createDictation({ audioUrl: 'u', audioFormat: 'ogg' })).rejects.toMatchObject({
      code: 'E_HTTP_STATUS', context: { status: 200, method: 'POST' },
    });
  });

  test('429, 502 and 504 are retried until success', async () => {
    const statuses = [429, 502, 504];
    server.handle((_req, res, index) => {
      const status = statuses[index];
      if (status === undefined) res.end('true');
      else res.writeHead(status).end();
    });
    await expect(client().isDone(location())).resolves.toBe(true);
    expect(server.requests).toHaveLength(4);
  });

  test('a response reset mid-body is retried and the full body returned', async () => {
    server.handle((_req, res, index) => {
      if (index === 0) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('My text so', () => setImmediate(() => res.socket?.destroy()));
      } else {
        res.end('My text so far.');
      }
    });
    await expect(client().getText(location())).resolves.toBe('My text so far.');
    // One retry loop: the broken exchange is repeated whole (no Range resume), once.
    expect(server.requests.map((r) => r.headers.range)).toEqual([undefined, undefined]);
    expect(server.requests.every((r) => r.url === '/SCDictation/rest/t/dictations/d1/text')).toBe(true);
  });

  test('a refused connection before the service ever answered is E_NETWORK at once, without retries', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const c = client({ baseUrl: `http://127.0.0.1:${port}`, retry: { limit: 6 } });
    const error = await failure(c.getText(`http://127.0.0.1:${port}/d`));
    expect(error.code).toBe('E_NETWORK');
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.context).toMatchObject({ attempts: 1, method: 'GET', url: `http://127.0.0.1:${port}/d/text` });
  });
});

describe('timeouts and aborts', () => {
  test('no answer within requestTimeoutMs is E_TIMEOUT', async () => {
    server.handle(() => undefined);
    const error = await failure(client({ requestTimeoutMs: 100, retry: { limit: 1 } }).getText(location()));
    expect(error.code).toBe('E_TIMEOUT');
    expect(error.context.attempts).toBe(2);
    expect(server.requests).toHaveLength(2);
  });

  test('aborting a pending request is E_ABORTED', async () => {
    const controller = new AbortController();
    server.handle(() => controller.abort());
    const error = await failure(client().getText(location(), { signal: controller.signal }));
    expect(error.code).toBe('E_ABORTED');
    expect(server.requests).toHaveLength(1);
  });

  test('an already aborted signal sends nothing', async () => {
    const error = await failure(client().isDone(location(), { signal: AbortSignal.abort() }));
    expect(error.code).toBe('E_ABORTED');
    expect(server.requests).toHaveLength(0);
  });
});

describe('the retry hook: the transport tells the policy\'s onRetry of every retry, 1 ms backoff', () => {
  const hooked = (retry: RetryOptions): DictationClient =>
    client({ credentials: { scheme: 'apikey', username: 'u', apiKey: API_KEY }, retry: { backoffBaseMs: 1, backoffLimitMs: 5, ...retry } });

  test('503 twice then 200: the hook is told attempts 1 and 2 with their errors and waits, and the third answer is the result', async () => {
    server.handle((_req, res, index) => {
      if (index < 2) res.writeHead(503, { 'content-type': 'text/xml' }).end('<error><code>E_BUSY</code></error>');
      else res.end('the text');
    });
    const events: RetryEvent[] = [];
    const text = await hooked({ backoffBaseMs: 1, backoffLimitMs: 4, jitter: false, onRetry: (event) => events.push(event) }).getText(
      location(),
    );
    expect(text).toBe('the text');
    expect(server.requests).toHaveLength(3);
    expect(
      events.map((e) => ({
        attempt: e.attempt,
        delayMs: e.delayMs,
        request: e.request,
        code: e.error.code,
        status: e.error.context.status,
        attempts: e.error.context.attempts,
      })),
    ).toEqual([
      { attempt: 1, delayMs: 1, request: { method: 'GET', url: `${location()}/text` }, code: 'E_BUSY', status: 503, attempts: 1 },
      { attempt: 2, delayMs: 2, request: { method: 'GET', url: `${location()}/text` }, code: 'E_BUSY', status: 503, attempts: 2 },
    ]);
    expect(JSON.stringify(events)).not.toContain(API_KEY);
  });

  test('the wait a Retry-After asks for is capped, and the hook says the capped wait', async () => {
    server.handle((_req, res, index) => {
      if (index === 0) res.writeHead(429, { 'retry-after': '3600' }).end();
      else res.end('ok');
    });
    const events: RetryEvent[] = [];
    expect(await hooked({ maxRetryAfterMs: 3, onRetry: (event) => events.push(event) }).getText(location())).toBe('ok');
    expect(events.map((e) => [e.attempt, e.delayMs, e.error.code, e.error.context.status])).toEqual([[1, 3, 'E_HTTP_STATUS', 429]]);
  });

  test('a connection reset is retried and told as E_NETWORK; past the limit the request fails with every attempt counted', async () => {
    server.handle((_req, res) => res.socket?.destroy());
    const events: RetryEvent[] = [];
    const failed = await hooked({ limit: 2, backoffBaseMs: 1, backoffLimitMs: 1, onRetry: (event) => events.push(event) })
      .getText(location())
      .catch((error: unknown) => error);
    expect(isDictclipError(failed, 'E_NETWORK')).toBe(true);
    expect((failed as { context: { attempts?: number } }).context.attempts).toBe(3);
    expect(events.map((e) => [e.attempt, e.error.code])).toEqual([[1, 'E_NETWORK'], [2, 'E_NETWORK']]);
    expect(server.requests).toHaveLength(3);
  });

  test('a status outside statusCodes is not retried and the hook is never told', async () => {
    server.handle((_req, res) => res.writeHead(503).end());
    const events: RetryEvent[] = [];
    const failed = await hooked({ statusCodes: [429], onRetry: (event) => events.push(event) })
      .getText(location())
      .catch((error: unknown) => error);
    expect(isDictclipError(failed, 'E_HTTP_STATUS')).toBe(true);
    expect(events).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});

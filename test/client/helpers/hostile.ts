/**
 * A hostile dictation service for tests: a real HTTP (and WebSocket) server on port 0 whose
 * answers the test scripts, request by request — by default it forwards to a real upstream (the
 * embedded service), so a whole run works until the script turns hostile. The answers here are
 * the attacks a security test tries: a Location on another origin, huge bodies, gzip bombs, slow drips and
 * hostile WebSocket messages.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createGzip } from 'node:zlib';
import { request } from 'undici';
import { WebSocketServer, type WebSocket } from 'ws';
import { startTestServer, type Handler, type RecordedRequest, type TestServer } from './server.js';

export type { RecordedRequest } from './server.js';

export interface HostileService extends TestServer {
  /** Script every WebSocket session (any path): the handler gets the socket and the upgrade request. */
  onWebSocket(handler: (socket: WebSocket, request: IncomingMessage) => void): void;
}

/** A handler that counts the body bytes it wrote (over all the requests it answered). */
export type CountingHandler = Handler & { readonly sent: number };

function counting(make: (add: (bytes: number) => void) => Handler): CountingHandler {
  let sent = 0;
  const handler = make((bytes) => {
    sent += bytes;
  });
  return Object.defineProperty(handler, 'sent', { get: () => sent }) as CountingHandler;
}

/** Start a hostile service: `handler` answers HTTP requests (404 until one is set). */
export async function startHostileService(handler?: Handler): Promise<HostileService> {
  const base = await startTestServer(handler ?? ((_req, res) => res.writeHead(404).end()));
  let onSession: (socket: WebSocket, request: IncomingMessage) => void = (socket) => socket.close(1011);
  const wss = new WebSocketServer({ server: base.server, perMessageDeflate: false });
  wss.on('connection', (socket, req) => onSession(socket, req));
  const closeServer = base.close;
  return Object.assign(base, {
    onWebSocket(next: (socket: WebSocket, request: IncomingMessage) => void) {
      onSession = next;
    },
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await closeServer();
    },
  });
}

/**
 * Forward a request to `upstream` (same method, path, headers and body) and relay its answer, as
 * a reverse proxy does: the upstream's own address in a Location header or a text body (the
 * dictation XML, an observer URL) is rewritten to this server's, and this server's address in a
 * form (the audio-url of a dictation) to the upstream's.
 */
export function forwardTo(upstream: string): Handler {
  return async (req, res) => {
    const { host, connection: _connection, ...headers } = req.headers;
    const own = `http://${host ?? ''}`;
    const form = req.headers['content-type'] === 'application/x-www-form-urlencoded';
    const sent = form ? req.body.toString('utf8').replaceAll(encodeURIComponent(own), encodeURIComponent(upstream)) : req.body;
    if (form) delete headers['content-length'];
    const answer = await request(`${upstream}${req.url}`, {
      method: req.method as 'GET',
      headers: headers as Record<string, string>,
      ...(sent.length > 0 ? { body: sent } : {}),
    });
    let body = Buffer.from(await answer.body.arrayBuffer());
    const relayed = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !['connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)));
    if (typeof relayed['location'] === 'string') relayed['location'] = relayed['location'].replaceAll(upstream, own);
    if (answer.headers['content-encoding'] === undefined && body.includes(upstream)) body = Buffer.from(body.toString('utf8').replaceAll(upstream, own));
    res.writeHead(answer.statusCode, relayed as Record<string, string>).end(body);
  };
}

/** Answer `status` (201 by default) with a Location header (e.g. on another server). */
export function answerLocation(location: string, status = 201): Handler {
  return (_req, res) => res.writeHead(status, { location }).end();
}

/**
 * Stream `bytes` bytes of `x` (as fast as the client reads), announcing the length or not; stops
 * when the client goes away.
 */
export function hugeBody(bytes: number, options: { contentLength?: boolean } = {}): CountingHandler {
  const chunk = Buffer.alloc(1 << 20, 'x');
  return counting((count) => (_req, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/plain', ...(options.contentLength === true ? { 'content-length': String(bytes) } : {}) });
    let left = bytes;
    const pump = (): void => {
      while (left > 0 && !res.destroyed) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        count(piece.length);
        if (!res.write(piece)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });
}

const bombs = new Map<number, Promise<Buffer>>();

/** The gzip of `inflatedBytes` zero bytes, made by streaming (never `inflatedBytes` in memory); cached. */
export function gzipBombBytes(inflatedBytes: number): Promise<Buffer> {
  let bomb = bombs.get(inflatedBytes);
  if (bomb === undefined) {
    bomb = new Promise<Buffer>((resolve, reject) => {
      const gzip = createGzip({ level: 9 });
      const parts: Buffer[] = [];
      gzip.on('data', (part: Buffer) => parts.push(part));
      gzip.on('end', () => resolve(Buffer.concat(parts)));
      gzip.on('error', reject);
      const zeros = Buffer.alloc(1 << 20);
      let left = inflatedBytes;
      const feed = (): void => {
        while (left > 0) {
          const piece = left >= zeros.length ? zeros : zeros.subarray(0, left);
          left -= piece.length;
          if (!gzip.write(piece)) {
            gzip.once('drain', feed);
            return;
          }
        }
        gzip.end();
      };
      feed();
    });
    bombs.set(inflatedBytes, bomb);
  }
  return bomb;
}

/** Answer 200 with `Content-Encoding: gzip` and a small body inflating to `inflatedBytes`. */
export function gzipBomb(inflatedBytes: number): Handler {
  return async (_req, res) => {
    const body = await gzipBombBytes(inflatedBytes);
    res.writeHead(200, { 'content-type': 'text/xml', 'content-encoding': 'gzip', 'content-length': String(body.length) }).end(body);
  };
}

/**
 * Answer 200 at once, then drip `bytes` bytes of `body` one every `intervalMs` (each byte keeps
 * an idle timeout from firing), then end; stops when the client goes away.
 */
export function drip(options: { intervalMs: number; bytes: number; body?: string }): CountingHandler {
  return counting((count) => (_req, res) => {
    const text = options.body ?? 'false';
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.flushHeaders();
    let sent = 0;
    const timer = setInterval(() => {
      if (res.destroyed || sent >= options.bytes) {
        clearInterval(timer);
        if (!res.destroyed) res.end();
        return;
      }
      res.write(text[sent % text.length] ?? ' ');
      sent += 1;
      count(1);
    }, options.intervalMs);
    res.on('close', () => clearInterval(timer));
  });
}

/** Send one protocol message `{ method, data }` on a WebSocket. */
export function sendMessage(socket: WebSocket, method: string, data: Record<string, unknown>): void {
  socket.send(JSON.stringify({ method, data }));
}

/** The requests that carried an Authorization header. */
export function withCredentials(requests: readonly RecordedRequest[]): RecordedRequest[] {
  return requests.filter((req) => req.headers.authorization !== undefined);
}

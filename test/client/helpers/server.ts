/** A real node:http server on port 0 that records every request (for client tests). */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type Handler = (req: RecordedRequest, res: ServerResponse, index: number) => unknown;

export interface TestServer {
  /** `http://127.0.0.1:<port>` without a trailing slash. */
  url: string;
  requests: RecordedRequest[];
  /** TCP connections accepted so far (0 proves that nothing at all arrived). */
  readonly connections: number;
  /** The node:http server (e.g. to attach a WebSocket server). */
  server: Server;
  /** Replace the handler for the next requests. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** Start a server whose handler sees each request with its body fully read. */
export async function startTestServer(handler: Handler = (_req, res) => res.end()): Promise<TestServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      void Promise.resolve(current(recorded, res, requests.length - 1)).catch((error: unknown) => {
        res.destroy(error as Error);
      });
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    connections += 1;
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get connections() {
      return connections;
    },
    server,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

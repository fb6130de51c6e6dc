/**
 * A request body read whole by the project's servers (the embedded service's forms, the review's
 * saves): never more than `maxBytes` (a declared Content-Length past it is refused before a byte
 * is read) and never longer than `timeoutMs` (a client that trickles its body loses the connection).
 */
import type { IncomingMessage } from 'node:http';
import { DictclipError } from './errors.js';

export interface BodyLimits {
  /** Largest body accepted; past it `E_TOO_LARGE`. */
  readonly maxBytes: number;
  /** Longest the whole body may take to arrive; past it `E_TIMEOUT` and the request is destroyed. */
  readonly timeoutMs: number;
}

/** Read `req`'s body whole within `limits`: `E_TOO_LARGE` or `E_TIMEOUT` (a DictclipError) else. */
export async function readRequestBody(req: IncomingMessage, { maxBytes, timeoutMs }: BodyLimits): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  const tooLarge = (): DictclipError => new DictclipError('E_TOO_LARGE', `The request body is larger than ${maxBytes} bytes.`);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const timer = setTimeout(() => {
    req.destroy(new DictclipError('E_TIMEOUT', `The request body did not arrive within ${timeoutMs} ms.`));
  }, timeoutMs);
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  } finally {
    clearTimeout(timer);
  }
}

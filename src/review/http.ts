/** Small HTTP pieces of the review server: JSON answers, files with Range. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import parseRange from 'range-parser';

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

/** The page's own policy: its scripts, styles, audio and API from this origin only; no framing. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const data = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(data),
  });
  res.end(data);
}

export function sendError(res: ServerResponse, status: number, error: string, message: string): void {
  sendJson(res, status, { error, message });
}

export function sendText(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string | Buffer,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': contentType, 'content-length': Buffer.byteLength(body), ...extra });
  res.end(body);
}

/**
 * Send a file, honouring one `Range: bytes=…` (206 with Content-Range; 416 when it cannot be
 * satisfied), so an audio element can seek. Several ranges are answered with the whole file.
 */
export async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, contentType: string): Promise<void> {
  const size = (await stat(file)).size;
  const headers = { ...SECURITY_HEADERS, 'content-type': contentType, 'accept-ranges': 'bytes' };
  const range = req.headers.range === undefined ? undefined : parseRange(size, req.headers.range, { combine: true });
  if (range === -1) {
    res.writeHead(416, { ...headers, 'content-range': `bytes */${size}` });
    res.end();
    return;
  }
  const one = Array.isArray(range) && range.type === 'bytes' && range.length === 1 ? range[0] : undefined;
  const [start, end] = one === undefined ? [0, size - 1] : [one.start, one.end];
  res.writeHead(one === undefined ? 200 : 206, {
    ...headers, 'content-length': Math.max(0, end - start + 1),
    ...(one === undefined ? {} : { 'content-range': `bytes ${start}-${end}/${size}` }),
  });
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  const stream = createReadStream(file, { start, end });
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

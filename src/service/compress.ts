/**
 * Response compression negotiated from Accept-Encoding (gzip or deflate, node:zlib), used by the
 * XML responses (statistics calls of spec 4.6/4.7 list `Accept-Encoding: gzip, deflate`).
 */
import { promisify } from 'node:util';
import { deflate, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

export type Encoding = 'gzip' | 'deflate' | 'identity';

/**
 * Pick the encoding for an Accept-Encoding header: gzip before deflate, honouring `q=0`.
 * @returns 'identity' when the header asks for neither.
 */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (header === undefined) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const star = accepted.get('*') ?? 0;
  const gz = accepted.get('gzip') ?? star;
  const df = accepted.get('deflate') ?? star;
  if (gz > 0 && gz >= df) return 'gzip';
  if (df > 0) return 'deflate';
  return 'identity';
}

/** Encode a body; identity returns the bytes unchanged. */
export async function encodeBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body);
  if (encoding === 'deflate') return deflateAsync(body);
  return body;
}

/**
 * Response body decoding for `Content-Encoding: gzip | deflate` (statistics calls ask for them).
 * node:zlib rather than undici's decompress interceptor, which is experimental in undici 7 and
 * prints a warning on every run.
 */
import { promisify } from 'node:util';
import { gunzip, inflate, inflateRaw } from 'node:zlib';
import { DictclipError } from '../errors.js';

const gunzipAsync = promisify(gunzip);
const inflateAsync = promisify(inflate);
const inflateRawAsync = promisify(inflateRaw);

/**
 * Decode a body by its Content-Encoding and return it as UTF-8 text. `deflate` is accepted both
 * zlib-wrapped (RFC 1950, as the standard says) and raw (RFC 1951, as some servers send it).
 * Unknown or absent encodings leave the bytes as they are.
 * @throws DictclipError E_RESPONSE_INVALID when the body does not decode.
 */
export async function decodeBody(body: Buffer, contentEncoding: string | string[] | undefined): Promise<string> {
  try {
    return await decode(body, contentEncoding);
  } catch (error) {
    throw new DictclipError('E_RESPONSE_INVALID', `the response body is not valid ${String(contentEncoding)} data`, { cause: error });
  }
}

async function decode(body: Buffer, contentEncoding: string | string[] | undefined): Promise<string> {
  const encoding = (Array.isArray(contentEncoding) ? contentEncoding.join(',') : contentEncoding ?? '')
    .trim()
    .toLowerCase();
  if (body.length === 0 || encoding === '' || encoding === 'identity') return body.toString('utf8');
  if (encoding === 'gzip' || encoding === 'x-gzip') return (await gunzipAsync(body)).toString('utf8');
  if (encoding === 'deflate') {
    try {
      return (await inflateAsync(body)).toString('utf8');
    } catch {
      return (await inflateRawAsync(body)).toString('utf8');
    }
  }
  return body.toString('utf8');
}

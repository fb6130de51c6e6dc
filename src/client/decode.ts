/**
 * Response body decoding for `Content-Encoding: gzip | deflate` (statistics calls ask for them).
 * node:zlib rather than undici's decompress interceptor, which is experimental in undici 7 and
 * prints a warning on every run. zlib's `maxOutputLength` stops inflating at the cap, so a small
 * body that would inflate to gigabytes (a "gzip bomb") costs at most the cap in memory.
 */
import { promisify } from 'node:util';
import { gunzip, inflate, inflateRaw, type ZlibOptions } from 'node:zlib';
import { DictclipError } from '../errors.js';

const gunzipAsync = promisify<Buffer, ZlibOptions, Buffer>(gunzip);
const inflateAsync = promisify<Buffer, ZlibOptions, Buffer>(inflate);
const inflateRawAsync = promisify<Buffer, ZlibOptions, Buffer>(inflateRaw);

/** A cap on the decoded size, and the error (with the caller's request context) thrown past it. */
export interface DecodedLimit {
  maxBytes: number;
  tooLarge: () => DictclipError;
}

const TOO_LARGE = 'ERR_BUFFER_TOO_LARGE';

/**
 * Decode a body by its Content-Encoding and return it as UTF-8 text. `deflate` is accepted both
 * zlib-wrapped (RFC 1950, as the standard says) and raw (RFC 1951, as some servers send it).
 * Unknown or absent encodings leave the bytes as they are.
 * @throws DictclipError `limit.tooLarge()` past `limit.maxBytes` decoded; E_RESPONSE_INVALID when the body does not decode.
 */
export async function decodeBody(body: Buffer, contentEncoding: string | string[] | undefined, limit?: DecodedLimit): Promise<string> {
  try {
    return await decode(body, contentEncoding, limit?.maxBytes ?? Infinity);
  } catch (error) {
    if ((error as { code?: unknown }).code === TOO_LARGE && limit !== undefined) throw limit.tooLarge();
    throw new DictclipError('E_RESPONSE_INVALID', `the response body is not valid ${String(contentEncoding)} data`, { cause: error });
  }
}

async function decode(body: Buffer, contentEncoding: string | string[] | undefined, maxBytes: number): Promise<string> {
  const encoding = (Array.isArray(contentEncoding) ? contentEncoding.join(',') : contentEncoding ?? '')
    .trim()
    .toLowerCase();
  const options: ZlibOptions = Number.isFinite(maxBytes) ? { maxOutputLength: maxBytes } : {};
  if (body.length === 0 || encoding === '' || encoding === 'identity') return body.toString('utf8');
  if (encoding === 'gzip' || encoding === 'x-gzip') return (await gunzipAsync(body, options)).toString('utf8');
  if (encoding === 'deflate') {
    try {
      return (await inflateAsync(body, options)).toString('utf8');
    } catch (error) {
      if ((error as { code?: unknown }).code === TOO_LARGE) throw error;
      return (await inflateRawAsync(body, options)).toString('utf8');
    }
  }
  return body.toString('utf8');
}

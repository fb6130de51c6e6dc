import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBody } from '../../src/client/decode.js';
import { DictclipError } from '../../src/errors.js';

const text = '<properties><entry key="Transcription">My text so far.</entry></properties>';

describe('decodeBody', () => {
  it.each([
    ['gzip', gzipSync(text)],
    ['x-gzip', gzipSync(text)],
    ['deflate', deflateSync(text)],
    ['deflate', deflateRawSync(text)],
    ['GZIP', gzipSync(text)],
    ['identity', Buffer.from(text)],
    [undefined, Buffer.from(text)],
  ])('decodes Content-Encoding %s', async (encoding, body) => {
    expect(await decodeBody(body, encoding)).toBe(text);
  });

  it('reports a corrupt body as E_RESPONSE_INVALID', async () => {
    const error = await decodeBody(Buffer.from('not gzip at all'), 'gzip').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DictclipError);
    expect((error as DictclipError).code).toBe('E_RESPONSE_INVALID');
  });
});

import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './helpers.js';

/** `size` bytes that start as a WAV file does (uploads must start as their Content-Type's container). */
function wavBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size, 1);
  bytes.write('RIFF\0\0\0\0WAVE', 0, 'latin1');
  return bytes;
}

async function* chunks(total: number, size = 64 * 1024): AsyncGenerator<Buffer> {
  const chunk = wavBytes(size);
  for (let sent = 0; sent < total; sent += size) yield sent + size <= total ? chunk : chunk.subarray(0, total - sent);
}

async function filesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true }).catch(() => [] as string[])).map(String);
}

describe('upload limits and types', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  function post(service: TestService, body: Buffer | AsyncIterable<Buffer>, contentType = 'audio/x-wav') {
    return request(`${service.service.url}/SCFileserver/audio`, {
      method: 'POST',
      headers: { authorization: service.alice, 'content-type': contentType },
      body: Buffer.isBuffer(body) ? body : Readable.from(body),
    });
  }

  it('answers 413 to a Content-Length over the cap and 201 at exactly the cap', async () => {
    t = await startTestService({ maxUploadBytes: 1000 });
    const over = await post(t, wavBytes(1001));
    expect(over.statusCode).toBe(413);
    expect(await over.body.text()).toContain('<code>E_TOO_LARGE</code>');
    const exact = await post(t, wavBytes(1000));
    expect(exact.statusCode).toBe(201);
    await exact.body.dump();
    const files = await filesUnder(join(t.dataDir, 'audio'));
    expect(files.filter((f) => f.endsWith('.audio'))).toHaveLength(1);
  });

  it('answers 413 to a chunked body that grows past the cap and removes the partial file', async () => {
    t = await startTestService({ maxUploadBytes: 100_000 });
    const res = await post(t, chunks(300_000, 10_000));
    expect(res.statusCode).toBe(413);
    await res.body.dump();
    const files = await filesUnder(join(t.dataDir, 'audio'));
    expect(files.filter((f) => /\.(tmp|audio)$/.test(f))).toEqual([]);
    // the connection is still usable afterwards
    const next = await post(t, wavBytes(12));
    expect(next.statusCode).toBe(201);
    await next.body.dump();
  });

  it('streams 22 MB from a generator into a 413 at the real 21,000,000-byte cap', async () => {
    t = await startTestService();
    let yielded = 0;
    async function* counted(): AsyncGenerator<Buffer> {
      for await (const chunk of chunks(22_000_000)) {
        yielded += chunk.length;
        yield chunk;
      }
    }
    const res = await post(t, counted());
    expect(res.statusCode).toBe(413);
    expect(yielded).toBe(22_000_000); // the server discarded the rest of the body instead of resetting the connection
    expect(await res.body.text()).toContain('21000000 bytes');
    const files = await filesUnder(join(t.dataDir, 'audio'));
    expect(files.filter((f) => /\.(tmp|audio)$/.test(f))).toEqual([]);
  });

  it('answers 415 to other content types and accepts parameters on audio ones', async () => {
    t = await startTestService();
    for (const type of ['application/octet-stream', 'text/plain', 'audio/mpeg']) {
      const res = await post(t, Buffer.alloc(10), type);
      expect(res.statusCode).toBe(415);
      expect(await res.body.text()).toContain('<code>E_UNSUPPORTED_MEDIA_TYPE</code>');
    }
    const heads: [string, Buffer][] = [
      ['audio/wav', wavBytes(12)], ['audio/ogg', Buffer.from('OggS\0\x02\0\0\0\0\0\0', 'latin1')],
      ['audio/webm; codecs=opus', Buffer.from('1a45dfa3a342868101000000', 'hex')], ['audio/mp4', Buffer.from('\0\0\0\x20ftypisom', 'latin1')],
      ['AUDIO/X-WAV', wavBytes(20)],
    ];
    for (const [type, head] of heads) {
      const res = await post(t, head, type);
      expect(res.statusCode).toBe(201);
      await res.body.dump();
    }
  });

  it('answers 404 to unknown paths and 405 with Allow to wrong methods', async () => {
    t = await startTestService();
    const unknown = await request(`${t.service.url}/SCDictation/nothing`, { headers: { authorization: t.alice } });
    expect(unknown.statusCode).toBe(404);
    expect(await unknown.body.text()).toMatch(/^<\?xml[^>]*\?><error><status>404<\/status><code>E_NOT_FOUND<\/code><message>[^<]+<\/message><\/error>$/);
    const wrong = await request(`${t.service.url}/SCFileserver/audio`, { headers: { authorization: t.alice } });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    await wrong.body.dump();
    const put = await request(`${t.service.url}/SCDictation/rest/acme/dictations/AAAAAAAAAAAAAAAAAAAAAA/cancel`, { method: 'GET', headers: { authorization: t.alice } });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('POST');
    await put.body.dump();
  });

  it('logs one line per request (method, path without query, status, duration) and no credentials', async () => {
    const lines: string[] = [];
    t = await startTestService({ log: (line) => lines.push(line) });
    const res = await request(`${t.service.url}/SCFileserver/audio/acme/AAAAAAAAAAAAAAAAAAAAAA?secret=1`, { headers: { authorization: t.alice } });
    await res.body.dump();
    const bad = await request(`${t.service.url}/SCFileserver/audio`, { method: 'POST', headers: { authorization: 'Bearer alice:sekrit' }, body: 'x' });
    await bad.body.dump();
    await t.close();
    t = undefined;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^GET \/SCFileserver\/audio\/acme\/AAAAAAAAAAAAAAAAAAAAAA 404 \d+ms$/);
    expect(lines[1]).toMatch(/^POST \/SCFileserver\/audio 401 \d+ms$/);
    expect(lines.join('\n')).not.toMatch(/sekrit|secret|Basic/);
  });
});

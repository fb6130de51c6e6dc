import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './helpers.js';

/** `size` bytes that start as a WAV file does, distinct per `fill`. */
function wavBytes(size: number, fill: number): Buffer {
  const bytes = Buffer.alloc(size, fill);
  bytes.write('RIFF\0\0\0\0WAVE', 0, 'latin1');
  return bytes;
}

describe('stored audio per tenant (maxStoredBytes)', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function post(service: TestService, who: 'alice' | 'bob', body: Buffer) {
    const answer = await request(`${service.service.url}/SCFileserver/audio`, {
      method: 'POST',
      headers: { authorization: service[who], 'content-type': 'audio/x-wav' },
      body,
    });
    return { status: answer.statusCode, text: await answer.body.text() };
  }

  const stored = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).sort();

  it('answers 413 with an XML error to an upload past the cap and stores nothing', async () => {
    t = await startTestService({ maxStoredBytes: 2500 });
    const acme = join(t.dataDir, 'audio', 'acme');
    expect((await post(t, 'alice', wavBytes(1000, 1))).status).toBe(201);
    expect((await post(t, 'alice', wavBytes(1000, 2))).status).toBe(201);
    const before = await stored(acme);
    expect(before.filter((name) => name.endsWith('.audio'))).toHaveLength(2);

    const refused = await post(t, 'alice', wavBytes(1000, 3)); // 3000 > 2500
    expect(refused.status).toBe(413);
    expect(refused.text).toContain('<code>E_TOO_LARGE</code>');
    expect(refused.text).toContain('past the limit of 2500 bytes (2000 bytes stored)');
    expect(await stored(acme)).toEqual(before); // nothing stored, no temp left

    expect((await post(t, 'alice', wavBytes(500, 4))).status).toBe(201); // exactly 2500
    expect((await post(t, 'alice', wavBytes(1000, 1))).status).toBe(201); // already stored: costs nothing
    expect((await post(t, 'bob', wavBytes(2500, 5))).status).toBe(201); // another tenant's own budget
  });

  it('counts audio stored before the service started', async () => {
    const first = await startTestService();
    expect((await post(first, 'alice', wavBytes(2000, 1))).status).toBe(201);
    await first.service.close();
    t = await startTestService({ maxStoredBytes: 2500 }, first.dataDir);
    expect((await post(t, 'alice', wavBytes(1000, 2))).status).toBe(413);
    expect((await post(t, 'alice', wavBytes(500, 2))).status).toBe(201);
  });
});

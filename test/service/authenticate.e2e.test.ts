import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, createApiKey } from '../../src/service/index.js';
import { basic, get, makeWav, PASSWORD, startTestService, type TestService } from './helpers.js';

describe('authentication', () => {
  let t: TestService;
  let wav: string;

  beforeAll(async () => {
    t = await startTestService({ perUserLimit: 1 });
    wav = await makeWav(t.mediaDir, 'a.wav', 500);
  });
  afterAll(async () => t.close());

  async function uploadStatus(auth: string | undefined) {
    const res = await request(`${t.service.url}/SCFileserver/audio`, {
      method: 'POST',
      headers: { 'content-type': 'audio/x-wav', ...(auth === undefined ? {} : { authorization: auth }) },
      body: await readFile(wav),
    });
    return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
  }

  it('accepts Basic auth', async () => {
    expect((await uploadStatus(t.alice)).status).toBe(201);
  });

  it('accepts Bearer user:apiKey issued by createApiKey, and refuses a wrong key', async () => {
    const key = await createApiKey(t.dataDir, 'alice');
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await uploadStatus(`Bearer alice:${key}`)).status).toBe(201);
    expect((await uploadStatus(`Bearer bob:${key}`)).status).toBe(401);
    expect((await uploadStatus(`Bearer alice:${key.slice(1)}x`)).status).toBe(401);
    const stored = await readFile(join(t.dataDir, 'accounts.json'), 'utf8');
    expect(stored).not.toContain(key);
  });

  it('answers 401 with one identical body for an unknown user, a wrong password and no credentials', async () => {
    const unknown = await uploadStatus(basic('mallory', PASSWORD));
    const wrong = await uploadStatus(basic('alice', 'wrong password'));
    const missing = await uploadStatus(undefined);
    const garbage = await uploadStatus('Basic !!!');
    for (const res of [unknown, wrong, missing, garbage]) {
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="dictclip"');
      expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
      expect(res.text).toBe(unknown.text);
    }
    expect(unknown.text).toContain('<status>401</status><code>E_AUTH</code>');
  });

  it('refuses an account whose password was not changed with 403, allows only the password change, then works', async () => {
    await addAccount(t.dataDir, 'carol', 'acme', 'first-password');
    const refused = await uploadStatus(basic('carol', 'first-password'));
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('<code>E_PASSWORD_CHANGE_REQUIRED</code>');
    expect(refused.text).toContain('must be changed before first use');
    expect(refused.text).toContain('POST /SCDictation/rest/account/password');

    const change = (auth: string, form: Record<string, string>) => request(`${t.service.url}/SCDictation/rest/account/password`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const short = await change(basic('carol', 'first-password'), { newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(await short.body.text()).toContain('at least 8 characters');
    const wrong = await change(basic('carol', 'not-the-password'), { newPassword: 'second-password' });
    expect(wrong.statusCode).toBe(401);
    await wrong.body.dump();
    const ok = await change(basic('carol', 'first-password'), { newPassword: 'second-password' });
    expect(ok.statusCode).toBe(200);
    await ok.body.dump();

    expect((await uploadStatus(basic('carol', 'first-password'))).status).toBe(401);
    expect((await uploadStatus(basic('carol', 'second-password'))).status).toBe(201);
    const accounts = JSON.parse(await readFile(join(t.dataDir, 'accounts.json'), 'utf8')) as { user: string; mustChangePassword: boolean; passwordHash: string }[];
    const carol = accounts.find((a) => a.user === 'carol');
    expect(carol?.mustChangePassword).toBe(false);
    expect(carol?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
  });

  it('answers 503 with Retry-After: 1 beyond the per-user limit of simultaneous requests', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* slowBody(): AsyncGenerator<Buffer> {
      yield Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE', 'latin1'), Buffer.alloc(1012)]);
      await gate;
      yield Buffer.alloc(1024);
    }
    const first = request(`${t.service.url}/SCFileserver/audio`, {
      method: 'POST',
      headers: { authorization: t.alice, 'content-type': 'audio/x-wav' },
      body: Readable.from(slowBody()),
    });
    const tenantDir = join(t.dataDir, 'audio', 'acme');
    while (!(await readdir(tenantDir).catch(() => [] as string[])).some((f) => f.endsWith('.tmp'))) await new Promise((r) => setTimeout(r, 5));
    const busy = await get(`${t.service.url}/SCFileserver/audio/acme/AAAAAAAAAAAAAAAAAAAAAA`, t.alice);
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.text).toContain('<code>E_BUSY</code>');
    expect((await get(`${t.service.url}/SCFileserver/audio/other/AAAAAAAAAAAAAAAAAAAAAA`, t.bob)).status).toBe(404);
    release();
    const done = await first;
    expect(done.statusCode).toBe(201);
    await done.body.dump();
    expect((await get(`${t.service.url}/SCFileserver/audio/acme/AAAAAAAAAAAAAAAAAAAAAA`, t.alice)).status).toBe(404);
  });
});

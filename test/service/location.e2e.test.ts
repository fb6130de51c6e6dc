/**
 * Location headers come from the configured public URL, or from a Host header only when it names
 * this machine at the service's port, else from the listening address: a hostile Host header is
 * never echoed into a Location.
 */
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { makeWav, startTestService, type TestService } from './helpers.js';
import { readFile } from 'node:fs/promises';

describe('Location of uploads and dictations', () => {
  let t: TestService | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function uploadWithHost(service: TestService, host: string | undefined): Promise<string> {
    const res = await request(`${service.service.url}/SCFileserver/audio`, {
      method: 'POST',
      headers: { authorization: service.alice, 'content-type': 'audio/x-wav', ...(host === undefined ? {} : { host }) },
      body: await readFile(await makeWav(service.mediaDir, 'a.wav', 500)),
    });
    await res.body.dump();
    expect(res.statusCode).toBe(201);
    return String(res.headers.location);
  }

  it('never echoes a Host header naming another machine; loopback names of this port are kept', async () => {
    t = await startTestService();
    const port = t.service.port;
    expect(await uploadWithHost(t, `evil.example:${port}`)).toMatch(new RegExp(`^${t.service.url}/SCFileserver/audio/acme/`));
    expect(await uploadWithHost(t, 'evil.example')).toMatch(new RegExp(`^${t.service.url}/SCFileserver/audio/acme/`));
    expect(await uploadWithHost(t, `localhost:${port + 1}`)).toMatch(new RegExp(`^${t.service.url}/`));
    expect(await uploadWithHost(t, `localhost:${port}`)).toMatch(new RegExp(`^http://localhost:${port}/SCFileserver/audio/acme/`));
  });

  it('uses the configured public URL for every Location, and accepts audio-url spelled with it', async () => {
    t = await startTestService({ publicUrl: 'https://dictation.example:8443' });
    const location = await uploadWithHost(t, `evil.example:${t.service.port}`);
    expect(location).toMatch(/^https:\/\/dictation\.example:8443\/SCFileserver\/audio\/acme\/[A-Za-z0-9_-]{22}$/);
    const res = await request(`${t.service.url}/SCDictation/rest/nvoq/factory/dictations/`, {
      method: 'POST',
      headers: { authorization: t.alice, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'audio-url': location, 'audio-format': 'pcm-16khz' }).toString(),
    });
    await res.body.dump();
    expect(res.statusCode).toBe(201);
    expect(String(res.headers.location)).toMatch(/^https:\/\/dictation\.example:8443\/SCDictation\/rest\/acme\/dictations\//);
  });

  it('refuses a public URL with a path or credentials (E_CONFIG)', async () => {
    await expect(startTestService({ publicUrl: 'https://user:pw@dictation.example/base' })).rejects.toMatchObject({ code: 'E_CONFIG' });
  });
});

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, createRaw, get, makeWav, startTestService, upload, waitDone, type TestService } from './helpers.js';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });

describe('dictation creation', () => {
  let t: TestService;
  let audioUrl: string;
  let bobAudio: string;

  beforeAll(async () => {
    t = await startTestService({ profiles: [{ name: 'xml', substitutions: [{ kind: 'literal', from: 'text', to: `T&<x>"'` }] }] });
    const wav = await makeWav(t.mediaDir, 'speech.wav', 2000);
    audioUrl = await upload(t, wav);
    bobAudio = await upload(t, wav, t.bob);
  });
  afterAll(async () => t.close());

  it('accepts any scope, with or without the trailing slash', async () => {
    const res = await createRaw(t, { 'audio-url': audioUrl, 'audio-format': 'pcm-16khz' }, t.alice, 'anything');
    expect(res.status).toBe(201);
    expect(res.headers.location).toMatch(new RegExp(`^${t.service.url}/SCDictation/rest/acme/dictations/[A-Za-z0-9_-]{22}$`));
    const noSlash = await fetch(`${t.service.url}/SCDictation/rest/nvoq/factory/dictations`, {
      method: 'POST',
      headers: { authorization: t.alice, 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams({ 'audio-url': audioUrl, 'audio-format': 'pcm-8khz' }),
    });
    expect(noSlash.status).toBe(201);
  });

  it('is idempotent: the same audio gives the same upload, the same parameters the same dictation', async () => {
    const again = await upload(t, await makeWav(t.mediaDir, 'speech.wav', 2000));
    expect(again).toBe(audioUrl);
    expect(bobAudio).not.toBe(audioUrl); // another tenant, another resource
    const first = await create(t, audioUrl, { profile: 'xml' });
    expect(await create(t, audioUrl, { profile: 'xml' })).toBe(first);
    const other = await create(t, audioUrl, { profile: 'xml', priority: '3' });
    expect(other).not.toBe(first);
    // A canceled dictation is not handed out again: creating anew makes a fresh one.
    expect((await fetch(`${other}/cancel`, { method: 'POST', headers: { authorization: t.alice } })).status).toBe(200);
    const fresh = await create(t, audioUrl, { profile: 'xml', priority: '3' });
    expect(fresh).not.toBe(other);
    await waitDone(fresh, t.alice);
    expect((await get(`${fresh}/text`, t.alice)).text).toBe(`My T&<x>"' so far.`);
  });

  it('refuses audio URLs that are not uploads of this service by this tenant with 400', async () => {
    const id = audioUrl.split('/').at(-1) ?? '';
    const foreign = [
      `http://example.com/SCFileserver/audio/acme/${id}`,
      `http://127.0.0.1:1/SCFileserver/audio/acme/${id}`,
      `file:///etc/passwd`,
      `file://${join(t.dataDir, 'audio', 'acme', `${id}.audio`)}`,
      bobAudio,
      bobAudio.replace('/other/', '/acme/'),
      `${t.service.url}/SCFileserver/audio/acme/AAAAAAAAAAAAAAAAAAAAAA`,
      `${t.service.url}/SCFileserver/audio/acme/../acme/${id}`.replace('/../acme', '/x/../acme/x'),
      `${audioUrl}?x=1`,
      'not a url',
      '',
    ];
    for (const url of foreign) {
      const res = await createRaw(t, { 'audio-url': url, 'audio-format': 'pcm-16khz' });
      expect([url, res.status]).toEqual([url, 400]);
      expect(res.text).toContain('<code>E_BAD_REQUEST</code>');
      expect(res.text).toContain('audio-url');
    }
    const missing = await createRaw(t, { 'audio-format': 'pcm-16khz' });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('audio-url is required');
  });

  it('refuses a jobDelayInMillis past the longest timer (2^31 − 1 ms) with 400 saying the range', async () => {
    const over = await createRaw(t, { 'audio-url': audioUrl, 'audio-format': 'pcm-16khz', jobDelayInMillis: '2147483648' });
    expect(over.status).toBe(400);
    expect(over.text).toContain(
      'Form field jobDelayInMillis must be an integer from 0 to 2147483647 ms (about 24.8 days) (got &quot;2147483648&quot;).',
    );
    const longest = await createRaw(t, { 'audio-url': audioUrl, 'audio-format': 'pcm-16khz', jobDelayInMillis: '2147483647' });
    expect(longest.status).toBe(201);
    expect(
      (await fetch(`${String(longest.headers.location)}/cancel`, { method: 'POST', headers: { authorization: t.alice } })).status,
    ).toBe(200);
  });

  it('refuses malformed fields with 400 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'audio-format': 'mp3' }, 'audio-format'],
      [{ 'audio-format': '' }, 'audio-format'],
      [{ streaming: 'yes' }, 'streaming'],
      [{ 'audio-url-complete': '1' }, 'audio-url-complete'],
      [{ priority: 'high' }, 'priority'],
      [{ priority: '1.5' }, 'priority'],
      [{ jobDelayInMillis: '-5' }, 'jobDelayInMillis'],
      [{ 'client-observer-expire-seconds': '1e3' }, 'client-observer-expire-seconds'],
    ];
    for (const [fields, named] of cases) {
      const res = await createRaw(t, { 'audio-url': audioUrl, 'audio-format': 'pcm-16khz', ...fields });
      expect([named, res.status]).toEqual([named, 400]);
      expect(res.text).toContain(named);
    }
  });

  it('takes a missing audio-format from the upload, and an unknown profile as one without rules', async () => {
    const res = await createRaw(t, { 'audio-url': audioUrl, profile: 'not-defined-here' });
    expect(res.status).toBe(201);
    const location = String(res.headers.location);
    await waitDone(location, t.alice);
    expect((await get(`${location}/text`, t.alice)).text).toBe('My text so far.');
    const xml = (await get(location, t.alice, { accept: 'text/xml' })).text;
    expect(xml).toContain('<profile>not-defined-here</profile>');
  });

  it('accepts the audio URL spelled with another loopback name of this service', async () => {
    const aliased = audioUrl.replace('127.0.0.1', 'localhost');
    expect(aliased).not.toBe(audioUrl);
    expect((await createRaw(t, { 'audio-url': aliased, 'audio-format': 'pcm-16khz', priority: '7' })).status).toBe(201);
  });

  it('answers 415 to a body that is not form-urlencoded', async () => {
    const res = await fetch(`${t.service.url}/SCDictation/rest/nvoq/factory/dictations/`, {
      method: 'POST',
      headers: { authorization: t.alice, 'content-type': 'application/json' },
      body: JSON.stringify({ 'audio-url': audioUrl, 'audio-format': 'pcm-16khz' }),
    });
    expect(res.status).toBe(415);
  });

  it('keeps XML well-formed for a transcript containing <&]]>"\' (scripted word)', async () => {
    const url = await upload(t, await makeWav(t.mediaDir, 'odd.wav', 1500));
    const location = await create(t, url);
    await waitDone(location, t.alice);
    expect((await get(`${location}/text`, t.alice)).text).toBe(`A<b&c]]>"'d.`);
    const xml = (await get(location, t.alice)).text;
    expect(xml).not.toContain('CDATA');
    const entry = (parser.parse(xml) as { dictation: { statsAsProperties: { entry: { value: string } } } }).dictation.statsAsProperties
      .entry;
    expect(JSON.parse(entry.value)).toEqual([
      { audioStart: 0.1, audioLength: 0.8, textStart: 0, textLength: 11, text: `A<b&c]]>"'d`, confidence: 0.9 },
      { audioStart: 0.9, audioLength: 0, textStart: 11, textLength: 1, text: '.' },
    ]);
    const stats = (await get(`${location}/text/stats`, t.alice)).text;
    const entries = (parser.parse(stats) as { properties: { entry: { '@key': string; '#text'?: string }[] } }).properties.entry;
    expect(entries.find((e) => e['@key'] === 'SubstitutedText')?.['#text']).toBe(`A<b&c]]>"'d.`);
  });

  it('applies profile substitutions (options and profiles.json) to text and markers', async () => {
    const location = await create(t, audioUrl, { profile: 'xml' });
    await waitDone(location, t.alice);
    expect((await get(`${location}/text`, t.alice)).text).toBe(`My T&<x>"' so far.`);
    const entry = (
      parser.parse((await get(location, t.alice)).text) as {
        dictation: { profile: string; statsAsProperties: { entry: { value: string } } };
      }
    ).dictation;
    expect(entry.profile).toBe('xml');
    const markers = JSON.parse(entry.statsAsProperties.entry.value) as { text: string; textStart: number }[];
    expect(markers.map((m) => [m.text, m.textStart])).toEqual([['My', 0], [`T&<x>"'`, 3], ['so', 11], ['far', 14], ['.', 17]]);

    await writeFile(
      join(t.dataDir, 'profiles.json'),
      JSON.stringify([{ name: 'all', substitutions: [{ kind: 'regex', pattern: 'far', to: 'near' }] }]),
    );
    const second = await create(t, audioUrl, { profile: 'all' });
    await waitDone(second, t.alice);
    expect((await get(`${second}/text`, t.alice)).text).toBe('My text so near.');
  });
});

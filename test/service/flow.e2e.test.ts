import { promisify } from 'node:util';
import { gunzip, inflate } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, get, makeWav, startTestService, upload, waitDone, type TestService } from './helpers.js';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, processEntities: true });

function properties(xml: string): Map<string, string> {
  const parsed = parser.parse(xml) as { properties: { entry: { '@key': string; '#text'?: string }[] } };
  return new Map(parsed.properties.entry.map((e) => [e['@key'], e['#text'] ?? '']));
}

describe('the whole spec flow with the scripted engine', () => {
  let t: TestService;
  let location: string;
  let audioUrl: string;

  beforeAll(async () => {
    t = await startTestService();
    audioUrl = await upload(t, await makeWav(t.mediaDir, 'speech.wav', 2000));
    location = await create(t, audioUrl, { 'client-observer-id': 'obs-1', 'client-observer-expire-seconds': '3600' });
    await waitDone(location, t.alice);
  });
  afterAll(async () => t.close());

  it('answers upload and creation with absolute Locations of the right shape', () => {
    expect(audioUrl).toMatch(new RegExp(`^${t.service.url}/SCFileserver/audio/acme/[A-Za-z0-9_-]{22}$`));
    expect(location).toMatch(new RegExp(`^${t.service.url}/SCDictation/rest/acme/dictations/[A-Za-z0-9_-]{22}$`));
  });

  it('reports done and the transcript as text/plain', async () => {
    const done = await get(`${location}/done`, t.alice);
    expect([done.status, done.text]).toEqual([200, 'true']);
    const text = await get(`${location}/text`, t.alice);
    expect(text.status).toBe(200);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.text).toBe('My text so far.');
  });

  it('returns the dictation XML with every field and wordMarkers in seconds', async () => {
    const res = await get(location, t.alice, { accept: 'text/xml' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
    const { dictation } = parser.parse(res.text) as { dictation: Record<string, unknown> };
    const id = location.split('/').at(-1);
    expect(Object.keys(dictation)).toEqual(['done', 'id', 'profile', 'queuedTime', 'statsAsProperties', 'statsString', 'url',
      'audioName', 'tenantDatabase', 'textName', 'canceled', 'canceledTime', 'phonemesName', 'streaming', 'substitutedTextName']);
    expect(dictation).toMatchObject({ done: 'true', id, url: location, tenantDatabase: 'acme', canceled: 'false', streaming: 'false',
      audioName: audioUrl.split('/').at(-1), canceledTime: '0' });
    const entry = (dictation.statsAsProperties as { entry: { key: string; value: string } }).entry;
    expect(entry.key).toBe('wordMarkers');
    expect(JSON.parse(entry.value)).toEqual([
      { audioStart: 0.39, audioLength: 0.33, textStart: 0, textLength: 2, text: 'My', confidence: 0.9 },
      { audioStart: 0.72, audioLength: 0.51, textStart: 3, textLength: 4, text: 'text', confidence: 0.8 },
      { audioStart: 1.26, audioLength: 0.29, textStart: 8, textLength: 2, text: 'so', confidence: 0.7 },
      { audioStart: 1.55, audioLength: 0.41, textStart: 11, textLength: 3, text: 'far', confidence: 0.6 },
      { audioStart: 1.96, audioLength: 0, textStart: 14, textLength: 1, text: '.' },
    ]);
  });

  it('serves audio statistics gzip-encoded with byte markers that decode to the same milliseconds', async () => {
    const res = await fetch(`${location}/audio/stats`, { headers: { authorization: t.alice, 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes gzip transparently; check the raw bytes too with undici-free zlib on a second call
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="no"?><!DOCTYPE properties SYSTEM "http://java.sun.com/dtd/properties.dtd"><properties>')).toBe(true);
    const props = properties(xml);
    const wordAudio = (props.get('WordAudioMarkers') ?? '').split(',').map(Number);
    expect(wordAudio).toEqual([12482, 23042, 23042, 39362, 40322, 49602, 49602, 62722, 62722, 62722]);
    expect(wordAudio.map((b) => Math.floor((b / 2) / 16000 * 1000))).toEqual([390, 720, 720, 1230, 1260, 1550, 1550, 1960, 1960, 1960]);
    expect(Object.fromEntries(props)).toMatchObject({
      numWordAudioSegments: '5', numWordSegments: '5', numSegments: '1', TenantDatabase: 'acme',
      AudioURL: new URL(audioUrl).pathname, AudioMarkers: '0,64002',
    });
    expect([...props.keys()].sort()).toEqual(['AudioDoneTimeInMillis', 'AudioMarkers', 'AudioURL', 'TenantDatabase',
      'WordAudioMarkers', 'numSegments', 'numWordAudioSegments', 'numWordSegments']);
  });

  it('serves text statistics deflate-encoded with inclusive character markers', async () => {
    const { request } = await import('undici');
    const res = await request(`${location}/text/stats`, { headers: { authorization: t.alice, 'accept-encoding': 'deflate' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('deflate');
    const xml = (await promisify(inflate)(Buffer.from(await res.body.arrayBuffer()))).toString('utf8');
    const props = properties(xml);
    expect(Object.fromEntries(props)).toMatchObject({
      Version: '1', DictationLength: '2000', numWordSegments: '5', DictationWords: '4', Confidence: '0.750',
      Transcription: 'My text so far.', SubstitutedText: 'My text so far.', TenantDatabase: 'acme',
      TextMarkers: '0,14', numWordTextSegments: '5', WordTextMarkers: '0,1,3,6,8,9,11,13,14,14', numSegments: '1',
      TextURL: `${new URL(location).pathname}/text`,
    });
    expect(props.size).toBe(14);
  });

  it('gzips raw bytes when asked (checked without transparent decoding)', async () => {
    const { request } = await import('undici');
    const res = await request(`${location}/audio/stats`, { headers: { authorization: t.alice, 'accept-encoding': 'gzip, deflate' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const xml = (await promisify(gunzip)(Buffer.from(await res.body.arrayBuffer()))).toString('utf8');
    expect(properties(xml).get('WordAudioMarkers')).toBe('12482,23042,23042,39362,40322,49602,49602,62722,62722,62722');
    const plain = await get(`${location}/audio/stats`, t.alice);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(properties(plain.text).get('numWordAudioSegments')).toBe('5');
  });

  it('gives the observer URL and deregisters it', async () => {
    const observer = await get(`${location}/stats/ClientObserverUrl`, t.alice);
    expect(observer.status).toBe(200);
    expect(observer.text).toMatch(new RegExp(`^${t.service.url}/SCDictation/rest/acme/observers/[A-Za-z0-9_-]{22}$`));
    const deregister = await get(`${observer.text}/deregister`, t.alice);
    expect([deregister.status, deregister.text]).toEqual([200, 'true']);
    expect((await get(`${observer.text}/deregister`, t.bob)).status).toBe(404);
    expect((await get(`${t.service.url}/SCDictation/rest/acme/observers/AAAAAAAAAAAAAAAAAAAAAA/deregister`, t.alice)).status).toBe(404);
  });

  it('returns the uploaded bytes to the owner and 404 to another tenant', async () => {
    const own = await fetch(audioUrl, { headers: { authorization: t.alice } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('audio/x-wav');
    expect((await own.arrayBuffer()).byteLength).toBe(44 + 2 * 32000);
    const other = await get(audioUrl, t.bob);
    expect(other.status).toBe(404);
    expect(other.text).toContain('<code>E_NOT_FOUND</code>');
  });

  it('answers 404 to another tenant for every dictation resource', async () => {
    for (const suffix of ['', '/done', '/text', '/audio/stats', '/text/stats', '/stats/ClientObserverUrl']) {
      expect((await get(`${location}${suffix}`, t.bob)).status).toBe(404);
      const mine = location.replace('/acme/', '/other/');
      expect((await get(`${mine}${suffix}`, t.bob)).status).toBe(404);
    }
    const cancel = await fetch(`${location}/cancel`, { method: 'POST', headers: { authorization: t.bob } });
    expect(cancel.status).toBe(404);
  });
});

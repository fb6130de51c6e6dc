import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { DictationClient } from '../../src/client/client.js';
import type { ClientOptions, Credentials } from '../../src/client/types.js';
import { PUBLIC_MARKERS_JSON, AUDIO_STATS_XML, TEXT_STATS_XML, dictationXml } from './fixtures.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const basic: Credentials = { scheme: 'basic', username: 'alice', password: 's3cr3t-pa55' };
const apiKey: Credentials = { scheme: 'apikey', username: 'bob', apiKey: 'k3y-0f-b0b' };

let server: TestServer;
let dir: string;
let audioPath: string;
let audio: Buffer;
const clients: DictationClient[] = [];

function client(options: Partial<ClientOptions> = {}): DictationClient {
  const created = new DictationClient({
    baseUrl: server.url,
    credentials: basic,
    ...options,
    retry: { backoffBaseMs: 1, backoffLimitMs: 5, ...options.retry },
  });
  clients.push(created);
  return created;
}

beforeAll(async () => {
  server = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'dictclip-client-'));
  audioPath = join(dir, 'recording.wav');
  audio = randomBytes(200_000);
  await writeFile(audioPath, audio);
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  server.requests.length = 0;
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('uploadAudio', () => {
  test('streams the file with Content-Type, Content-Length and Basic auth; keeps the base path prefix', async () => {
    server.handle((_req, res) => {
      res.writeHead(201, { location: '/api/SCFileserver/audio/tenant1/a1' }).end();
    });
    const url = await client({ baseUrl: `${server.url}/api/` }).uploadAudio(audioPath, 'audio/x-wav');
    expect(url).toBe(`${server.url}/api/SCFileserver/audio/tenant1/a1`);
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/api/SCFileserver/audio');
    expect(req?.headers['content-type']).toBe('audio/x-wav');
    expect(req?.headers['content-length']).toBe('200000');
    expect(req?.headers.authorization).toBe(`Basic ${Buffer.from('alice:s3cr3t-pa55').toString('base64')}`);
    expect(req?.body.equals(audio)).toBe(true);
  });

  test('a 503 with Retry-After is retried with a fresh stream', async () => {
    server.handle((_req, res, index) => {
      if (index === 0) res.writeHead(503, { 'retry-after': '1' }).end('busy');
      else res.writeHead(201, { location: `${server.url}/SCFileserver/audio/a2` }).end();
    });
    const url = await client().uploadAudio(audioPath, 'audio/ogg');
    expect(url).toBe(`${server.url}/SCFileserver/audio/a2`);
    expect(server.requests).toHaveLength(2);
    for (const req of server.requests) {
      expect(req.headers['content-type']).toBe('audio/ogg');
      expect(req.body.equals(audio)).toBe(true);
    }
  });

  test('a connection reset after the upload is retried with a fresh stream', async () => {
    server.handle((_req, res, index) => {
      if (index === 0) res.socket?.destroy();
      else res.writeHead(201, { location: '/SCFileserver/audio/t/a3' }).end();
    });
    const url = await client().uploadAudio(audioPath, 'audio/x-wav');
    expect(url).toBe(`${server.url}/SCFileserver/audio/t/a3`);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.body.equals(audio)).toBe(true);
  });

  test('a missing file is E_INPUT with the path', async () => {
    const missing = join(dir, 'missing.wav');
    await expect(client().uploadAudio(missing, 'audio/x-wav')).rejects.toMatchObject({ code: 'E_INPUT', context: { path: missing } });
    expect(server.requests).toHaveLength(0);
  });
});

describe('createDictation', () => {
  test('posts every defined parameter form-urlencoded with Bearer auth; an absolute Location on the same origin kept', async () => {
    server.handle((_req, res) => {
      res.writeHead(201, { location: `${server.url}/SCDictation/rest/tenant1/dictations/d1` }).end();
    });
    const location = await client({ baseUrl: `${server.url}/api`, credentials: apiKey, factoryScope: 'scope1' }).createDictation({
      streaming: false, profile: 'general profile', audioUrl: 'http://files.example/audio/a1?x=1&y=2', audioFormat: 'pcm-16khz',
      audioUrlComplete: true, priority: 3, jobDelayInMillis: 250, clientObserverId: 'obs-1', clientObserverExpireSeconds: 3600,
    });
    expect(location).toBe(`${server.url}/SCDictation/rest/tenant1/dictations/d1`);
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/api/SCDictation/rest/scope1/factory/dictations/');
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req?.headers.authorization).toBe('Bearer bob:k3y-0f-b0b');
    expect([...new URLSearchParams(req?.body.toString())]).toEqual([
      ['streaming', 'false'], ['profile', 'general profile'], ['audio-url', 'http://files.example/audio/a1?x=1&y=2'],
      ['audio-format', 'pcm-16khz'], ['audio-url-complete', 'true'], ['priority', '3'], ['jobDelayInMillis', '250'],
      ['client-observer-id', 'obs-1'], ['client-observer-expire-seconds', '3600'],
    ]);
  });

  test('sends only the defined parameters (defaults streaming=false, audio-url-complete=true); relative Location resolved', async () => {
    server.handle((_req, res) => res.writeHead(201, { location: '../../../tenant1/dictations/d2' }).end());
    const location = await client().createDictation({ audioUrl: 'http://a/1', audioFormat: 'ogg' });
    expect(location).toBe(`${server.url}/SCDictation/rest/tenant1/dictations/d2`);
    expect(server.requests[0]?.url).toBe('/SCDictation/rest/nvoq/factory/dictations/');
    expect(server.requests[0]?.body.toString()).toBe(
      'streaming=false&audio-url=http%3A%2F%2Fa%2F1&audio-format=ogg&audio-url-complete=true',
    );
  });

  test('a 201 without Location is E_RESPONSE_INVALID', async () => {
    server.handle((_req, res) => res.writeHead(201).end());
    await expect(client().createDictation({ audioUrl: 'u', audioFormat: 'ogg' })).rejects.toMatchObject({
      code: 'E_RESPONSE_INVALID', context: { method: 'POST', status: 201 },
    });
  });

  test('an unparseable Location is E_RESPONSE_INVALID', async () => {
    server.handle((_req, res) => res.writeHead(201, { location: 'http://[bad' }).end());
    await expect(client().createDictation({ audioUrl: 'u', audioFormat: 'ogg' })).rejects.toMatchObject({
      code: 'E_RESPONSE_INVALID', context: { status: 201, bodyExcerpt: 'http://[bad' },
    });
  });

  test('a base URL that is not http(s) is E_CONFIG', () => {
    expect(() => new DictationClient({ baseUrl: 'ftp://host', credentials: basic })).toThrow(expect.objectContaining({ code: 'E_CONFIG' }));
    expect(() => new DictationClient({ baseUrl: 'not a url', credentials: basic })).toThrow(expect.objectContaining({ code: 'E_CONFIG' }));
  });

  test('a 503 with Retry-After then 201 is retried once (2 requests, same form)', async () => {
    server.handle((_req, res, index) => {
      if (index === 0) res.writeHead(503, { 'retry-after': '0' }).end('try later');
      else res.writeHead(201, { location: '/SCDictation/rest/t/dictations/d3' }).end();
    });
    await expect(client().createDictation({ audioUrl: 'u', audioFormat: 'ogg' })).resolves.toBe(
      `${server.url}/SCDictation/rest/t/dictations/d3`,
    );
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.body.toString()).toBe(server.requests[0]?.body.toString());
  });
});

describe('dictation resources', () => {
  const path = '/SCDictation/rest/tenant1/dictations/d1';
  const location = (): string => `${server.url}${path}`;

  test('isDone accepts true/false case-insensitively with whitespace; anything else is E_RESPONSE_INVALID', async () => {
    const bodies = [' TRUE\n', 'false', 'maybe'];
    server.handle((_req, res, index) => res.end(bodies[index]));
    const c = client();
    await expect(c.isDone(location())).resolves.toBe(true);
    await expect(c.isDone(location())).resolves.toBe(false);
    await expect(c.isDone(location())).rejects.toMatchObject({ code: 'E_RESPONSE_INVALID', context: { bodyExcerpt: 'maybe' } });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(Array(3).fill(`GET ${path}/done`));
  });

  test('getText reads a chunked body', async () => {
    server.handle((_req, res) => {
      res.write('My text ');
      res.end('so far.');
    });
    await expect(client().getText(location())).resolves.toBe('My text so far.');
    expect(server.requests[0]?.url).toBe(`${path}/text`);
  });

  test('getDictation parses the chunked dictation XML with comments and multi-line markers', async () => {
    server.handle((_req, res) => {
      const xml = dictationXml(location(), PUBLIC_MARKERS_JSON);
      res.writeHead(200, { 'content-type': 'text/xml' });
      for (let i = 0; i < xml.length; i += 97) res.write(xml.slice(i, i + 97));
      res.end();
    });
    const details = await client().getDictation(location());
    expect(server.requests[0]?.url).toBe(path);
    expect(server.requests[0]?.headers.accept).toBe('text/xml');
    expect(details).toEqual({
      done: true, id: 'd-42', profile: 'general', queuedTime: 1700000000123,
      statsAsProperties: new Map([['wordMarkers', PUBLIC_MARKERS_JSON], ['Confidence', '0.87']]),
      statsString: 'numSegments=1', url: location(), audioName: 'audio-1', tenantDatabase: 'tenant1', textName: 'text-1',
      canceled: false, canceledTime: 0, phonemesName: 'phonemes-1', streaming: false, substitutedTextName: 'subst-1',
    });
    expect(JSON.parse(details.statsAsProperties.get('wordMarkers') ?? '')).toEqual([
      { audioStart: 0.39, audioLength: 0.32999998, textStart: 0, textLength: 2, text: 'My' },
      { audioStart: 0.71999997, audioLength: 0.51, textStart: 3, textLength: 4, text: 'text' },
      { audioStart: 1.26, audioLength: 0.29, textStart: 8, textLength: 2, text: 'so' },
      { audioStart: 1.55, audioLength: 0.41, textStart: 11, textLength: 3, text: 'far' },
      { audioStart: 2.0, audioLength: 0.48, textStart: 14, textLength: 1, text: '.' },
    ]);
  });

  test('getDictation accepts the markers in CDATA', async () => {
    server.handle((_req, res) => res.end(dictationXml(location(), `<![CDATA[${PUBLIC_MARKERS_JSON}]]>`)));
    const details = await client().getDictation(location());
    expect(details.statsAsProperties.get('wordMarkers')).toBe(PUBLIC_MARKERS_JSON);
  });

  test('truncated dictation XML is E_RESPONSE_INVALID with a body excerpt', async () => {
    server.handle((_req, res) => res.end('<dictation><done>true</done><id>d1'));
    await expect(client().getDictation(location())).rejects.toMatchObject({
      code: 'E_RESPONSE_INVALID', context: { method: 'GET', url: location(), bodyExcerpt: '<dictation><done>true</done><id>d1' },
    });
  });

  test.each([
    ['gzip', (s: string) => gzipSync(s)],
    ['deflate', (s: string) => deflateSync(s)],
    [undefined, (s: string) => Buffer.from(s)],
  ])('statistics with Content-Encoding %s are decoded and parsed (DOCTYPE never fetched)', async (encoding, encode) => {
    server.handle((req, res) => {
      const xml = req.url.endsWith('/audio/stats') ? AUDIO_STATS_XML : TEXT_STATS_XML;
      res.writeHead(200, { 'content-type': 'text/xml', ...(encoding === undefined ? {} : { 'content-encoding': encoding }) });
      res.end(encode(xml));
    });
    const c = client({ acceptLanguage: 'de-DE' });
    const audioStats = await c.getAudioStats(location());
    const textStats = await c.getTextStats(location());
    expect(audioStats).toEqual(new Map([
      ['numWordAudioSegments', '5'], ['AudioMarkers', '0,0'],
      ['WordAudioMarkers', '12480,23040,23040,39360,40320,49600,49600,62720,64000,79360'], ['AudioURL', '/files/tenant1/audio-1'],
    ]));
    expect(textStats).toEqual(new Map([
      ['Version', '3'], ['Transcription', 'My text so far.'], ['SubstitutedText', 'My text & so far.'],
      ['WordTextMarkers', '0,1,3,6,8,9,11,13,14,14'], ['Confidence', '0.87'],
    ]));
    expect(server.requests.map((r) => r.url)).toEqual([`${path}/audio/stats`, `${path}/text/stats`]);
    for (const req of server.requests) {
      expect(req.headers.accept).toBe('text/xml');
      expect(req.headers['accept-language']).toBe('de-DE');
      expect(req.headers['accept-encoding']).toBe('gzip, deflate');
      expect(req.headers.authorization).toBe(`Basic ${Buffer.from('alice:s3cr3t-pa55').toString('base64')}`);
    }
  });

  test('observer URL, deregistration and cancel use the documented paths', async () => {
    server.handle((req, res) => {
      if (req.url.endsWith('/stats/ClientObserverUrl')) res.end('/SCDictation/rest/tenant1/observers/o1\n');
      else res.end();
    });
    const c = client();
    const observer = await c.getObserverUrl(location());
    expect(observer).toBe(`${server.url}/SCDictation/rest/tenant1/observers/o1`);
    await c.deregisterObserver(observer);
    await c.cancelDictation(location());
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${path}/stats/ClientObserverUrl`, 'GET /SCDictation/rest/tenant1/observers/o1/deregister', `POST ${path}/cancel`,
    ]);
  });
});

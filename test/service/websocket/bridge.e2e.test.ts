import { readFile } from 'node:fs/promises';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { addAccount } from '../../../src/service/index.js';
import { get, makeWav, PASSWORD, startTestService, type TestService } from '../helpers.js';

interface Message {
  method: string;
  data: Record<string, unknown>;
}

/** Run one WebSocket dictation of a WAV's PCM; resolves with every message received. */
function dictate(url: string, params: Record<string, unknown>, pcm: Buffer | undefined): Promise<Message[]> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http:', 'ws:')}/SCDictation/websocket`);
    const messages: Message[] = [];
    socket.on('open', () => socket.send(JSON.stringify({ method: 'STARTDICTATION', params: { audioFormat: 'pcm-16khz', ...params } })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message;
      messages.push(message);
      if (message.method === 'STARTDICTATION' && message.data.success === true && pcm !== undefined) {
        for (let offset = 0; offset < pcm.length; offset += 9600) socket.send(pcm.subarray(offset, offset + 9600));
        socket.send(JSON.stringify({ method: 'AUDIODONE' }));
      }
    });
    socket.on('close', () => resolve(messages));
    socket.on('error', reject);
  });
}

describe('WebSocket dictation through the service core', () => {
  let t: TestService;
  let pcm: Buffer;

  beforeAll(async () => {
    t = await startTestService();
    pcm = (await readFile(await makeWav(t.mediaDir, 'speech.wav', 2000))).subarray(44);
  });
  afterAll(async () => t.close());

  it('gives the same markers as the wordMarkers of the HTTP dictation it created', async () => {
    const messages = await dictate(t.service.url, { username: 'alice', password: PASSWORD }, pcm);
    const done = messages.find((m) => m.method === 'TEXTDONE');
    expect(done?.data.text).toBe('My text so far.');
    const id = String(done?.data.dictationId);
    const xml = (await get(`${t.service.url}/SCDictation/rest/acme/dictations/${id}`, t.alice)).text;
    const entry = (new XMLParser({ parseTagValue: false }).parse(xml) as { dictation: { statsAsProperties: { entry: { value: string } } } })
      .dictation.statsAsProperties.entry;
    expect(JSON.parse(entry.value)).toEqual(done?.data.markers);
    expect((done?.data.markers as unknown[]).length).toBe(5);
    expect((await get(`${t.service.url}/SCDictation/rest/acme/dictations/${id}`, t.bob)).status).toBe(404);
  });

  it('refuses bad credentials (401) and an unchanged password (403) with the HTTP messages', async () => {
    const wrong = await dictate(t.service.url, { username: 'alice', password: 'wrong password' }, undefined);
    expect(wrong[0]?.data).toMatchObject({ success: false, status: 401 });
    await addAccount(t.dataDir, 'dave', 'acme', 'first-password');
    const unchanged = await dictate(t.service.url, { username: 'dave', password: 'first-password' }, undefined);
    expect(unchanged[0]?.data).toMatchObject({ success: false, status: 403 });
    expect(String(unchanged[0]?.data.reason)).toContain('must be changed before first use');
  });
});

describe('WebSocket audio cap', () => {
  it('is the service\'s maxUploadBytes, as for uploads', async () => {
    const small = await startTestService({ maxUploadBytes: 40_000 });
    try {
      const pcm = (await readFile(await makeWav(small.mediaDir, 'speech.wav', 2000))).subarray(44); // 64,000 bytes
      const messages = await dictate(small.service.url, { username: 'alice', password: PASSWORD }, pcm);
      expect(messages.map((m) => m.method)).toEqual(['STARTDICTATION', 'ERROR']);
      expect(messages[1]?.data['reason']).toBe('too-large');
    } finally {
      await small.close();
    }
  });
});

describe('WebSocket sessions and the per-user limit', () => {
  /** Open a session and wait for its STARTDICTATION answer; the socket stays open (no audio yet). */
  function open(url: string): Promise<{ socket: WebSocket; answer: Message; closed: Promise<number> }> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${url.replace('http:', 'ws:')}/SCDictation/websocket`);
      const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
      socket.on('open', () => socket.send(JSON.stringify({ method: 'STARTDICTATION', params: { audioFormat: 'pcm-16khz', username: 'alice', password: PASSWORD } })));
      socket.once('message', (data) => resolve({ socket, answer: JSON.parse(String(data)) as Message, closed }));
      socket.on('error', reject);
    });
  }

  it('counts sessions with HTTP requests: limit + 1 at once is refused with 503, close 1013; a closed session frees its place', async () => {
    const t = await startTestService({ perUserLimit: 2 });
    try {
      const first = await open(t.service.url);
      const second = await open(t.service.url);
      expect([first.answer.data.success, second.answer.data.success]).toEqual([true, true]);
      const third = await open(t.service.url);
      expect(third.answer.data).toMatchObject({ success: false, status: 503, retryAfterS: 1 });
      expect(String(third.answer.data.reason)).toContain('limit 2');
      expect(await third.closed).toBe(1013);
      const http = await get(`${t.service.url}/SCDictation/rest/acme/dictations/AAAAAAAAAAAAAAAAAAAAAA`, t.alice);
      expect([http.status, http.headers['retry-after']]).toEqual([503, '1']);
      expect((await get(`${t.service.url}/SCDictation/rest/other/dictations/AAAAAAAAAAAAAAAAAAAAAA`, t.bob)).status).toBe(404); // another user
      first.socket.close();
      await first.closed;
      // The place is freed once the session's cleanup ran: the next session is accepted.
      let again = await open(t.service.url);
      while (again.answer.data.success !== true) {
        await again.closed;
        again = await open(t.service.url);
      }
      expect(again.answer.data.success).toBe(true);
      second.socket.close();
      again.socket.close();
      await Promise.all([second.closed, again.closed]);
    } finally {
      await t.close();
    }
  });
});

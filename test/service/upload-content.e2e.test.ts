/**
 * Uploads are decoded only as what they claim to be: an HLS playlist naming a local recording,
 * uploaded as audio, is refused (415) and its target is never read; a playlist already stored (an
 * upload of an older version) fails its dictation instead of being followed; the WebSocket path
 * refuses non-Ogg bytes sent as `ogg` (close 1003).
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { create, createRaw, get, makeWav, PASSWORD, startTestService, upload, waitDone, type TestService } from './helpers.js';

const exec = promisify(execFile);

interface Message { method: string; data: Record<string, unknown> }

/** One WebSocket session sending `audio` as `audioFormat`; every message and the close code. */
function webSocketDictation(url: string, audioFormat: string, audio: Buffer): Promise<{ messages: Message[]; code: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http:', 'ws:')}/SCDictation/websocket`);
    const messages: Message[] = [];
    socket.on('open', () => socket.send(JSON.stringify({ method: 'STARTDICTATION', params: { username: 'alice', password: PASSWORD, audioFormat } })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message;
      messages.push(message);
      if (message.method === 'STARTDICTATION' && message.data.success === true) {
        socket.send(audio);
        socket.send(JSON.stringify({ method: 'AUDIODONE' }));
      }
    });
    socket.on('close', (code) => resolve({ messages, code }));
    socket.on('error', reject);
  });
}

describe('uploads decoded only as what they claim', () => {
  let t: TestService;
  let spoken: string;
  let playlist: Buffer;

  beforeAll(async () => {
    t = await startTestService();
    // A local recording of known words, and an HLS playlist that names it.
    const words = join(t.mediaDir, 'words.wav');
    await exec('espeak-ng', ['-w', words, 'alpha bravo charlie delta echo foxtrot']);
    spoken = join(t.mediaDir, 'words.mp3');
    await exec('ffmpeg', ['-v', 'error', '-nostdin', '-y', '-i', words, spoken]);
    playlist = Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${spoken}\n#EXT-X-ENDLIST\n`);
  });
  afterAll(async () => t.close());

  async function post(body: Buffer, contentType: string) {
    const res = await request(`${t.service.url}/SCFileserver/audio`, {
      method: 'POST', headers: { authorization: t.alice, 'content-type': contentType }, body,
    });
    return { status: res.statusCode, location: res.headers.location, text: await res.body.text() };
  }

  it('refuses a playlist uploaded as any audio type with 415 naming what was expected, and stores nothing', async () => {
    const expected: [string, string][] = [
      ['audio/ogg', 'an Ogg page (OggS)'],
      ['audio/x-wav', 'a RIFF/WAVE header'],
      ['audio/webm', 'an EBML header (1A 45 DF A3)'],
      ['audio/mp4; codecs=mp4a', 'an MP4 ftyp box'],
    ];
    for (const [type, signature] of expected) {
      const res = await post(playlist, type);
      expect(res.status).toBe(415);
      expect(res.location).toBeUndefined();
      expect(res.text).toContain('<code>E_UNSUPPORTED_MEDIA_TYPE</code>');
      expect(res.text).toContain(`The upload is not ${type.split(';')[0]}: its bytes do not start with ${signature}.`);
    }
    const stored = await readdir(join(t.dataDir, 'audio', 'acme')).catch(() => [] as string[]);
    expect(stored.filter((name) => /\.(audio|tmp)$/.test(name))).toEqual([]);
  });

  it('decodes a stored upload with its own demuxer only: a stored playlist fails, its target is never transcribed', async () => {
    // As an older version stored it: the playlist's bytes under a content id, declared audio/ogg.
    const id = 'PLAYLISTPLAYLISTPLAYLI';
    const dir = join(t.dataDir, 'audio', 'acme');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, `${id}.audio`), playlist);
    await writeFile(join(dir, `${id}.json`), JSON.stringify({ contentType: 'audio/ogg', bytes: playlist.length, createdTime: Date.now() }));
    const location = await create(t, `${t.service.url}/SCFileserver/audio/acme/${id}`, { 'audio-format': 'ogg' });
    await waitDone(location, t.alice);
    expect((await get(`${location}/text`, t.alice)).text).toBe('');
    const details = (await get(location, t.alice)).text;
    expect(details).toContain('<key>wordMarkers</key><value>[]</value>');
    expect(details).toMatch(/<key>error<\/key><value>ffmpeg could not decode [^<]+<\/value>/);
  });

  it('an Ogg signature in front of a playlist is stored, and its dictation fails as Ogg', async () => {
    const disguised = await upload(t, await writeBytes(t, 'disguised.ogg', Buffer.concat([Buffer.from('OggS'), playlist])), t.alice, 'audio/ogg');
    const location = await create(t, disguised, { 'audio-format': 'ogg' });
    await waitDone(location, t.alice);
    expect((await get(`${location}/text`, t.alice)).text).toBe('');
    expect((await get(location, t.alice)).text).toMatch(/<key>error<\/key><value>ffmpeg could not decode [^<]+<\/value>/);
  });

  it('refuses an audio-format other than the upload\'s own type with 400', async () => {
    const wav = await upload(t, await makeWav(t.mediaDir, 'tone.wav', 1000));
    const res = await createRaw(t, { 'audio-url': wav, 'audio-format': 'ogg' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Form field audio-format ogg does not match the upload, sent as audio/x-wav');
    expect((await createRaw(t, { 'audio-url': wav, 'audio-format': 'pcm-8khz' })).status).toBe(201);
  });

  it('refuses a playlist sent over the WebSocket as ogg: ERROR unsupported-audio, close 1003, no text', async () => {
    const { messages, code } = await webSocketDictation(t.service.url, 'ogg', playlist);
    expect(code).toBe(1003);
    expect(messages.map((m) => m.method)).toEqual(['STARTDICTATION', 'ERROR']);
    expect(messages[1]?.data).toMatchObject({ reason: 'unsupported-audio', code: 'E_UNSUPPORTED_MEDIA_TYPE' });
    // Real Ogg passes the same path.
    const ogg = join(t.mediaDir, 'words.ogg');
    await exec('ffmpeg', ['-v', 'error', '-nostdin', '-y', '-i', spoken, '-ac', '1', '-ar', '16000', '-c:a', 'libvorbis', ogg]);
    const real = await webSocketDictation(t.service.url, 'ogg', await readFile(ogg));
    expect(real.code).toBe(1000);
    expect(real.messages.at(-1)?.method).toBe('TEXTDONE');
  });
});

async function writeBytes(t: TestService, name: string, bytes: Buffer): Promise<string> {
  const path = join(t.mediaDir, name);
  await writeFile(path, bytes);
  return path;
}

/**
 * The service hands uploads that already are 16 kHz mono 16-bit WAV (what dictclip uploads)
 * straight to the engine, without running ffmpeg again; anything else is transcoded. Proven
 * with an ffmpeg path that does not exist: only the transcode needs it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, get, makeWav, startTestService, upload, waitDone, type TestService } from './helpers.js';

describe('engine audio', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService({ ffmpegPath: '/nonexistent/ffmpeg' });
  });
  afterAll(async () => t.close());

  it('dictates a 16 kHz mono 16-bit WAV without ffmpeg', async () => {
    // makeWav writes 16 kHz mono s16le with -bitexact: a plain 44-byte header, as dictclip uploads.
    const location = await create(t, await upload(t, await makeWav(t.mediaDir, 'plain.wav', 2000)));
    await waitDone(location, t.alice);
    expect((await get(`${location}/text`, t.alice)).text).toBe('My text so far.');
  });

  it('needs ffmpeg for anything else (here a 44.1 kHz WAV), and reports its absence on the dictation', async () => {
    const location = await create(t, await upload(t, await makeWav(t.mediaDir, 'cd.wav', 2000, ['-ar', '44100'])));
    await waitDone(location, t.alice);
    const xml = (await get(location, t.alice, { accept: 'text/xml' })).text;
    expect(xml).toMatch(/<key>error<\/key><value>[^<]*ffmpeg/i);
  });
});

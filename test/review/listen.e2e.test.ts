/**
 * The review plays sources a browser cannot play: a real run over an AIFF (44.1 kHz stereo), then
 * the review server on port 0 serves a 16 kHz mono WAV copy made by ffmpeg on first listen, keeps
 * it while the source is unchanged, makes it again when the source changes, and answers 415 / 404
 * when the source no longer decodes or is gone. A run made with `--channel right` gets the right
 * channel alone in its copy, as the recognizer heard it.
 */
import { existsSync } from 'node:fs';
import { rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startReview, type RunningReview } from '../../src/review/index.js';
import { listenPath } from '../../src/run-output/naming.js';
import { readWavInfo } from '../../src/wav-header.js';
import { fakeIo } from '../cli/fake-io.js';
import { generate, makeBursts, removeTempDirs, tempDir } from '../helpers/index.js';
import { TALK_WORDS } from '../report/fixture.js';

let root: string;
let review: RunningReview;
const source = (): string => path.join(root, 'in', 'talk.aiff');
const copy = (): string => listenPath(path.join(root, 'out'), 'talk.aiff');

async function audio(headers: Record<string, string> = {}): Promise<{ status: number; type: unknown; body: Buffer }> {
  const res = await request(new URL('/api/audio?source=talk.aiff', review.url), { headers });
  return { status: res.statusCode, type: res.headers['content-type'], body: Buffer.from(await res.body.arrayBuffer()) };
}

beforeAll(async () => {
  root = await tempDir('review-listen');
  await makeBursts(source(), TALK_WORDS.map((w) => [w.startMs / 1000, w.endMs / 1000] as const), { seconds: 3, rate: 44_100, channels: 2 });
  const script = path.join(root, 'script.json');
  await writeFile(script, JSON.stringify({ fallback: 'none', scripts: [{ match: { durationMs: 3000 }, words: TALK_WORDS }] }));
  const cli = fakeIo({ cwd: root });
  const code = await main(['run', 'in', '--out', 'out', '--engine', 'scripted', '--script-file', script, '--poll-initial-ms', '50', '--poll-max-ms', '100'], cli.io);
  expect(code, cli.stderr()).toBe(0);
  review = await startReview({ runDir: path.join(root, 'out'), port: 0 });
}, 120_000);

afterAll(async () => {
  await review?.close();
  await removeTempDirs();
});

describe('review: sources a browser cannot play', () => {
  it('lists the AIFF as playable and serves a 16 kHz mono WAV copy of all of it, with Range', async () => {
    const list = await request(new URL('/api/recordings', review.url));
    const { recordings } = await list.body.json() as { recordings: { source: string; playable: boolean }[] };
    expect(recordings).toEqual([expect.objectContaining({ source: 'talk.aiff', playable: true })]);
    const whole = await audio();
    expect(whole.status).toBe(200);
    expect(whole.type).toBe('audio/wav');
    const info = await readWavInfo(copy());
    expect([info.sampleRate, info.channels, info.bitsPerSample, info.dataBytes]).toEqual([16_000, 1, 16, 3 * 16_000 * 2]);
    expect(whole.body.length).toBe(info.dataOffset + info.dataBytes);
    const part = await audio({ range: 'bytes=44-143' });
    expect(part.status).toBe(206);
    expect(part.body).toEqual(whole.body.subarray(44, 144));
  });

  it('keeps the copy while the source is unchanged and makes it again when the source changes', async () => {
    const before = await stat(copy());
    expect((await audio()).status).toBe(200);
    const kept = await stat(copy());
    expect([kept.ino, kept.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    const later = new Date(before.mtimeMs + 60_000);
    await utimes(source(), later, later);
    expect((await audio()).status).toBe(200);
    const made = await stat(copy());
    expect(made.ino).not.toBe(before.ino); // a new file renamed into place
    expect(Math.round(made.mtimeMs)).toBe(Math.round((await stat(source())).mtimeMs));
    expect((await audio()).status).toBe(200);
    expect((await stat(copy())).ino).toBe(made.ino);
  });

  it('answers 415 when the source no longer decodes and 404 when it is gone, with JSON errors', async () => {
    await writeFile(source(), 'this is no longer audio');
    const later = new Date(Date.now() + 120_000);
    await utimes(source(), later, later);
    const broken = await audio();
    expect(broken.status).toBe(415);
    expect(JSON.parse(broken.body.toString()).error).toBe('not-audio');
    await rm(source());
    const gone = await audio();
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body.toString()).error).toBe('no-audio');
  });
});

describe('review: the run\'s --channel', () => {
  it('an AIFF dictated with --channel right (left 0.5, right −0.25 of full scale) plays as 32000 frames of −8192 from <key>.right.wav', async () => {
    const dir = await tempDir('review-listen-channel');
    await generate('aevalsrc=exprs=0.5|-0.25:s=16000:d=2', path.join(dir, 'in', 'call.aiff'));
    const script = path.join(dir, 'script.json');
    await writeFile(script, JSON.stringify({ fallback: 'none', scripts: [{ match: { durationMs: 2000, toleranceMs: 5 }, words: [{ word: 'hello', startMs: 300, endMs: 700 }] }] }));
    const cli = fakeIo({ cwd: dir });
    expect(await main(['run', 'in', '--out', 'out', '--engine', 'scripted', '--script-file', script, '--channel', 'right', '--quiet', '--no-report'], cli.io), cli.stderr()).toBe(0);
    const channelReview = await startReview({ runDir: path.join(dir, 'out'), port: 0 });
    try {
      const res = await request(new URL('/api/audio?source=call.aiff', channelReview.url));
      expect(res.statusCode).toBe(200);
      const body = Buffer.from(await res.body.arrayBuffer());
      const info = await readWavInfo(listenPath(path.join(dir, 'out'), 'call.aiff', 'right'));
      expect([info.sampleRate, info.channels, info.samples]).toEqual([16_000, 1, 32_000]);
      const values = new Set<number>();
      for (let i = info.dataOffset; i + 1 < body.length; i += 2) values.add(body.readInt16LE(i));
      expect([...values]).toEqual([-8_192]);
      expect(existsSync(listenPath(path.join(dir, 'out'), 'call.aiff'))).toBe(false);
    } finally {
      await channelReview.close();
    }
  }, 120_000);
});

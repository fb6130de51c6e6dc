/**
 * transcodeToWav / toWorkWav with `channel`: which channel of a stereo recording becomes the mono
 * work audio. The recording's left channel is constant 0.5 of full scale (16384) and its right
 * −0.25 (−8192), so each choice has exact sample values: the mix averages them (4096).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNumber, toWorkWav, transcodeToWav } from '../../src/audio/index.js';
import { generate, makeTone, pcmWav, removeTempDirs, tempDir } from '../helpers/index.js';

let dir: string;
let ffmpegPath: string;
const LEFT = 16_384;
const RIGHT = -8_192;

beforeAll(async () => {
  dir = await tempDir('channel-transcode');
  const { ffmpegBinary } = await import('../helpers/index.js');
  ffmpegPath = await ffmpegBinary();
  await generate('aevalsrc=exprs=0.5|-0.25:s=16000:d=0.5', path.join(dir, 'stereo16.wav'), ['-c:a', 'pcm_s16le']);
  await generate('aevalsrc=exprs=0.5|-0.25:s=44100:d=0.5', path.join(dir, 'stereo44.flac'));
  // Already in the work format (16 kHz mono, a plain 44-byte header): linked, not transcoded.
  await writeFile(path.join(dir, 'mono16.wav'), pcmWav(Int16Array.from({ length: 4_000 }, (_, i) => (i % 100) * 50)));
  await writeFile(path.join(dir, 'garbage.wav'), Buffer.from('RIFF\0\0\0\0WAVEfmt nothing like audio'.repeat(50)));
}, 60_000);

afterAll(removeTempDirs);

/** {value: count} of the 16-bit samples after the 44-byte header. */
async function histogram(file: string): Promise<Record<number, number>> {
  const bytes = await readFile(file);
  const counts: Record<number, number> = {};
  for (let i = 44; i + 1 < bytes.length; i += 2) counts[bytes.readInt16LE(i)] = (counts[bytes.readInt16LE(i)] ?? 0) + 1;
  return counts;
}

describe('transcodeToWav channel', () => {
  it('mix averages the channels, left and right keep one sample for sample, each 8000 frames', async () => {
    for (const [choice, value] of [[undefined, (LEFT + RIGHT) / 2], ['mix', (LEFT + RIGHT) / 2], ['left', LEFT], ['right', RIGHT], ['2', RIGHT]] as const) {
      const out = path.join(dir, `s16-${choice ?? 'none'}.wav`);
      const info = await transcodeToWav(path.join(dir, 'stereo16.wav'), out, { ffmpegPath, channel: channelNumber(choice) });
      expect([info.channels, info.sampleRate, info.samples], choice).toEqual([1, 16_000, 8_000]);
      expect(await histogram(out), choice).toEqual({ [value]: 8_000 });
    }
    // No channel is ffmpeg's mix as before: the same bytes.
    expect((await readFile(path.join(dir, 's16-none.wav'))).equals(await readFile(path.join(dir, 's16-mix.wav')))).toBe(true);
  });

  it('resamples the kept channel like the mix: the same frame count, the right channel\'s value', async () => {
    const mix = await transcodeToWav(path.join(dir, 'stereo44.flac'), path.join(dir, 'f-mix.wav'), { ffmpegPath });
    const right = await transcodeToWav(path.join(dir, 'stereo44.flac'), path.join(dir, 'f-right.wav'), { ffmpegPath, channel: 2 });
    expect(right.samples).toBe(mix.samples);
    expect(right.samples).toBe(8_000);
    const values = await histogram(path.join(dir, 'f-right.wav'));
    expect(values[RIGHT]).toBeGreaterThan(7_900); // a constant stays constant but at the resampler's ends
    expect(Object.keys(values).map(Number).every((v) => v <= 0)).toBe(true);
  });

  it('a channel the recording lacks is E_CHANNEL naming what it has; nothing is left behind', async () => {
    const out = path.join(dir, 'third.wav');
    await expect(transcodeToWav(path.join(dir, 'stereo16.wav'), out, { ffmpegPath, channel: 3 })).rejects.toMatchObject({
      code: 'E_CHANNEL', context: { path: path.join(dir, 'stereo16.wav'), key: 'channel' },
      message: `${path.join(dir, 'stereo16.wav')} has 2 channels: there is no channel 3 to keep. Fix: choose a channel it has (--channel mix, left, right), or leave the recording out.`,
    });
    await expect(transcodeToWav(path.join(dir, 'stereo44.flac'), out, { ffmpegPath, channel: 5 })).rejects.toMatchObject({ code: 'E_CHANNEL' });
    expect((await readdir(dir)).filter((name) => name.startsWith('third'))).toEqual([]);
  });

  it('an input ffmpeg cannot decode stays E_FFMPEG whatever the channel', async () => {
    await expect(transcodeToWav(path.join(dir, 'garbage.wav'), path.join(dir, 'x.wav'), { ffmpegPath, channel: 2 })).rejects.toMatchObject({ code: 'E_FFMPEG' });
    expect((await readdir(dir)).filter((name) => name.startsWith('x.wav') || name.includes('.probe-'))).toEqual([]);
  });
});

describe('toWorkWav channel', () => {
  it('a mono work-format input is linked for mix or left (its only channel) and refused for right', async () => {
    const input = path.join(dir, 'mono16.wav');
    for (const channel of [undefined, 1]) {
      const out = path.join(dir, `work-${channel ?? 'mix'}.wav`);
      await toWorkWav(input, out, { ffmpegPath, channel });
      expect((await readFile(out)).equals(await readFile(input))).toBe(true);
    }
    await expect(toWorkWav(input, path.join(dir, 'work-right.wav'), { ffmpegPath, channel: 2 })).rejects.toMatchObject({
      code: 'E_CHANNEL', message: expect.stringContaining('has 1 channel (mono): there is no right (channel 2) to keep. Fix: choose a channel it has (--channel mix, left)'),
    });
    expect((await readdir(dir)).filter((name) => name.startsWith('work-right'))).toEqual([]);
  });

  it('a mono input in another format is transcoded; right is refused by probing it', async () => {
    const input = await makeTone(path.join(dir, 'mono44.wav'), { seconds: 0.25, rate: 44_100 });
    await expect(toWorkWav(input, path.join(dir, 'm44.wav'), { ffmpegPath, channel: 2 })).rejects.toMatchObject({ code: 'E_CHANNEL' });
    expect((await toWorkWav(input, path.join(dir, 'm44.wav'), { ffmpegPath, channel: 1 })).samples).toBe(4_000);
  });
});

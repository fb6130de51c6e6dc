import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorkWav, toWorkWav } from '../../src/audio/work-format.js';
import { DictclipError } from '../../src/errors.js';
import { generate, pcmWav, useTempDir } from './helpers.js';

const dir = useTempDir('work-format');
const samples = Int16Array.from({ length: 1600 }, (_, i) => ((i * 37) % 2000) - 1000);

describe('readWorkWav', () => {
  it('accepts 16 kHz mono 16-bit PCM with a plain header that matches the file', async () => {
    const path = join(dir(), 'plain.wav');
    writeFileSync(path, pcmWav(samples));
    expect(await readWorkWav(path)).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16, dataOffset: 44, samples: 1600 });
  });

  it.each([
    ['44.1 kHz', () => pcmWav(samples, 44100)],
    ['stereo', () => pcmWav(samples, 16000, 2)],
    ['a header claiming more data than the file holds', () => {
      const bytes = pcmWav(samples);
      bytes.writeUInt32LE(1_000_000, 40);
      return bytes;
    }],
    ['trailing bytes after the data', () => Buffer.concat([pcmWav(samples), Buffer.from('LIST')])],
    ['not a WAV at all', () => Buffer.from('ID3 not audio')],
  ])('refuses %s', async (_name, make) => {
    const path = join(dir(), 'other.wav');
    writeFileSync(path, make());
    expect(await readWorkWav(path)).toBeUndefined();
  });

  it('refuses a WAV with a LIST chunk before the data (what plain ffmpeg writes)', async () => {
    const path = await generate('sine=f=440:r=16000:d=0.2', join(dir(), 'lavf.wav'), ['-ac', '1', '-c:a', 'pcm_s16le']);
    expect(await readWorkWav(path)).toBeUndefined();
  });
});

describe('toWorkWav', () => {
  it('places a work-format input as is, without running ffmpeg', async () => {
    const input = join(dir(), 'in.wav');
    writeFileSync(input, pcmWav(samples));
    const output = join(dir(), 'out.wav');
    const info = await toWorkWav(input, output, { ffmpegPath: '/nonexistent/ffmpeg' });
    expect(info.samples).toBe(1600);
    expect(readFileSync(output).equals(readFileSync(input))).toBe(true);
  });

  it('transcodes anything else (and so needs ffmpeg)', async () => {
    const input = join(dir(), 'cd.wav');
    writeFileSync(input, pcmWav(samples, 44100));
    const error = await toWorkWav(input, join(dir(), 'out2.wav'), { ffmpegPath: '/nonexistent/ffmpeg' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DictclipError);
    expect((error as DictclipError).code).toBe('E_FFMPEG');
  });

  it('places the target of a relative symlink, not the link itself (git-annex, DVC, Kaldi data folders)', async () => {
    mkdirSync(join(dir(), 'annex'), { recursive: true });
    mkdirSync(join(dir(), 'data'), { recursive: true });
    writeFileSync(join(dir(), 'annex', 'object.wav'), pcmWav(samples));
    const input = join(dir(), 'data', 'talk.wav');
    symlinkSync('../annex/object.wav', input);
    // The work copy lives in another folder, where the link's relative target would lead nowhere.
    mkdirSync(join(dir(), 'work'), { recursive: true });
    const output = join(dir(), 'work', 'talk.wav');
    const info = await toWorkWav(input, output, { ffmpegPath: '/nonexistent/ffmpeg' });
    expect(info.samples).toBe(1600);
    expect(lstatSync(output).isSymbolicLink()).toBe(false);
    expect(readFileSync(output).equals(readFileSync(input))).toBe(true);
  });
});

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout } from 'node:timers/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../../src/audio/ffmpeg-path.js';
import { meaningfulLine, transcodeToWav } from '../../src/audio/transcode.js';
import { DictclipError } from '../../src/errors.js';
import { generate, run, soxSamples, useTempDir } from './helpers.js';

const temp = useTempDir('transcode');
let ffmpegPath = '';
beforeAll(async () => {
  ffmpegPath = await resolveFfmpeg();
});

/** Samples per channel of `path` as ffmpeg decodes it at its own rate (before resampling). */
function decodedSamples(path: string): number {
  return run('ffmpeg', ['-v', 'error', '-nostdin', '-i', path, '-map', '0:a:0', '-ac', '1', '-f', 's16le', '-']).length / 2;
}

async function failure(input: string, output: string): Promise<DictclipError> {
  const error: unknown = await transcodeToWav(input, output, { ffmpegPath }).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DictclipError);
  return error as DictclipError;
}

describe('transcodeToWav', () => {
  it('turns a 1.000 s 44.1 kHz stereo sine WAV into exactly 16000 mono 16-bit samples at 16 kHz', async () => {
    const input = await generate('sine=f=440:r=44100:d=1', join(temp(), 'stereo44.wav'), ['-ac', '2', '-c:a', 'pcm_s16le']);
    expect(decodedSamples(input)).toBe(44100);
    const output = join(temp(), 'stereo44.out.wav');
    const info = await transcodeToWav(input, output, { ffmpegPath });
    expect(info).toEqual({
      sampleRate: 16000,
      channels: 1,
      bitsPerSample: 16,
      dataOffset: 44,
      dataBytes: 32000,
      samples: 16000,
      durationMs: 1000,
      exact: true,
    });
    expect(soxSamples(output)).toBe(16000);
    expect(readFileSync(output).length).toBe(32044);
    expect(readdirSync(temp()).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  // ffmpeg's default resampler (swr) emits ceil(N × 16000 / rate) samples for N input samples
  // (N as the decoder delivers them: encoder priming and padding of lossy formats included).
  const cases: [string, string, string[]][] = [
    ['sine.mp3', 'sine', ['-ac', '2', '-c:a', 'libmp3lame']],
    ['sine.ogg', 'sine', ['-ac', '2', '-c:a', 'libvorbis']],
    ['sine.flac', 'sine', ['-ac', '2', '-c:a', 'flac']],
    ['sine.m4a', 'sine', ['-ac', '2', '-c:a', 'aac']],
    ['speech.mp3', 'speech', ['-c:a', 'libmp3lame']],
    ['speech.ogg', 'speech', ['-c:a', 'libvorbis']],
    ['speech.flac', 'speech', []],
    ['speech.m4a', 'speech', ['-c:a', 'aac']],
  ];
  it.each(cases)('transcodes %s to 16 kHz mono 16-bit with the expected sample count', async (name, source, codec) => {
    let from: string;
    if (source === 'sine') {
      from = await generate('sine=f=440:r=44100:d=1', join(temp(), `${name}.src.wav`), ['-ac', '2']);
    } else {
      from = join(temp(), `${name}.src.wav`);
      run('espeak-ng', ['-w', from, 'hello dictation world']); // 22050 Hz mono
    }
    const input = join(temp(), name);
    run('ffmpeg', ['-v', 'error', '-nostdin', '-i', from, ...codec, '-y', input]);
    const n = decodedSamples(input);
    const rate = source === 'sine' ? 44100 : 22050;
    const info = await transcodeToWav(input, join(temp(), `${name}.out.wav`), { ffmpegPath });
    expect([info.sampleRate, info.channels, info.bitsPerSample, info.dataOffset]).toEqual([16000, 1, 16, 44]);
    expect(info.samples).toBe(Math.ceil((n * 16000) / rate));
    expect(soxSamples(join(temp(), `${name}.out.wav`))).toBe(info.samples);
  });

  it('is deterministic: the same input gives the same bytes', async () => {
    const input = join(temp(), 'det.flac');
    run('sox', ['-n', '-r', '48000', '-c', '2', input, 'synth', '0.7', 'pinknoise']);
    const a = join(temp(), 'det-a.wav');
    const b = join(temp(), 'det-b.wav');
    await transcodeToWav(input, a, { ffmpegPath });
    await transcodeToWav(input, b, { ffmpegPath });
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
    expect(readFileSync(a).toString('latin1', 36, 40)).toBe('data'); // no LIST/metadata chunk
  });

  it('fails with E_FFMPEG, exit code, command and stderr tail on undecodable inputs', async () => {
    const video = await generate('testsrc=d=0.2:s=32x32', join(temp(), 'video.mp4'));
    const bytes = Buffer.alloc(5000);
    for (let i = 0, x = 7; i < bytes.length; i++) bytes[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
    writeFileSync(join(temp(), 'random.mp3'), bytes);
    writeFileSync(join(temp(), 'empty.wav'), '');
    writeFileSync(join(temp(), 'text.wav'), 'not audio, just a note\n');
    const expected: [string, string][] = [
      [video, 'ffmpeg could not decode video.mp4: no audio stream in the input'],
      [join(temp(), 'empty.wav'), 'ffmpeg could not decode empty.wav: Invalid data found when processing input'],
      [join(temp(), 'text.wav'), 'ffmpeg could not decode text.wav: Invalid data found when processing input'],
      [join(temp(), 'random.mp3'), ''],
    ];
    for (const [input, message] of expected) {
      const output = join(temp(), 'failed.wav');
      const error = await failure(input, output);
      expect(error.code).toBe('E_FFMPEG');
      if (message !== '') expect(error.message).toBe(message);
      expect(error.message.startsWith(`ffmpeg could not decode ${input.split('/').pop()}: `)).toBe(true);
      expect(error.context.exitCode).toBe(1);
      expect(error.context.path).toBe(input);
      expect(error.context.command).toContain(`${ffmpegPath} -hide_banner`);
      expect(error.context.command).toContain('-ac 1 -ar 16000');
      expect(error.context.stderrTail).toContain(input);
      expect(existsSync(output)).toBe(false);
      expect(readdirSync(temp()).filter((name) => name.includes('.tmp-'))).toEqual([]);
    }
  });

  it('never follows a playlist or a concat list in an input folder: refused, the files they name are not read', async () => {
    const named = await generate('sine=f=440:r=16000:d=1', join(temp(), 'named.mp3'));
    const playlists: [string, string, string][] = [
      ['playlist.mp3', `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${named}\n#EXT-X-ENDLIST\n`, 'hls'],
      ['playlist.wav', `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${named}\n#EXT-X-ENDLIST\n`, 'hls'],
      ['list.ogg', `ffconcat version 1.0\nfile '${named}'\n`, 'concat'],
    ];
    for (const [name, text, demuxer] of playlists) {
      writeFileSync(join(temp(), name), text);
      const error = await failure(join(temp(), name), join(temp(), 'followed.wav'));
      expect(error.code).toBe('E_FFMPEG');
      expect(error.message).toBe(`ffmpeg could not decode ${name}: not a media file: it reads as "${demuxer}" (a playlist or list of other files), which is never followed`);
      expect(existsSync(join(temp(), 'followed.wav'))).toBe(false);
    }
    // The named file itself decodes (the refusal is of the playlist, not of its target).
    expect((await transcodeToWav(named, join(temp(), 'named.wav'), { ffmpegPath })).samples).toBeGreaterThan(15_000);
  });

  it('with a demuxer, reads the input only as that format (a WAV given as Ogg fails)', async () => {
    const wav = await generate('sine=f=440:r=16000:d=1', join(temp(), 'tone.wav'), ['-c:a', 'pcm_s16le']);
    expect((await transcodeToWav(wav, join(temp(), 'as-wav.wav'), { ffmpegPath, demuxer: 'wav' })).samples).toBe(16000);
    const error: unknown = await transcodeToWav(wav, join(temp(), 'as-ogg.wav'), { ffmpegPath, demuxer: 'ogg' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_FFMPEG' });
    expect(existsSync(join(temp(), 'as-ogg.wav'))).toBe(false);
  });

  it('rejects a missing input with E_INPUT', async () => {
    const input = join(temp(), 'missing.flac');
    const error = await failure(input, join(temp(), 'never.wav'));
    expect([error.code, error.context.path]).toEqual(['E_INPUT', input]);
  });

  it('rejects at once with E_ABORTED when the signal is already aborted', async () => {
    const input = await generate('sine=d=0.1', join(temp(), 'short.wav'));
    const error: unknown = await transcodeToWav(input, join(temp(), 'x.wav'), { ffmpegPath, signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect((error as DictclipError).code).toBe('E_ABORTED');
  });

  it('kills ffmpeg on abort, removes the temp file and rejects with E_ABORTED', async () => {
    const dir = join(temp(), 'abort');
    run('mkdir', ['-p', dir]);
    const input = await generate('anullsrc=r=48000:cl=stereo', join(temp(), 'long.flac'), ['-t', '900']);
    const output = join(dir, 'long.wav');
    const controller = new AbortController();
    let settled = false;
    const pending = transcodeToWav(input, output, { ffmpegPath, signal: controller.signal }).then(
      (v) => ((settled = true), v),
      (e: unknown) => ((settled = true), e),
    );
    // Wait until ffmpeg has started writing its temp file, then abort.
    while (!settled && !readdirSync(dir).some((name) => name.includes('.tmp-'))) await setTimeout(2);
    expect(settled).toBe(false);
    controller.abort();
    const error = (await pending) as DictclipError;
    expect(error.code).toBe('E_ABORTED');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('meaningfulLine', () => {
  it('skips boilerplate and strips the input prefix', () => {
    const stderr =
      "Input #0, wav, from 'a.wav':\n  Duration: 00:00:01.00\nStream map '0:a:0' matches no streams.\nTo ignore this, add a trailing '?' to the map.\n";
    expect(meaningfulLine(stderr, 'a.wav')).toBe('no audio stream in the input');
    expect(meaningfulLine('/x/a.mp3: Invalid argument\nConversion failed!\n', '/x/a.mp3')).toBe('Invalid argument');
    expect(meaningfulLine('', 'a')).toBe('no error output');
  });
});

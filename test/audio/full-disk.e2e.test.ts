/**
 * A full disk never gives a short recording (issue 30 item 1): on a real 2 MiB tmpfs, a transcode
 * and a clip conversion that run out of space fail with E_OUTPUT and leave no file, also when
 * ffmpeg exits 0 as some builds do (a wrapper that runs the real ffmpeg and always exits 0); once
 * space is freed the same transcode is whole.
 */
import { readdir, writeFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertWavs, transcodeToWav } from '../../src/audio/index.js';
import { failure, ffmpegBinary, makeTone, removeTempDirs, tempDir } from '../helpers/index.js';
import { mountSmallDisk, type SmallDisk } from '../helpers/full-disk.js';

let disk: SmallDisk;
let source: string;
let ffmpeg: string;
/** Runs the real ffmpeg and exits 0 whatever happened. */
let lenient: string;

beforeAll(async () => {
  const dir = await tempDir('full-disk-');
  disk = await mountSmallDisk();
  source = await makeTone(path.join(dir, 'long.wav'), { seconds: 30, rate: 44_100, channels: 2 });
  ffmpeg = await ffmpegBinary();
  lenient = path.join(dir, 'ffmpeg-exits-0');
  await writeFile(lenient, `#!/bin/sh\n"${ffmpeg}" "$@"\nexit 0\n`);
  await chmod(lenient, 0o755);
});

afterAll(async () => {
  await disk.unmount();
  await removeTempDirs();
});

describe('a full disk', () => {
  it('fails a transcode with E_OUTPUT and leaves nothing, whatever ffmpeg exits with; with space freed it is whole', async () => {
    const output = path.join(disk.dir, 'work.wav');
    for (const ffmpegPath of [ffmpeg, lenient]) {
      await disk.fill(300_000);
      const error = await failure(transcodeToWav(source, output, { ffmpegPath }));
      expect(error.code).toBe('E_OUTPUT');
      expect(error.message).toMatch(/^ffmpeg did not write .*work\.wav\S* whole \(a full disk\?\): /);
      expect(await readdir(disk.dir)).toEqual(['filler']);
    }
    await disk.free();
    const info = await transcodeToWav(source, output, { ffmpegPath: lenient });
    expect([info.samples, info.exact]).toEqual([480_000, true]);
  });

  it('fails a clip conversion (the export copies) with E_OUTPUT, whatever ffmpeg exits with', async () => {
    const output = path.join(disk.dir, 'clip.wav');
    for (const ffmpegPath of [ffmpeg, lenient]) {
      await disk.fill(300_000);
      const error = await failure(
        convertWavs([{ input: source, output, sampleRate: 22_050, channels: 1, samples: 661_500 }], { ffmpegPath }),
      );
      expect(error.code).toBe('E_OUTPUT');
      await disk.free();
    }
  });
});

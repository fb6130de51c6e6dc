/**
 * checkWrittenWav against ffmpeg's own report: a copy whose samples fall short of the last `time=`
 * by a container's start offset or a codec's priming (a WMA source: 58 ms) is whole; one that falls
 * short by a lost write (half a second) is E_OUTPUT, as is a header that promises more than the file.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWrittenWav } from '../../src/audio/written.js';
import { pcmWav, removeTempDirs, tempDir } from '../helpers/index.js';

afterAll(removeTempDirs);

/** A 16 kHz mono WAV of `ms` milliseconds of silence. */
async function wav(ms: number): Promise<string> {
  const file = path.join(await tempDir('written'), 'out.wav');
  await writeFile(file, pcmWav(new Int16Array(ms * 16)));
  return file;
}
const stats = (time: string): string => `size=      31kB time=${time} bitrate= 256.0kbits/s speed= 120x\n`;

describe('checkWrittenWav', () => {
  it('takes a copy 58 ms short of the last time= (a WMA source) as whole, with its sample count', async () => {
    const info = await checkWrittenWav(await wav(992), stats('00:00:01.05'));
    expect(info.samples).toBe(15_872);
  });

  it('refuses a copy 508 ms short of the last time= with E_OUTPUT naming both lengths', async () => {
    await expect(checkWrittenWav(await wav(992), stats('00:00:01.50'))).rejects.toMatchObject({
      code: 'E_OUTPUT', message: expect.stringMatching(/it holds 992 ms of audio, ffmpeg decoded 1500 ms$/),
    });
  });

  it('refuses a copy whose log names a failed write, whatever its length', async () => {
    await expect(checkWrittenWav(await wav(992), `${stats('00:00:00.99')}[out#0/wav] Error writing trailer: No space left on device\n`))
      .rejects.toMatchObject({ code: 'E_OUTPUT' });
  });
});

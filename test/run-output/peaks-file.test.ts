import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { computePeaks } from '../../src/audio/peaks.js';
import { peaksPath } from '../../src/run-output/naming.js';
import { decodePeaks, encodePeaks, readPeaks, writePeaks } from '../../src/run-output/peaks-file.js';
import { pcmWav, useTempDir } from '../audio/helpers.js';

const dir = useTempDir('peaks-file');

describe('the .peaks side file', () => {
  it('round-trips through writePeaks and readPeaks, byte for byte as encodePeaks lays it out', async () => {
    const wav = path.join(dir(), 'b.wav');
    await writeFile(wav, pcmWav(new Int16Array([0, 1000, -1000, 300])));
    const peaks = await computePeaks(wav);
    writePeaks(dir(), 'b.wav', peaks);
    const bytes = await readFile(peaksPath(dir(), 'b.wav'));
    expect([bytes.length, bytes.toString('latin1', 0, 4)]).toEqual([16 + 2, 'DCPK']);
    expect(await readPeaks(dir(), 'b.wav')).toEqual({ ...peaks, durationMs: Math.round(peaks.durationMs) });
    expect(decodePeaks(encodePeaks({ bucketsPerSecond: 50, durationMs: 20, minMax: new Int8Array([-3, 4]) }))).toEqual(
      { bucketsPerSecond: 50, durationMs: 20, minMax: new Int8Array([-3, 4]) });
  });

  it('is undefined when absent and refuses a truncated or foreign file with E_RUN_FILE_INVALID', async () => {
    expect(await readPeaks(dir(), 'none.wav')).toBeUndefined();
    const file = peaksPath(dir(), 'c.wav');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, encodePeaks({ bucketsPerSecond: 100, durationMs: 20, minMax: new Int8Array([-3, 4, 1, 2]) }).subarray(0, 19));
    await expect(readPeaks(dir(), 'c.wav')).rejects.toMatchObject({
      code: 'E_RUN_FILE_INVALID', message: `the peaks file ${file} is not valid: 19 bytes, not the 20 its 2 buckets take`,
    });
    await writeFile(file, 'RIFF0000000000000000');
    await expect(readPeaks(dir(), 'c.wav')).rejects.toMatchObject({ code: 'E_RUN_FILE_INVALID', message: `the peaks file ${file} is not valid: not a peaks file (it does not start with DCPK)` });
  });
});

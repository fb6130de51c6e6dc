/**
 * Writing one sample range of a WAV as its own WAV (chunks of long recordings).
 */

import { DictclipError } from '../errors.js';
import { FolderMaker, runTag, streamRange } from './output.js';
import { assertMono16, openWav, readWavInfo } from '../wav-header.js';

/**
 * Write samples [startSample, endSample) of `wavPath` (16-bit mono PCM WAV) as a new 16-bit mono
 * WAV at `outPath` with a 44-byte header, clamped to the data. The PCM is streamed in 1 MB blocks
 * (a 10-minute chunk never sits in memory), written to a temp name beside `outPath` and renamed
 * into place; the parent folder is created if needed.
 * @throws DictclipError E_INVALID_ARGUMENT (sample indexes not integers, or end before start),
 *   E_AUDIO_INVALID / E_INPUT (source), E_OUTPUT.
 */
export async function writeWavRange(wavPath: string, startSample: number, endSample: number, outPath: string): Promise<void> {
  if (!Number.isSafeInteger(startSample) || !Number.isSafeInteger(endSample) || endSample < startSample) {
    throw new DictclipError('E_INVALID_ARGUMENT', `invalid sample range ${startSample}–${endSample} for ${outPath}`, { path: outPath });
  }
  const info = await readWavInfo(wavPath);
  assertMono16(info, wavPath);
  const start = Math.min(Math.max(startSample, 0), info.samples);
  const end = Math.min(Math.max(endSample, start), info.samples);
  const fh = await openWav(wavPath);
  try {
    await new FolderMaker().ensureParent(outPath);
    const source = { fh, dataOffset: info.dataOffset, sampleRate: info.sampleRate };
    await streamRange(source, start, end, outPath, `${outPath}.tmp-${runTag()}`, 0);
  } finally {
    await fh.close();
  }
}

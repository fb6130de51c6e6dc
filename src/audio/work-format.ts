/**
 * The work format: 16 kHz mono signed 16-bit PCM WAV with a plain 44-byte header — what the
 * pipeline cuts from and uploads, and what the embedded service's engines read. Audio already in
 * it needs no ffmpeg run: ffmpeg would copy the same samples, one process start later.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, link, realpath, rename, rm } from 'node:fs/promises';
import { DictclipError } from '../errors.js';
import { missingChannel } from './channel.js';
import { transcodeToWav, type TranscodeOptions } from './transcode.js';
import { HEADER_BYTES, readWavInfo, type WavInfo } from '../wav-header.js';

/**
 * The header facts of `path` when it already is in the work format (and its header describes
 * exactly the bytes of the file); undefined for anything else, including non-WAV files.
 */
export async function readWorkWav(path: string, sampleRate = 16_000): Promise<WavInfo | undefined> {
  const info = await readWavInfo(path).catch(() => undefined);
  const work = info !== undefined && info.exact && info.dataOffset === HEADER_BYTES
    && info.sampleRate === sampleRate && info.channels === 1 && info.bitsPerSample === 16;
  return work ? info : undefined;
}

/**
 * Put `input` into the work format at `output`: a hard link to it (to the file a symlink resolves
 * to; or a copy across file systems) when it already is in that format, else {@link transcodeToWav}. Either way `output` appears whole,
 * by rename. `ffmpegSlot` wraps the ffmpeg run only (a link needs no transcode slot).
 * @throws DictclipError as transcodeToWav (E_CHANNEL for a `channel` above 1 of a mono input), or
 *   E_OUTPUT when the link and the copy both fail.
 */
export async function toWorkWav(
  input: string, output: string, options: TranscodeOptions,
  ffmpegSlot: <T>(run: () => Promise<T>) => Promise<T> = (run) => run(),
): Promise<WavInfo> {
  const info = await readWorkWav(input, options.sampleRate);
  if (info === undefined) return ffmpegSlot(() => transcodeToWav(input, output, options));
  // A mono input has channel 1 (left) only: that one is kept as it is.
  if (options.channel !== undefined && options.channel > 1) throw missingChannel(input, options.channel, 1);
  const temp = `${output}.tmp-${randomBytes(6).toString('hex')}.wav`;
  try {
    // link(2) does not follow a symlink: it would link the link itself, whose relative target
    // leads nowhere from the work folder. Link the file it resolves to.
    const target = await realpath(input);
    await link(target, temp).catch(() => copyFile(target, temp));
    await rename(temp, output);
  } catch (cause) {
    await rm(temp, { force: true });
    throw new DictclipError('E_OUTPUT', `cannot place the work copy of ${input} at ${output}`, { path: output, cause });
  }
  return info;
}

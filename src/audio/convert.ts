/**
 * Converting a clip (a 16-bit PCM WAV dictclip cut) to another sample rate and channel count with
 * ffmpeg, to an exact number of samples.
 */
import { basename } from 'node:path';
import { runProcess } from '../child-process.js';
import { DictclipError } from '../errors.js';
import { readWavInfo, type WavInfo } from '../wav-header.js';
import { ffmpegInputArgs } from './ffmpeg-input.js';
import { meaningfulLine } from './transcode.js';

/** Options of {@link convertWav}. */
export interface ConvertOptions {
  /** The ffmpeg binary (see `resolveFfmpeg`). */
  ffmpegPath: string;
  /** Output frames per second. */
  sampleRate: number;
  /** Output channels: ffmpeg's default mix (stereo → mono averages the two, mono → stereo copies it). */
  channels: number;
  /**
   * Output frames, exactly: the resampler's output is cut or padded with silence to this count
   * (the resampler's own count differs from duration × rate by a frame or two, depending on its
   * filter delay).
   */
  samples: number;
  /** Aborting stops ffmpeg and rejects with E_ABORTED. @default undefined */
  signal?: AbortSignal | undefined;
}

/**
 * Write `input` (a PCM WAV) as a 16-bit PCM WAV at `output` with `sampleRate`, `channels` and
 * exactly `samples` frames: ffmpeg's resampler (`aresample`), then `apad` and `atrim` to the
 * count; no metadata, bit-exact (the same input gives the same bytes).
 * @returns The header facts of the written file.
 * @throws DictclipError E_FFMPEG (ffmpeg failed), E_AUDIO_INVALID (the result does not hold the
 *   requested format, which would be a bug), E_ABORTED.
 */
export async function convertWav(input: string, output: string, options: ConvertOptions): Promise<WavInfo> {
  const { ffmpegPath, sampleRate, channels, samples, signal } = options;
  const filter = `aresample=${sampleRate},apad=whole_len=${samples},atrim=end_sample=${samples}`;
  await runProcess(ffmpegPath, [
    '-hide_banner', '-nostdin', '-nostats', '-v', 'error', ...ffmpegInputArgs(input, 'wav'),
    '-y', '-map', '0:a:0', '-map_metadata', '-1', '-af', filter, '-ac', String(channels), '-ar', String(sampleRate),
    '-c:a', 'pcm_s16le', '-bitexact', '-f', 'wav', output,
  ], {
    errorCode: 'E_FFMPEG', name: 'ffmpeg', path: input, signal,
    failureMessage: ({ stderr }) => `ffmpeg could not convert ${basename(input)} to ${sampleRate} Hz, ${channels} channel(s): ${meaningfulLine(stderr, input)}`,
  });
  const info = await readWavInfo(output);
  if (info.sampleRate !== sampleRate || info.channels !== channels || info.samples !== samples || info.bitsPerSample !== 16) {
    throw new DictclipError('E_AUDIO_INVALID', `converting ${input} gave ${info.samples} frames at ${info.sampleRate} Hz, ${info.channels} channel(s), not ${samples} at ${sampleRate} Hz, ${channels}: ${output}`, { path: output });
  }
  return info;
}

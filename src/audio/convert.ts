/**
 * Converting a clip (a 16-bit PCM WAV dictclip cut) to another sample rate and channel count with
 * ffmpeg, to an exact number of samples.
 */
import { basename } from 'node:path';
import { startProcess } from '../child-process.js';
import { DictclipError } from '../errors.js';
import type { WavInfo } from '../wav-header.js';
import { keepChannelFilter } from './channel.js';
import { ffmpegInputArgs } from './ffmpeg-input.js';
import { meaningfulLine } from './transcode.js';
import { asShortWrite, checkWrittenWav } from './written.js';

/** One clip to convert: `input` (a PCM WAV) to `output` with `sampleRate`, `channels` and exactly `samples` frames. */
export interface ConvertJob {
  input: string;
  output: string;
  /** Output frames per second. */
  sampleRate: number;
  /** Output channels: ffmpeg's default mix (stereo → mono averages the two, mono → stereo copies it), unless `channel` is set. */
  channels: number;
  /**
   * With `channels` 1: the one input channel (1-based) kept as the output, sample for sample,
   * instead of the mix (see src/audio/channel.ts). The input must have it (ffmpeg fails otherwise).
   * @default undefined (the mix)
   */
  channel?: number | undefined;
  /**
   * Output frames, exactly: the resampler's output is cut or padded with silence to this count
   * (the resampler's own count differs from duration × rate by a frame or two, depending on its
   * filter delay).
   */
  samples: number;
}

/** Options of {@link convertWavs}. */
export interface ConvertOptions {
  /** The ffmpeg binary (see `resolveFfmpeg`). */
  ffmpegPath: string;
  /** Aborting stops ffmpeg and rejects with E_ABORTED. @default undefined */
  signal?: AbortSignal | undefined;
}

/** The output arguments of one job: its input's audio (or its one kept channel), resampled, padded and cut to the count. */
function outputArgs(job: ConvertJob, index: number): string[] {
  const keep = job.channel !== undefined && job.channels === 1 ? `${keepChannelFilter(job.channel)},` : '';
  const filter = `${keep}aresample=${job.sampleRate},apad=whole_len=${job.samples},atrim=end_sample=${job.samples}`;
  return ['-map', `${index}:a:0`, '-map_metadata', '-1', '-af', filter, '-ac', String(job.channels), '-ar', String(job.sampleRate),
    '-c:a', 'pcm_s16le', '-bitexact', '-f', 'wav', job.output];
}

/**
 * Convert several clips with one ffmpeg process (its start-up, about 0.2 s of CPU on Debian's
 * build, costs more than converting a short clip): each `input` (a PCM WAV, read as WAV only)
 * becomes a 16-bit PCM WAV at its `output` with the job's rate, channels (or its one kept
 * `channel`) and exactly `samples` frames: ffmpeg's resampler (`aresample`), then `apad` and
 * `atrim` to the count; no metadata, bit-exact (the same input gives the same bytes, alone or in a batch).
 * @returns The header facts of each written file, in job order.
 * @throws DictclipError E_FFMPEG (ffmpeg failed), E_OUTPUT (an output not written whole, whatever
 *   ffmpeg's exit code: src/audio/written.ts), E_AUDIO_INVALID (a result does not hold the
 *   requested format, which would be a bug), E_ABORTED.
 */
export async function convertWavs(jobs: readonly ConvertJob[], options: ConvertOptions): Promise<WavInfo[]> {
  if (jobs.length === 0) return [];
  const first = jobs[0]!.input;
  const run = startProcess(options.ffmpegPath, [
    '-hide_banner', '-nostdin', '-nostats', '-v', 'error',
    ...jobs.flatMap((job) => ffmpegInputArgs(job.input, 'wav')),
    '-y', ...jobs.flatMap(outputArgs),
  ], {
    errorCode: 'E_FFMPEG', name: 'ffmpeg', path: first, signal: options.signal,
    failureMessage: ({ stderr }) => `ffmpeg could not convert ${jobs.length === 1 ? basename(first) : `${jobs.length} clips from ${basename(first)} on`}: ${meaningfulLine(stderr, first)}`,
  });
  try {
    await run.done;
  } catch (error) {
    throw asShortWrite(error, jobs.length === 1 ? jobs[0]!.output : `${jobs.length} clips (${jobs[0]!.output} on)`) ?? error;
  }
  const infos: WavInfo[] = [];
  for (const job of jobs) {
    const info = await checkWrittenWav(job.output, run.stderr());
    if (info.sampleRate !== job.sampleRate || info.channels !== job.channels || info.samples !== job.samples || info.bitsPerSample !== 16) {
      throw new DictclipError('E_AUDIO_INVALID', `converting ${job.input} gave ${info.samples} frames at ${info.sampleRate} Hz, ${info.channels} channel(s), not ${job.samples} at ${job.sampleRate} Hz, ${job.channels}: ${job.output}`, { path: job.output });
    }
    infos.push(info);
  }
  return infos;
}

/**
 * Compressed uploads: a stretch of the 16 kHz mono work WAV encoded once with ffmpeg into one of
 * the service's compressed formats, then decoded back to check that it holds the whole stretch.
 */
import { randomBytes } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { runProcess } from '../child-process.js';
import { DictclipError, isDictclipError, tail } from '../errors.js';

/** The compressed upload formats (the `audio-format` value of each). */
export type CompressedFormat = 'ogg' | 'webm' | 'mp4';

interface Encoding {
  /** ffmpeg output options: codec, its setting and the container. */
  args: readonly string[];
  /** The encoder ffmpeg must have. */
  encoder: string;
  /** Bytes per second of audio the encoded file stays under (speech or not), used to size chunks. */
  maxBytesPerSecond: number;
  /** Samples the decoder may add after the end (AAC pads its last frame; MP4 keeps only the start trim). */
  tailSlackSamples: number;
}

/**
 * Vorbis at quality 2 (about 32 kbit/s on 16 kHz speech, about 1/8 of PCM), Opus at 24 kbit/s,
 * AAC-LC at 32 kbit/s; all mono 16 kHz as the service's format table asks.
 */
export const ENCODINGS: Readonly<Record<CompressedFormat, Encoding>> = {
  ogg: { args: ['-c:a', 'libvorbis', '-q:a', '2', '-f', 'ogg'], encoder: 'libvorbis', maxBytesPerSecond: 6_000, tailSlackSamples: 0 },
  webm: { args: ['-c:a', 'libopus', '-b:a', '24k', '-f', 'webm'], encoder: 'libopus', maxBytesPerSecond: 4_500, tailSlackSamples: 0 },
  mp4: { args: ['-c:a', 'aac', '-b:a', '32k', '-f', 'mp4'], encoder: 'aac', maxBytesPerSecond: 6_000, tailSlackSamples: 2_048 },
};

/** ffmpeg's ways of saying it lacks an encoder or a muxer. */
const MISSING = /Unknown encoder|Encoder not found|encoder .* not found|not a suitable output format|Requested output format .* not known/i;

/**
 * Encode samples [startSample, endSample) of a 16 kHz mono 16-bit work WAV into `format` at `out`
 * (written to a temp name and renamed), then decode it back: it must give the same number of
 * samples (or, for MP4, at most one padded AAC frame more).
 * @returns The encoded size in bytes.
 * @throws DictclipError E_ENCODER_MISSING (ffmpeg lacks the encoder; names it), E_ENCODE (the
 *   encode failed or does not decode back to the stretch), E_ABORTED.
 */
export async function encodeWavRange(
  wavPath: string,
  startSample: number,
  endSample: number,
  format: CompressedFormat,
  out: string,
  options: { ffmpegPath: string; signal?: AbortSignal | undefined },
): Promise<number> {
  const encoding = ENCODINGS[format];
  const temp = `${out}.tmp-${randomBytes(6).toString('hex')}`;
  const trim = `atrim=start_sample=${startSample}:end_sample=${endSample},asetpts=PTS-STARTPTS`;
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-i', wavPath, '-af', trim, '-ac', '1', '-ar', '16000',
    '-map_metadata', '-1', ...encoding.args, '-y', temp];
  const run = { name: 'ffmpeg', path: wavPath, signal: options.signal };
  try {
    await runProcess(options.ffmpegPath, args, {
      ...run, errorCode: 'E_ENCODE', failureMessage: (f) => `ffmpeg could not encode ${format}: ${tail(f.stderr, 1) || `exit code ${String(f.exitCode)}`}`,
    }).catch((error: unknown) => {
      if (!isDictclipError(error, 'E_ENCODE') || !MISSING.test(String(error.context.stderrTail ?? ''))) throw error;
      throw new DictclipError('E_ENCODER_MISSING', `ffmpeg has no ${encoding.encoder} encoder for --upload-format ${format}: ` +
        `${tail(String(error.context.stderrTail), 1)}; use an ffmpeg built with it (--ffmpeg-path) or another --upload-format`, { ...error.context, cause: error });
    });
    // Decoded to /dev/null; -progress reports the bytes written (the PCM is never held in memory).
    const decodeArgs = ['-hide_banner', '-nostdin', '-v', 'error', '-i', temp, '-ac', '1', '-ar', '16000', '-f', 's16le',
      '-progress', 'pipe:1', '-nostats', '-y', '/dev/null'];
    const progress = await runProcess(options.ffmpegPath, decodeArgs, {
      ...run, errorCode: 'E_ENCODE', failureMessage: (f) => `the ${format} encode does not decode: ${tail(f.stderr, 1) || `exit code ${String(f.exitCode)}`}`,
    });
    const samples = Number([...progress.matchAll(/^total_size=(\d+)$/gm)].at(-1)?.[1] ?? Number.NaN) / 2;
    const expected = endSample - startSample;
    if (!(samples >= expected && samples <= expected + encoding.tailSlackSamples)) {
      throw new DictclipError('E_ENCODE', `the ${format} encode does not decode back whole: ${samples} samples decoded, ${expected} encoded`, {
        path: wavPath, command: [options.ffmpegPath, ...decodeArgs].join(' '),
      });
    }
    await rename(temp, out);
    return (await stat(out)).size;
  } finally {
    await rm(temp, { force: true });
  }
}

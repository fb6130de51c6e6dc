/**
 * Transcoding any recording to the work format: 16 kHz (by default) mono signed 16-bit PCM WAV.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, rename, rm, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { startProcess } from '../child-process.js';
import { DictclipError, isDictclipError } from '../errors.js';
import type { WavInfo } from '../wav-header.js';
import { explainChannelFailure, keepChannelFilter } from './channel.js';
import { ffmpegInputArgs } from './ffmpeg-input.js';
import { asShortWrite, checkWrittenWav } from './written.js';

/** Options of {@link transcodeToWav}. */
export interface TranscodeOptions {
  /** The ffmpeg binary (see `resolveFfmpeg`). */
  ffmpegPath: string;
  /** Output sample rate in Hz. @default 16000 */
  sampleRate?: 16000;
  /**
   * Keep the input's own sample rate and channels (only the sample format becomes 16-bit PCM); `sampleRate` and `channel` are then ignored.
   * @default false
   */
  native?: boolean;
  /**
   * The one input channel (1-based: 1 left, 2 right) kept, sample for sample, as the mono output
   * instead of ffmpeg's mix of them all (src/audio/channel.ts). @default undefined (the mix)
   */
  channel?: number | undefined;
  /**
   * The ffmpeg demuxer the input must be read with (`wav`, `ogg`, `webm`, `mp4`: the embedded
   * service's uploads, decoded only as what they claim to be). Without it the input is probed,
   * among media demuxers only (never playlists or file lists: src/audio/ffmpeg-input.ts).
   * @default undefined (probed)
   */
  demuxer?: string;
  /** Aborting stops ffmpeg (SIGTERM, SIGKILL after 2 s) and rejects with E_ABORTED. @default undefined */
  signal?: AbortSignal;
}

/** Lines of ffmpeg's stderr that say nothing about the cause of a failure. */
const BOILERPLATE = /^(\s|Conversion failed!|To ignore this, add a trailing|Input #|Output #|Stream mapping:|Press \[q\]|size=)/;

/** The last line of stderr that explains the failure, without the input path prefix. */
export function meaningfulLine(stderr: string, input: string): string {
  const lines = stderr.split(/\r?\n/).filter((line) => line.trim() !== '');
  const line = (lines.findLast((l) => !BOILERPLATE.test(l)) ?? lines.at(-1) ?? 'no error output').trim();
  const refused = /\[(\w+) @ [^\]]*\] Format not on whitelist/.exec(stderr);
  if (refused !== null)
    return `not a media file: it reads as "${refused[1] ?? '?'}" (a playlist or list of other files), which is never followed`;
  const stripped = line.startsWith(`${input}: `) ? line.slice(input.length + 2) : line;
  return stripped.startsWith("Stream map '0:a:0' matches no streams") ? 'no audio stream in the input' : stripped;
}

async function checkInput(input: string): Promise<void> {
  try {
    await access(input, constants.R_OK);
    if (!(await stat(input)).isFile()) throw new Error('not a regular file');
  } catch (cause) {
    throw new DictclipError('E_INPUT', `cannot read input recording: ${input}`, { path: input, cause });
  }
}

function aborted(signal: AbortSignal, input: string): DictclipError {
  return new DictclipError('E_ABORTED', `transcoding aborted: ${input}`, { path: input, cause: signal.reason });
}

/**
 * Transcode `input` (any format ffmpeg decodes) to a mono signed 16-bit PCM WAV at `output`:
 * first audio stream only, channels mixed down (`-ac 1`; or the one `channel` kept), resampled to `sampleRate` (with
 * `native`: the input's own rate and channels), no video, no metadata, bit-exact (the same
 * input always gives the same bytes, a 44-byte header). ffmpeg writes `<output>.tmp-<random>.wav`, which is renamed to `output` on success
 * and removed on
 * failure; success means ffmpeg wrote it whole (src/audio/written.ts: no write error logged, the
 * header exact, as long as ffmpeg says it decoded), whatever its exit code.
 * @returns The header facts of the written file.
 * @throws DictclipError E_INPUT (input missing or unreadable), E_FFMPEG (ffmpeg failed: exit
 *   code, command line and stderr tail in the context), E_CHANNEL (the input has fewer channels
 *   than `channel`), E_OUTPUT (the output not written whole: a full disk), E_ABORTED.
 */
export async function transcodeToWav(input: string, output: string, options: TranscodeOptions): Promise<WavInfo> {
  const { ffmpegPath, sampleRate = 16000, signal } = options;
  await checkInput(input);
  if (signal?.aborted === true) throw aborted(signal, input);
  const temp = `${output}.tmp-${randomBytes(6).toString('hex')}.wav`;
  const keep = options.native === true ? undefined : options.channel;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    ...ffmpegInputArgs(input, options.demuxer),
    '-y',
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    ...(options.native === true
      ? []
      : [...(keep === undefined ? [] : ['-af', keepChannelFilter(keep)]), '-ac', '1', '-ar', String(sampleRate)]),
    '-c:a',
    'pcm_s16le',
    '-bitexact',
    '-f',
    'wav',
    temp,
  ];
  let info: WavInfo;
  try {
    const run = startProcess(ffmpegPath, args, {
      errorCode: 'E_FFMPEG',
      name: 'ffmpeg',
      path: input,
      signal,
      failureMessage: ({ stderr }) => `ffmpeg could not decode ${basename(input)}: ${meaningfulLine(stderr, input)}`,
    });
    await run.done;
    info = await checkWrittenWav(temp, run.stderr());
    await rename(temp, output);
  } catch (error) {
    await rm(temp, { force: true });
    if (isDictclipError(error, 'E_ABORTED') && signal !== undefined) throw aborted(signal, input);
    const short = asShortWrite(error, output);
    if (short !== undefined) throw short;
    // ffmpeg fails on a channel the input lacks (no stable message): probe the count to say so.
    if (keep !== undefined && keep > 1)
      throw await explainChannelFailure(error, input, keep, { ffmpegPath, tempBase: temp, demuxer: options.demuxer, signal });
    if (error instanceof DictclipError) throw error;
    throw new DictclipError('E_OUTPUT', `cannot write transcoded file: ${output}`, { path: output, cause: error });
  }
  return info;
}

/**
 * Which channel of a several-channel recording becomes its mono audio (the `channel` key): all of
 * them mixed (`mix`, ffmpeg's downmix: stereo averages left and right), or one channel kept as it
 * is (`left` = channel 1, `right` = channel 2, or a 1-based channel number). A recording with one
 * speaker per channel (an interview, a call) or a dead channel needs one channel, not the mix.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { runProcess } from '../child-process.js';
import { NAMED_CHANNELS } from '../channel-choice.js';
import { DictclipError, isDictclipError } from '../errors.js';
import { readWavInfo } from '../wav-header.js';
import { ffmpegInputArgs } from './ffmpeg-input.js';

export { CHANNEL_MIX, canonicalChannel, channelNumber, MAX_CHANNEL } from '../channel-choice.js';

/** How messages name channel `n`: `left (channel 1)`, `channel 3`. */
export function channelLabel(n: number): string {
  const name = Object.keys(NAMED_CHANNELS).find((key) => NAMED_CHANNELS[key] === n);
  return name === undefined ? `channel ${n}` : `${name} (channel ${n})`;
}

/**
 * The ffmpeg filter that keeps channel `n` (1-based) as the only channel, sample for sample
 * (`channelmap`: a copy, no mixing). ffmpeg fails on an input without that channel.
 */
export function keepChannelFilter(n: number): string {
  return `channelmap=map=${n - 1}:channel_layout=mono`;
}

/** The E_CHANNEL error: `path` has `has` channels, fewer than the chosen channel `n`. */
export function missingChannel(path: string, n: number, has: number): DictclipError {
  const layout = has === 1 ? '1 channel (mono)' : `${has} channels`;
  return new DictclipError(
    'E_CHANNEL',
    `${path} has ${layout}: there is no ${channelLabel(n)} to keep. Fix: choose a channel it has (--channel mix, left${has >= 2 ? ', right' : ''}${has >= 3 ? ` or up to ${has}` : ''}), or leave the recording out.`,
    { path, key: 'channel' },
  );
}

/**
 * The channels of `input`'s first audio stream, as ffmpeg decodes it: one frame is written to a
 * temp WAV (`<tempBase>.probe-<random>.wav`) whose header is read (no parsing of ffmpeg's log).
 * @throws DictclipError E_FFMPEG (ffmpeg cannot decode it), E_ABORTED.
 */
export async function countChannels(
  input: string,
  options: { ffmpegPath: string; tempBase: string; demuxer?: string | undefined; signal?: AbortSignal | undefined },
): Promise<number> {
  const temp = `${options.tempBase}.probe-${randomBytes(6).toString('hex')}.wav`;
  try {
    await runProcess(
      options.ffmpegPath,
      [
        '-hide_banner',
        '-nostdin',
        '-nostats',
        '-v',
        'error',
        ...ffmpegInputArgs(input, options.demuxer),
        '-y',
        '-map',
        '0:a:0',
        '-frames:a',
        '1',
        '-c:a',
        'pcm_s16le',
        '-f',
        'wav',
        temp,
      ],
      { errorCode: 'E_FFMPEG', name: 'ffmpeg', path: input, signal: options.signal },
    );
    return (await readWavInfo(temp)).channels;
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * After ffmpeg failed to keep channel `n` of `input`: E_CHANNEL when the input has fewer channels
 * (ffmpeg's own message for that is not stable across versions), else the original `error`.
 */
export async function explainChannelFailure(
  error: unknown,
  input: string,
  n: number,
  options: Parameters<typeof countChannels>[1],
): Promise<unknown> {
  if (!isDictclipError(error, 'E_FFMPEG')) return error;
  const has = await countChannels(input, options).catch(() => undefined);
  return has !== undefined && has < n ? missingChannel(input, n, has) : error;
}

/**
 * The original-quality clip source: a recording decoded once at its own sample rate and channel
 * count to 16-bit PCM WAV, so clips keep the quality of the source.
 */
import { readWavInfo, type WavInfo } from '../wav-header.js';
import { transcodeToWav, type TranscodeOptions } from './transcode.js';

/** A 16-bit PCM WAV to cut original-quality clips from. */
export interface OriginalAudio {
  path: string;
  info: WavInfo;
  /** True when `path` is a decoded copy (the caller removes it); false when it is the input itself. */
  decoded: boolean;
}

/**
 * The input itself when it already is a 16-bit PCM WAV (its samples are cut as they are, nothing
 * is copied), else the input decoded by ffmpeg to `output` at its own rate and channels.
 * @throws DictclipError as transcodeToWav (E_INPUT, E_FFMPEG, E_OUTPUT, E_ABORTED).
 */
export async function originalAudio(input: string, output: string, options: Omit<TranscodeOptions, 'native' | 'sampleRate'>): Promise<OriginalAudio> {
  const info = await readWavInfo(input).catch(() => undefined);
  if (info !== undefined && info.bitsPerSample === 16) return { path: input, info, decoded: false };
  return { path: output, info: await transcodeToWav(input, output, { ...options, native: true }), decoded: true };
}

/** Audio made with ffmpeg's lavfi sources: tones, silence, and tone bursts at known times. */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { resolveFfmpeg } from '../../src/audio/index.js';

const exec = promisify(execFile);

export interface AudioShape {
  /** Duration in seconds. */
  seconds: number;
  /** Sample rate. @default 16000 */
  rate?: number;
  /** Channels. @default 1 */
  channels?: number;
  /** Container/codec chosen by ffmpeg from the extension unless given (e.g. 'wav', 'mp3', 'ogg'). @default from the extension */
  format?: string;
  /** Sample format of PCM WAV output. @default 's16' */
  sampleFormat?: 's16' | 's32' | 'flt';
}

let ffmpeg: Promise<string> | undefined;

/** The ffmpeg binary the project resolves (ffmpeg-static, then PATH). */
export function ffmpegBinary(): Promise<string> {
  ffmpeg ??= resolveFfmpeg();
  return ffmpeg;
}

/**
 * The one test-audio generator: ffmpeg renders a lavfi source (e.g. `sine=f=440:r=44100:d=1`,
 * `anullsrc=…`, `testsrc=…`) to `path`, with `extra` output options. Creates the folder.
 */
export async function generate(lavfi: string, path: string, extra: readonly string[] = []): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await exec(await ffmpegBinary(), ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', lavfi, ...extra, '-y', path], { maxBuffer: 1 << 24 });
  return path;
}

/** Render an `aevalsrc` expression of time `t` to a file. */
export async function makeAudio(path: string, expression: string, shape: AudioShape): Promise<string> {
  const rate = shape.rate ?? 16000;
  const channels = shape.channels ?? 1;
  const exprs = Array.from({ length: channels }, () => expression.replace(/,/g, '\\,')).join('|');
  const codec = (shape.format ?? path.split('.').pop()) === 'wav' ? ['-c:a', `pcm_${shape.sampleFormat === 'flt' ? 'f32le' : `${shape.sampleFormat ?? 's16'}le`}`] : [];
  return generate(`aevalsrc=exprs=${exprs}:s=${rate}:d=${shape.seconds}`, path, [...codec, ...(shape.format === undefined ? [] : ['-f', shape.format])]);
}

/** A 440 Hz sine at half scale. */
export function makeTone(path: string, shape: AudioShape, frequency = 440): Promise<string> {
  return makeAudio(path, `0.5*sin(2*PI*${frequency}*t)`, shape);
}

/** Digital silence. */
export function makeSilence(path: string, shape: AudioShape): Promise<string> {
  return makeAudio(path, '0', shape);
}

/** A burst: `[startSeconds, endSeconds)`. */
export type Burst = readonly [number, number];

/** Silence with 440 Hz bursts at the given times (for the scripted engine's `segments` fallback). */
export function makeBursts(path: string, bursts: readonly Burst[], shape: AudioShape, frequency = 440): Promise<string> {
  const gate = bursts.length === 0 ? '0' : bursts.map(([a, b]) => `between(t,${a},${b - 1e-6})`).join('+');
  return makeAudio(path, `0.5*sin(2*PI*${frequency}*t)*(${gate})`, shape);
}

/** A reference 44-byte-header PCM WAV writer, independent of the code under test. */
export function pcmWav(samples: Int16Array, sampleRate = 16000, channels = 1): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

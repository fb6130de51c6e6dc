/**
 * The supercut of a run: every kept clip in manifest order, joined with silence between them
 * into one WAV in a common format, with WebVTT cues and a JSON map. Audio is streamed block by
 * block: memory does not grow with the supercut's length.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { DictclipError } from '../errors.js';
import { writeFileAtomic } from '../files.js';
import { MANIFEST_FILE } from '../run-output/layout.js';
import { notRunOutput, readManifest, type ExportRow } from '../run-output/read.js';
import { HEADER_BYTES, readWavInfo, writePcmHeader, type WavInfo } from '../wav-header.js';
import { toVtt, type Placement } from './cues.js';

/** Options of {@link writeSupercut}. */
export interface SupercutOptions {
  /** The run's output folder (holds manifest.csv and the clips). */
  runDir: string;
  /** Base name of `<runDir>/<name>.wav`, `.vtt` and `.json`. */
  name: string;
  /** Silence between clips, ms. */
  gapMs: number;
}

/** What {@link writeSupercut} wrote. */
export interface SupercutResult {
  wavPath: string;
  vttPath: string;
  jsonPath: string;
  clips: number;
  sampleRate: number;
  channels: number;
  durationMs: number;
}

/** Output frames produced per block. */
const BLOCK_FRAMES = 1 << 15;
/** The largest data chunk a WAV header can describe. */
const MAX_WAV_DATA = 0xffff_ffff - HEADER_BYTES;

interface Clip { row: ExportRow; info: WavInfo; path: string; frames: number }

/**
 * Write `<name>.wav` (every clip of manifest.csv in manifest order, `gapMs` of silence between,
 * in the highest sample rate and channel count among the clips: a clip of a lower rate is
 * resampled by linear interpolation, a clip with fewer channels has its channels repeated),
 * `<name>.vtt` (one cue per clip: its text over its span in the supercut) and `<name>.json`
 * (each clip's file, text, source, source span and supercut span). Files appear whole (temp +
 * rename). A run without clips gives an empty WAV and no cues.
 * @throws DictclipError E_NOT_RUN_OUTPUT (no manifest.csv), E_AUDIO_INVALID / E_INPUT (a clip
 *   cannot be read), E_OUTPUT (cannot write, or longer than a WAV can hold).
 */
export async function writeSupercut(options: SupercutOptions): Promise<SupercutResult> {
  const clips = await readClips(options.runDir);
  const sampleRate = Math.max(16_000, ...clips.map((c) => c.info.sampleRate));
  const channels = Math.max(1, ...clips.map((c) => c.info.channels));
  for (const clip of clips) clip.frames = Math.round((clip.info.samples * sampleRate) / clip.info.sampleRate);
  const gapFrames = Math.round((options.gapMs * sampleRate) / 1000);
  const totalFrames = clips.reduce((sum, c) => sum + c.frames, 0) + gapFrames * Math.max(0, clips.length - 1);
  const frameBytes = 2 * channels;
  const wavPath = path.join(options.runDir, `${options.name}.wav`);
  if (totalFrames * frameBytes > MAX_WAV_DATA) {
    throw new DictclipError('E_OUTPUT', `the supercut would hold ${totalFrames * frameBytes} bytes of audio, more than a WAV file can (4 GiB)`, { path: wavPath });
  }
  const placements: Placement[] = [];
  const temp = `${wavPath}.tmp-${randomBytes(6).toString('hex')}`;
  let out: FileHandle | undefined;
  try {
    out = await open(temp, 'w');
    const header = Buffer.alloc(HEADER_BYTES);
    writePcmHeader(header, sampleRate, channels, totalFrames * frameBytes);
    await out.write(header);
    let position = 0; // frames written
    const silence = Buffer.alloc(Math.min(gapFrames, BLOCK_FRAMES) * frameBytes);
    for (const [i, clip] of clips.entries()) {
      if (i > 0) position += await writeSilence(out, silence, gapFrames, frameBytes);
      const start = position;
      position += await copyClip(out, clip, { sampleRate, channels });
      placements.push({
        file_name: clip.row.file_name,
        text: clip.row.text,
        source: clip.row.source,
        source_start_ms: clip.row.start_ms,
        source_end_ms: clip.row.end_ms,
        supercut_start_ms: Math.round((start * 1000) / sampleRate),
        supercut_end_ms: Math.round((position * 1000) / sampleRate),
      });
    }
    await out.close();
    out = undefined;
    await rename(temp, wavPath);
  } catch (cause) {
    await out?.close().catch(() => undefined);
    await rm(temp, { force: true });
    if (cause instanceof DictclipError) throw cause;
    throw new DictclipError('E_OUTPUT', `cannot write the supercut ${wavPath}`, { path: wavPath, cause });
  }
  const durationMs = Math.round((totalFrames * 1000) / sampleRate);
  const vttPath = path.join(options.runDir, `${options.name}.vtt`);
  const jsonPath = path.join(options.runDir, `${options.name}.json`);
  await writeFileAtomic(vttPath, toVtt(placements));
  const map = { wav: `${options.name}.wav`, vtt: `${options.name}.vtt`, sampleRate, channels, gapMs: options.gapMs, durationMs, clips: placements };
  await writeFileAtomic(jsonPath, `${JSON.stringify(map, null, 2)}\n`);
  return { wavPath, vttPath, jsonPath, clips: clips.length, sampleRate, channels, durationMs };
}

async function readClips(runDir: string): Promise<Clip[]> {
  if (!existsSync(path.join(runDir, MANIFEST_FILE))) throw notRunOutput(runDir, `${MANIFEST_FILE} is missing (a supercut joins the clips of a finished run)`);
  const clips: Clip[] = [];
  for await (const row of readManifest(runDir)) {
    const clipPath = path.resolve(runDir, ...row.file_name.split('/'));
    const info = await readWavInfo(clipPath);
    if (info.bitsPerSample !== 16) throw new DictclipError('E_AUDIO_INVALID', `expected a 16-bit PCM clip: ${clipPath}`, { path: clipPath });
    clips.push({ row, info, path: clipPath, frames: 0 });
  }
  return clips;
}

async function writeSilence(out: FileHandle, silence: Buffer, frames: number, frameBytes: number): Promise<number> {
  for (let left = frames; left > 0; ) {
    const n = Math.min(left, silence.length / frameBytes);
    await out.write(silence, 0, n * frameBytes);
    left -= n;
  }
  return frames;
}

/**
 * Append one clip converted to the common format, block by block: output frame j takes the
 * clip's frame position j × rate / commonRate, interpolated linearly between its neighbours
 * (exactly the clip's frames when the rates match), channel c from the clip's channel
 * c mod its channel count. Returns the frames written (`clip.frames`).
 */
async function copyClip(out: FileHandle, clip: Clip, format: { sampleRate: number; channels: number }): Promise<number> {
  const { info } = clip;
  const srcFrameBytes = 2 * info.channels;
  const ratio = info.sampleRate / format.sampleRate;
  const fh = await open(clip.path, 'r');
  try {
    const output = Buffer.alloc(Math.min(BLOCK_FRAMES, Math.max(clip.frames, 1)) * 2 * format.channels);
    for (let first = 0; first < clip.frames; first += BLOCK_FRAMES) {
      const count = Math.min(BLOCK_FRAMES, clip.frames - first);
      const from = Math.floor(first * ratio);
      const to = Math.min(info.samples, Math.floor((first + count - 1) * ratio) + 2);
      const input = Buffer.alloc(Math.max(0, to - from) * srcFrameBytes);
      await fh.read(input, 0, input.length, info.dataOffset + from * srcFrameBytes);
      const frames = Math.max(0, to - from);
      if (ratio === 1 && info.channels === format.channels) { // same format: the clip's bytes as they are
        await out.write(input, 0, count * srcFrameBytes);
        continue;
      }
      const value = (frame: number, channel: number): number =>
        frame < frames ? input.readInt16LE(frame * srcFrameBytes + (channel % info.channels) * 2) : 0;
      for (let j = 0; j < count; j++) {
        const p = (first + j) * ratio - from;
        const k = Math.floor(p);
        const t = p - k;
        for (let c = 0; c < format.channels; c++) {
          const v = t === 0 ? value(k, c) : Math.round(value(k, c) * (1 - t) + value(k + 1, c) * t);
          output.writeInt16LE(v, (j * format.channels + c) * 2);
        }
      }
      await out.write(output, 0, count * 2 * format.channels);
    }
    return clip.frames;
  } finally {
    await fh.close();
  }
}

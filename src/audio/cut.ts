/**
 * Cutting clips out of a 16-bit PCM WAV (the 16 kHz mono work audio, or a source at its own
 * rate and channels) with positional reads through a sliding window, a bounded number of writes
 * in flight and temp-then-rename for every clip; each clip's edge levels are measured as it is
 * written.
 */
import type { FileHandle } from 'node:fs/promises';
import { DictclipError } from '../errors.js';
import { EdgeMeter, type EdgeLevels } from './edges.js';
import { applyFade, FolderMaker, readFully, runTag, streamRange, writeAtomicallyCb } from './output.js';
import { assertPcm16, HEADER_BYTES, openWav, readWavInfo, writePcmHeader } from '../wav-header.js';

/** One clip to cut: milliseconds of the source, and where to write it. */
export interface ClipRequest {
  startMs: number;
  endMs: number;
  outPath: string;
}

/** Options of {@link cutClips}. */
export interface CutOptions {
  /** Linear fade-in and fade-out length in ms, clamped to half the clip. @default 0 */
  fadeMs?: number;
  /**
   * Write each clip to a temp name and rename it into place. `false` writes straight to the
   * clip's path, one file operation less per clip, for a caller that makes the whole folder
   * appear at once (the pipeline cuts into a temp folder and renames it). @default true
   */
  atomic?: boolean;
}

/** Bytes of source PCM read per sequential read. */
const WINDOW_BYTES = 4 << 20;
/** Clip files being written at once. */
const WRITES_IN_FLIGHT = 16;

/** The sample index of a time: `Math.round(ms * rate / 1000)`. */
export function msToSample(ms: number, rate = 16000): number {
  return Math.round((ms * rate) / 1000);
}

/** Clamped [start, end) sample ranges of the clips, in typed arrays (no per-clip objects). */
function plan(clips: readonly ClipRequest[], rate: number, total: number): { starts: Float64Array; ends: Float64Array } {
  const starts = new Float64Array(clips.length);
  const ends = new Float64Array(clips.length);
  clips.forEach((clip, i) => {
    if (!Number.isFinite(clip.startMs) || !Number.isFinite(clip.endMs)) {
      throw new DictclipError('E_INVALID_ARGUMENT', `clip ${i} has a non-finite time (${clip.startMs}–${clip.endMs} ms)`, { path: clip.outPath });
    }
    starts[i] = Math.min(Math.max(msToSample(clip.startMs, rate), 0), total);
    ends[i] = Math.min(Math.max(msToSample(clip.endMs, rate), starts[i]!), total);
  });
  return { starts, ends };
}

/** What was cut for one clip. */
export interface CutClip extends EdgeLevels {
  /** Frames (samples per channel) of the clip. */
  samples: number;
  sampleRate: number;
  channels: number;
}

/**
 * Cut `clips` out of `wavPath` (a 16-bit PCM WAV at any rate, any channels): frames
 * [round(startMs × rate/1000), round(endMs × rate/1000)), clamped to the data (an end before the
 * start gives an empty clip). Each clip is a 16-bit WAV of the source's rate and channels with a
 * 44-byte header, written to a temp name in its folder and renamed into place; folders are
 * created as needed. Clips are read in start order through a 4 MB window, so memory stays flat on
 * any recording length.
 * @returns Per clip, in input order: its frames, format and edge levels (after the fade).
 * @throws DictclipError E_AUDIO_INVALID / E_INPUT (source), E_INVALID_ARGUMENT (non-finite time),
 *   E_OUTPUT (a clip could not be written; clips already written stay).
 */
export async function cutClips(wavPath: string, clips: readonly ClipRequest[], options: CutOptions = {}): Promise<CutClip[]> {
  const info = await readWavInfo(wavPath);
  assertPcm16(info, wavPath);
  const rate = info.sampleRate;
  const channels = info.channels;
  const frameBytes = 2 * channels;
  const levels: EdgeLevels[] = [];
  const { starts, ends } = plan(clips, rate, info.samples);
  const tag = runTag();
  const fadeSamples = msToSample(Math.max(options.fadeMs ?? 0, 0), rate);
  const order = Uint32Array.from(clips, (_, i) => i).sort((a, b) => starts[a]! - starts[b]! || a - b);
  const folders = new FolderMaker();
  let active = 0; // clip writes in flight
  let wake: (() => void) | undefined;
  const settle = (): Promise<void> => new Promise<void>((resolve) => (wake = resolve));
  let failure: DictclipError | undefined;
  // One reusable buffer per write in flight: no per-clip allocation, flat memory.
  const spare: Buffer[] = [];
  const take = (bytes: number): Buffer => {
    const buffer = spare.pop();
    return buffer !== undefined && buffer.length >= bytes ? buffer : Buffer.allocUnsafe(Math.max(bytes, 64 << 10));
  };
  const written = (buffer: Buffer, error?: DictclipError): void => {
    active--;
    spare.push(buffer);
    failure ??= error;
    const resume = wake;
    wake = undefined;
    resume?.();
  };

  const fh = await openWav(wavPath);
  try {
    const window = Buffer.allocUnsafe(Math.min(WINDOW_BYTES - (WINDOW_BYTES % frameBytes), Math.max(info.dataBytes, 1)));
    let winStart = 0;
    let winEnd = 0; // byte range of the data held in `window`
    for (const index of order) {
      if (failure !== undefined) break;
      const start = starts[index]!;
      const end = ends[index]!;
      const outPath = clips[index]!.outPath;
      const temp = options.atomic === false ? outPath : `${outPath}.tmp-${tag}-${index}`;
      const length = end - start;
      const n = Math.min(fadeSamples, Math.floor(length / 2));
      const from = start * frameBytes;
      const to = end * frameBytes;
      const meter = new EdgeMeter(length, rate, channels);
      if (to - from > window.length) {
        await folders.ensureParent(outPath);
        await streamRange({ fh, dataOffset: info.dataOffset, sampleRate: rate, channels }, start, end, outPath, temp, n, meter);
        levels[index] = meter.levels();
        continue;
      }
      if (from < winStart || to > winEnd) {
        winStart = from;
        const wanted = Math.min(window.length, info.dataBytes - from);
        winEnd = from + (await readWindow(fh, window, wanted, info.dataOffset + from, wavPath));
        if (to > winEnd) {
          throw new DictclipError('E_AUDIO_INVALID', `WAV data ends early at byte ${info.dataOffset + winEnd}: ${wavPath}`, { path: wavPath });
        }
      }
      const buffer = take(HEADER_BYTES + to - from);
      const content = buffer.subarray(0, HEADER_BYTES + to - from);
      writePcmHeader(content, rate, channels, to - from);
      window.copy(content, HEADER_BYTES, from - winStart, to - winStart);
      applyFade(content.subarray(HEADER_BYTES), 0, length, n, channels);
      meter.feed(content.subarray(HEADER_BYTES), 0);
      levels[index] = meter.levels();
      await folders.ensureParent(outPath);
      active++;
      writeAtomicallyCb(content, temp, outPath, (error) => written(buffer, error));
      while (active >= WRITES_IN_FLIGHT) await settle();
    }
  } finally {
    while (active > 0) await settle();
    await fh.close();
  }
  if (failure !== undefined) throw failure;
  return Array.from(starts, (start, i) => ({ samples: ends[i]! - start, sampleRate: rate, channels, ...levels[i]! }));
}

async function readWindow(fh: FileHandle, window: Buffer, wanted: number, position: number, path: string): Promise<number> {
  try {
    return await readFully(fh, window, 0, wanted, position);
  } catch (cause) {
    throw new DictclipError('E_INPUT', `cannot read WAV data: ${path}`, { path, cause });
  }
}

/**
 * Cutting clips out of a 16-bit PCM WAV (the 16 kHz mono work audio, or a source at its own
 * rate and channels) with positional reads through a sliding window and temp-then-rename for
 * every clip; each clip's edge levels are measured as it is written.
 */
import { closeSync, openSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import { DictclipError } from '../errors.js';
import { EdgeMeter, type EdgeLevels } from './edges.js';
import { applyFade, ensureFolder, runTag, streamRange, writeClipSync } from './output.js';
import { SourceWindow } from './window.js';
import { assertPcm16, HEADER_BYTES, openWav, readWavInfoSync, writePcmHeader } from '../wav-header.js';

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
  /**
   * Given every byte of the source's PCM data once, in order, in pieces of whole frames (the
   * reads that feed the clips, read through to the end: one pass over the source serves both).
   * @default undefined
   */
  tap?: ((pcm: Buffer) => void) | undefined;
}

/** Bytes of source PCM read per sequential read. */
const WINDOW_BYTES = 4 << 20;
/** Longest stretch of clip writing between two turns of the event loop, ms. */
const SLICE_MS = 10;

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
      throw new DictclipError('E_INVALID_ARGUMENT', `clip ${i} has a non-finite time (${clip.startMs}–${clip.endMs} ms)`, {
        path: clip.outPath,
      });
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
 * any recording length. Each clip file is written with direct (synchronous) calls — on a page
 * cache a clip's open, write and close cost less than one round trip through the thread pool —
 * in slices of at most {@link SLICE_MS} ms, giving the event loop a turn between slices.
 * @returns Per clip, in input order: its frames, format and edge levels (after the fade).
 * @throws DictclipError E_AUDIO_INVALID / E_INPUT (source), E_INVALID_ARGUMENT (non-finite time),
 *   E_OUTPUT (a clip could not be written; clips already written stay).
 */
export async function cutClips(wavPath: string, clips: readonly ClipRequest[], options: CutOptions = {}): Promise<CutClip[]> {
  let fd: number;
  try {
    fd = openSync(wavPath, 'r');
  } catch (cause) {
    throw new DictclipError('E_INPUT', `cannot open WAV file: ${wavPath}`, { path: wavPath, cause });
  }
  let streamed: FileHandle | undefined; // opened for a clip larger than the window, if any
  try {
    return await cutOpen(fd, wavPath, clips, options, async () => (streamed ??= await openWav(wavPath)));
  } finally {
    closeSync(fd);
    await streamed?.close();
  }
}

/** {@link cutClips} from the open source `fd` (`handle` gives a FileHandle of it for streamed clips). */
async function cutOpen(
  fd: number,
  wavPath: string,
  clips: readonly ClipRequest[],
  options: CutOptions,
  handle: () => Promise<FileHandle>,
): Promise<CutClip[]> {
  const info = readWavInfoSync(fd, wavPath);
  assertPcm16(info, wavPath);
  const rate = info.sampleRate;
  const channels = info.channels;
  const frameBytes = 2 * channels;
  const levels: EdgeLevels[] = [];
  const { starts, ends } = plan(clips, rate, info.samples);
  const tag = runTag();
  const fadeSamples = msToSample(Math.max(options.fadeMs ?? 0, 0), rate);
  const order = Uint32Array.from(clips, (_, i) => i).sort((a, b) => starts[a]! - starts[b]! || a - b);
  const folders = new Set<string>();
  const header = Buffer.allocUnsafe(HEADER_BYTES);
  writePcmHeader(header, rate, channels, 0); // only the two sizes change from clip to clip
  let scratch: Buffer | undefined; // a faded clip's copy, reused (never more than the window)
  const src = { fd, path: wavPath, dataOffset: info.dataOffset, dataBytes: info.dataBytes };
  const window = new SourceWindow(src, WINDOW_BYTES - (WINDOW_BYTES % frameBytes), options.tap);
  let slice = performance.now();
  for (const index of order) {
    const start = starts[index]!;
    const end = ends[index]!;
    const outPath = clips[index]!.outPath;
    const temp = options.atomic === false ? outPath : `${outPath}.tmp-${tag}-${index}`;
    const length = end - start;
    const n = Math.min(fadeSamples, Math.floor(length / 2));
    const from = start * frameBytes;
    const to = end * frameBytes;
    const meter = new EdgeMeter(length, rate, channels);
    ensureFolder(folders, outPath);
    if (to - from > window.buffer.length) {
      await streamRange(
        { fh: await handle(), dataOffset: info.dataOffset, sampleRate: rate, channels },
        start,
        end,
        outPath,
        temp,
        n,
        meter,
      );
      levels[index] = meter.levels();
      continue;
    }
    window.cover(from, to);
    let pcm = window.buffer.subarray(from - window.start, to - window.start);
    if (n > 0) {
      if (scratch === undefined || scratch.length < pcm.length) scratch = Buffer.allocUnsafe(Math.max(pcm.length, 64 << 10));
      pcm = scratch.subarray(0, pcm.copy(scratch));
      applyFade(pcm, 0, length, n, channels);
    }
    meter.feed(pcm, 0);
    levels[index] = meter.levels();
    header.writeUInt32LE(36 + pcm.length, 4);
    header.writeUInt32LE(pcm.length, 40);
    writeClipSync(header, pcm, temp, outPath);
    if (performance.now() - slice > SLICE_MS) {
      await setImmediate();
      slice = performance.now();
    }
  }
  window.finish();
  return Array.from(starts, (start, i) => ({ samples: ends[i]! - start, sampleRate: rate, channels, ...levels[i]! }));
}

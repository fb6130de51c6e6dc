/**
 * Cutting clips out of a transcoded 16-bit mono WAV with positional reads through a sliding
 * window, a bounded number of writes in flight and temp-then-rename for every clip.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { DictclipError } from '../errors.js';
import { applyFade, FolderMaker, readFully, runTag, streamRange, writeAtomically } from './output.js';
import { assertMono16, HEADER_BYTES, readWavInfo, writeMonoHeader } from './wav.js';

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
}

/** Bytes of source PCM read per sequential read. */
const WINDOW_BYTES = 8 << 20;
/** Clip files being written at once. */
const WRITES_IN_FLIGHT = 16;

/** The sample index of a time: `Math.round(ms * rate / 1000)`. */
export function msToSample(ms: number, rate = 16000): number {
  return Math.round((ms * rate) / 1000);
}

interface Planned { start: number; end: number; outPath: string; temp: string }

function plan(clips: readonly ClipRequest[], rate: number, total: number, tag: string): Planned[] {
  return clips.map((clip, i) => {
    if (!Number.isFinite(clip.startMs) || !Number.isFinite(clip.endMs)) {
      throw new DictclipError('E_USAGE', `clip ${i} has a non-finite time (${clip.startMs}–${clip.endMs} ms)`, { path: clip.outPath });
    }
    const start = Math.min(Math.max(msToSample(clip.startMs, rate), 0), total);
    const end = Math.min(Math.max(msToSample(clip.endMs, rate), start), total);
    return { start, end, outPath: clip.outPath, temp: `${clip.outPath}.tmp-${tag}-${i}` };
  });
}

/**
 * Cut `clips` out of `wavPath` (a 16-bit mono PCM WAV, normally 16 kHz): samples
 * [round(startMs × rate/1000), round(endMs × rate/1000)), clamped to the data (an end before the
 * start gives an empty clip). Each clip is a 16-bit mono WAV with a 44-byte header, written to a
 * temp name in its folder and renamed into place; folders are created as needed. Clips are read
 * in start order through an 8 MB window, so memory stays flat on any recording length.
 * @returns The number of samples of each clip, in input order.
 * @throws DictclipError E_AUDIO_INVALID / E_INPUT (source), E_USAGE (non-finite time),
 *   E_OUTPUT (a clip could not be written; clips already written stay).
 */
export async function cutClips(wavPath: string, clips: readonly ClipRequest[], options: CutOptions = {}): Promise<{ samples: number }[]> {
  const info = await readWavInfo(wavPath);
  assertMono16(info, wavPath);
  const rate = info.sampleRate;
  const planned = plan(clips, rate, info.samples, runTag());
  const fadeSamples = msToSample(Math.max(options.fadeMs ?? 0, 0), rate);
  const order = planned.map((_, i) => i).sort((a, b) => planned[a]!.start - planned[b]!.start || a - b);
  const folders = new FolderMaker();
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  const track = (task: Promise<void>): void => {
    const settled: Promise<void> = task.catch((error: unknown) => void (failure ??= error)).finally(() => inFlight.delete(settled));
    inFlight.add(settled);
  };

  let fh: FileHandle;
  try {
    fh = await open(wavPath, 'r');
  } catch (cause) {
    throw new DictclipError('E_INPUT', `cannot open WAV file: ${wavPath}`, { path: wavPath, cause });
  }
  try {
    const window = Buffer.allocUnsafe(Math.min(WINDOW_BYTES, Math.max(info.dataBytes, 1)));
    let winStart = 0;
    let winEnd = 0; // byte range of the data held in `window`
    for (const index of order) {
      if (failure !== undefined) break;
      const clip = planned[index]!;
      const length = clip.end - clip.start;
      const n = Math.min(fadeSamples, length >> 1);
      const from = clip.start * 2;
      const to = clip.end * 2;
      if (to - from > window.length) {
        await folders.ensureParent(clip.outPath);
        await streamRange({ fh, dataOffset: info.dataOffset, sampleRate: rate }, clip.start, clip.end, clip.outPath, clip.temp, n);
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
      const content = Buffer.allocUnsafe(HEADER_BYTES + to - from);
      writeMonoHeader(content, rate, to - from);
      window.copy(content, HEADER_BYTES, from - winStart, to - winStart);
      applyFade(content.subarray(HEADER_BYTES), 0, length, n);
      track(folders.ensureParent(clip.outPath).then(() => writeAtomically(content, clip.temp, clip.outPath)));
      while (inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  } finally {
    await Promise.all(inFlight);
    await fh.close();
  }
  if (failure !== undefined) {
    throw failure instanceof DictclipError ? failure : new DictclipError('E_OUTPUT', 'cannot write clips', { cause: failure });
  }
  return planned.map((clip) => ({ samples: clip.end - clip.start }));
}

async function readWindow(fh: FileHandle, window: Buffer, wanted: number, position: number, path: string): Promise<number> {
  try {
    return await readFully(fh, window, 0, wanted, position);
  } catch (cause) {
    throw new DictclipError('E_INPUT', `cannot read WAV data: ${path}`, { path, cause });
  }
}

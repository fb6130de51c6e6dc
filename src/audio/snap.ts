/**
 * Snapping clip edges to quiet points of the 16-bit mono work audio: within each edge's window,
 * the millisecond of lowest short-term energy, then the nearest near-zero sample.
 */
import type { FileHandle } from 'node:fs/promises';
import { DictclipError } from '../errors.js';
import { readFully } from './output.js';
import { assertMono16, openWav, readWavInfo } from '../wav-header.js';

/** Half the short-term energy window, ms: the energy at ms m is over [m − 5 ms, m + 5 ms). */
export const SNAP_HALF_WINDOW_MS = 5;
/** How far (ms) from the quietest millisecond the zero-crossing refinement looks. */
export const ZERO_CROSSING_MS = 2;
/**
 * Half the energy window of a shared boundary (an edge both neighbouring clips share), ms: the
 * edge-level window (10 ms, src/audio/edges.ts) on each side, so the boundary lands where the
 * last 10 ms of one clip and the first 10 ms of the next are quiet together.
 */
export const SHARED_HALF_WINDOW_MS = 10;

/** One clip's edges and the windows they may move within (integer ms, `min ≤ edge ≤ max`). */
export interface SnapRequest {
  startMs: number;
  endMs: number;
  startMinMs: number;
  startMaxMs: number;
  endMinMs: number;
  endMaxMs: number;
  /** The edge is a boundary shared with a neighbouring word: its energy is over ±{@link SHARED_HALF_WINDOW_MS}. @default false */
  startShared?: boolean | undefined;
  /** @default false */
  endShared?: boolean | undefined;
}

/**
 * Snap both edges of every clip: each edge moves, within its window, to the millisecond m whose
 * short-term energy (sum of squares of the samples in [m − 5 ms, m + 5 ms), ±10 ms for a shared
 * boundary) is lowest (ties: the one nearest the planned edge), then to the millisecond within 2 ms of it (and within the
 * window) whose sample `round(m × rate / 1000)` is nearest zero (ties: nearest that millisecond).
 * Audio outside the file counts as silence. An end never ends up before its start.
 * @returns The snapped `{ startMs, endMs }` of each clip, in input order (integer ms).
 * @throws DictclipError E_AUDIO_INVALID / E_INPUT (the WAV cannot be read).
 */
export async function snapEdges(wavPath: string, clips: readonly SnapRequest[]): Promise<{ startMs: number; endMs: number }[]> {
  const info = await readWavInfo(wavPath);
  assertMono16(info, wavPath);
  const fh = await openWav(wavPath);
  try {
    const reader = { fh, dataOffset: info.dataOffset, samples: info.samples, rate: info.sampleRate, path: wavPath };
    const snapped: { startMs: number; endMs: number }[] = [];
    for (const clip of clips) {
      const startMs = await snapOne(reader, clip.startMs, clip.startMinMs, clip.startMaxMs, clip.startShared === true);
      const endMs = await snapOne(reader, clip.endMs, clip.endMinMs, clip.endMaxMs, clip.endShared === true);
      snapped.push({ startMs, endMs: Math.max(endMs, startMs) });
    }
    return snapped;
  } finally {
    await fh.close();
  }
}

interface Reader { fh: FileHandle; dataOffset: number; samples: number; rate: number; path: string }

/** Samples [from, to) of the work audio, zeros outside the data. */
async function readSamples(reader: Reader, from: number, to: number): Promise<Int16Array> {
  const out = new Int16Array(Math.max(0, to - from));
  const first = Math.max(from, 0);
  const last = Math.min(to, reader.samples);
  if (last <= first) return out;
  const bytes = Buffer.alloc((last - first) * 2);
  try {
    await readFully(reader.fh, bytes, 0, bytes.length, reader.dataOffset + first * 2);
  } catch (cause) {
    throw new DictclipError('E_INPUT', `cannot read WAV data: ${reader.path}`, { path: reader.path, cause });
  }
  for (let i = 0; i < last - first; i++) out[first - from + i] = bytes.readInt16LE(i * 2);
  return out;
}

async function snapOne(reader: Reader, edge: number, min: number, max: number, shared: boolean): Promise<number> {
  if (max <= min) return edge;
  const perMs = reader.rate / 1000;
  const half = Math.round((shared ? SHARED_HALF_WINDOW_MS : SNAP_HALF_WINDOW_MS) * perMs);
  const base = Math.round(min * perMs) - half; // sample index of pcm[0]
  const pcm = await readSamples(reader, base, Math.round(max * perMs) + half + 1);
  const at = (ms: number): number => Math.round(ms * perMs) - base;
  const closer = (a: number, b: number, to: number): boolean => Math.abs(a - to) < Math.abs(b - to);
  let best = edge;
  let bestEnergy = Infinity;
  for (let m = min; m <= max; m++) {
    let energy = 0;
    for (let i = at(m) - half; i < at(m) + half; i++) energy += pcm[i]! * pcm[i]!;
    if (energy < bestEnergy || (energy === bestEnergy && closer(m, best, edge))) {
      best = m;
      bestEnergy = energy;
    }
  }
  let snapped = best;
  for (let m = Math.max(min, best - ZERO_CROSSING_MS); m <= Math.min(max, best + ZERO_CROSSING_MS); m++) {
    const a = Math.abs(pcm[at(m)]!);
    const b = Math.abs(pcm[at(snapped)]!);
    if (a < b || (a === b && closer(m, snapped, best))) snapped = m;
  }
  return snapped;
}

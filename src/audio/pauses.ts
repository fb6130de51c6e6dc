/**
 * Splitting a recording at its longest pauses: frame energies of a 16-bit mono WAV, and a pure
 * planner that cuts every chunk at the longest quiet stretch of its allowed window (not at the
 * first quiet point past a length), so chunk edges fall between phrases whenever the audio has
 * a pause there.
 */
import { DictclipError } from '../errors.js';
import { BandMeter, BAND_COUNT } from './bands.js';
import { BLOCK_BYTES, readFully } from './output.js';
import { assertMono16, openWav, type WavInfo } from '../wav-header.js';

/** Length of one energy frame. */
export const PAUSE_FRAME_MS = 30;
/** A frame is quiet when its RMS is at most this many times the recording's noise floor (≈ +9.5 dB). */
const QUIET_OVER_FLOOR = 3;
/** Frames at or under this RMS are quiet whatever the floor (digital silence, dithering). */
const QUIET_RMS_FLOOR = 40;
/** Percentile of the frame energies taken as the noise floor. */
const FLOOR_PERCENTILE = 0.1;

/**
 * Sum of squares of each whole `frameSamples`-sample frame of the WAV's data (a last partial frame
 * is counted as a frame of its own). Reads the file once, in blocks.
 * @throws DictclipError E_INPUT (unreadable), E_AUDIO_INVALID (data ends early or not mono 16-bit).
 */
export async function readFrameEnergies(
  wav: WavInfo & { path: string },
  frameSamples: number,
  range: { startSample: number; endSample: number } = { startSample: 0, endSample: wav.samples },
): Promise<Float64Array> {
  return (await measureFrames(wav, frameSamples, range, { crossings: false, bands: false, peaks: false })).energies;
}

/** What {@link readFrameStats} measures besides each frame's energy and zero crossings. */
export interface FrameStatsOptions {
  /** Each frame's spectral bands ({@link BAND_COUNT} values a frame, dB: src/audio/bands.ts). @default false */
  readonly bands?: boolean;
  /** Each frame's peak: its largest absolute sample (32768 for a sample of −32768). @default false */
  readonly peaks?: boolean;
}

/** A frame read's measures: `bands` and `peaks` only when asked. */
export interface FrameStats {
  readonly energies: Float64Array;
  readonly crossings: Uint32Array;
  readonly bands?: Float32Array;
  readonly peaks?: Uint16Array;
}

/**
 * Per frame (as {@link readFrameEnergies}) its sum of squares and its zero crossings: how many
 * pairs of consecutive samples inside the frame change sign (a sample of 0 counts as positive);
 * its spectral bands and its peak when `options` asks for them. Reads the file once, in blocks.
 * @throws as {@link readFrameEnergies}.
 */
export async function readFrameStats(
  wav: WavInfo & { path: string },
  frameSamples: number,
  range: { startSample: number; endSample: number } = { startSample: 0, endSample: wav.samples },
  { bands = false, peaks = false }: FrameStatsOptions = {},
): Promise<FrameStats> {
  const { crossings, ...measured } = await measureFrames(wav, frameSamples, range, { crossings: true, bands, peaks });
  return { ...measured, crossings: crossings! };
}

/**
 * The frames' energies, and their crossings, bands and peaks when asked (the crossings of a 3-hour
 * recording's 5 ms frames are 8.6 MB that an energy-only read need not hold).
 */
async function measureFrames(
  wav: WavInfo & { path: string },
  frameSamples: number,
  range: { startSample: number; endSample: number },
  want: { crossings: boolean; bands: boolean; peaks: boolean },
): Promise<{ energies: Float64Array; crossings?: Uint32Array; bands?: Float32Array; peaks?: Uint16Array }> {
  const { bands } = want;
  assertMono16(wav, wav.path);
  const total = range.endSample - range.startSample;
  const frames = Math.ceil(total / frameSamples);
  const energies = new Float64Array(frames);
  const crossings = want.crossings ? new Uint32Array(frames) : undefined;
  const peaks = want.peaks ? new Uint16Array(frames) : undefined;
  const meter = bands ? new BandMeter(frameSamples, wav.sampleRate) : undefined;
  const spectra = meter === undefined ? undefined : new Float32Array(frames * BAND_COUNT);
  const fh = await openWav(wav.path);
  try {
    const frameBytes = frameSamples * 2;
    const blockFrames = Math.max(1, Math.floor(BLOCK_BYTES / frameBytes));
    const block = Buffer.alloc(blockFrames * frameBytes);
    const view = new Int16Array(block.buffer, block.byteOffset, block.length / 2);
    for (let f = 0; f < frames; ) {
      const bytes = Math.min(blockFrames * frameBytes, total * 2 - f * frameBytes);
      let read: number;
      try {
        read = await readFully(fh, block, 0, bytes, wav.dataOffset + range.startSample * 2 + f * frameBytes);
      } catch (cause) {
        throw new DictclipError('E_INPUT', `cannot read WAV data: ${wav.path}`, { path: wav.path, cause });
      }
      if (read < bytes) throw new DictclipError('E_AUDIO_INVALID', `WAV data ends early: ${wav.path}`, { path: wav.path });
      const samples = bytes >> 1;
      for (let at = 0; at < samples; at += frameSamples, f++) {
        let sum = 0; // exact: at most 32768² × frame samples < 2^53
        let signChanges = 0;
        const end = Math.min(at + frameSamples, samples);
        for (let i = at; i < end; i++) {
          sum += view[i]! * view[i]!;
          if (i > at && view[i]! >= 0 !== view[i - 1]! >= 0) signChanges++;
        }
        energies[f] = sum;
        if (crossings !== undefined) crossings[f] = signChanges;
        if (peaks !== undefined) peaks[f] = framePeak(view, at, end);
        if (meter !== undefined && spectra !== undefined) meter.measure(view.subarray(0, samples), at, spectra, f * BAND_COUNT);
      }
    }
  } finally {
    await fh.close();
  }
  return {
    energies,
    ...(crossings === undefined ? {} : { crossings }),
    ...(spectra === undefined ? {} : { bands: spectra }),
    ...(peaks === undefined ? {} : { peaks }),
  };
}

/** The largest absolute sample of `view` in [from, to) (32768 for −32768). */
function framePeak(view: Int16Array, from: number, to: number): number {
  let peak = 0;
  for (let i = from; i < to; i++) peak = Math.max(peak, Math.abs(view[i]!));
  return peak;
}

/**
 * The energy under which a frame counts as quiet: an RMS of 3 × the noise floor (the 10th
 * percentile frame), but never above a quarter of the median frame's RMS, and at least 40.
 */
export function quietThreshold(energies: Float64Array, frameSamples: number): number {
  if (energies.length === 0) return 0;
  const sorted = Float64Array.from(energies).sort();
  const at = (share: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
  const relative = Math.min(at(FLOOR_PERCENTILE) * QUIET_OVER_FLOOR ** 2, at(0.5) / 16);
  return Math.max(relative, QUIET_RMS_FLOOR ** 2 * frameSamples);
}

/**
 * Where to cut `energies.length` frames into chunks of at most `maxFrames` frames, each (but the
 * last) at least `minFrames` long: for each chunk, among the runs of quiet frames (energy ≤
 * `threshold`) that reach into its window [start + minFrames, start + maxFrames], the longest one
 * (its part inside the window; the later one on a tie) is cut in its middle. A window with no quiet
 * frame is cut at its quietest frame (the later one on a tie). Pure and deterministic.
 * @returns Ascending frame indexes (each the first frame of the next chunk); `[]` when all fits.
 */
export function planPauseSplits(energies: Float64Array, options: { maxFrames: number; minFrames: number; threshold: number }): number[] {
  const maxFrames = Math.max(1, Math.floor(options.maxFrames));
  const minFrames = Math.min(maxFrames, Math.max(1, Math.floor(options.minFrames)));
  const splits: number[] = [];
  for (let start = 0; energies.length - start > maxFrames; ) {
    const from = start + minFrames;
    const to = start + maxFrames; // the cut is a frame index in [from, to]
    let bestLength = 0;
    let bestCut = -1;
    let quietest = to;
    for (let f = from; f <= to; ) {
      if (energies[f]! <= energies[quietest]!) quietest = f;
      if (!(energies[f]! <= options.threshold)) {
        f++;
        continue;
      }
      let end = f;
      while (end + 1 <= to && energies[end + 1]! <= options.threshold) end++;
      for (let g = f; g <= end; g++) if (energies[g]! <= energies[quietest]!) quietest = g;
      const length = end - f + 1;
      if (length >= bestLength) {
        bestLength = length;
        bestCut = f + Math.floor(length / 2);
      }
      f = end + 1;
    }
    const cut = bestCut >= 0 ? bestCut : quietest;
    splits.push(cut);
    start = cut;
  }
  return splits;
}

/**
 * Sample indexes where to split a 16-bit mono WAV (or its samples [startSample, endSample)) into
 * chunks of at most `maxSamples` samples (each but the last at least `minSamples`, default half of
 * `maxSamples`), at its longest pauses ({@link planPauseSplits} over 30 ms frames).
 * @returns Ascending sample indexes (of the whole file); `[]` when the stretch fits.
 */
export async function findPauseSplits(
  wav: WavInfo & { path: string },
  options: { maxSamples: number; minSamples?: number; startSample?: number; endSample?: number },
): Promise<number[]> {
  assertMono16(wav, wav.path);
  const range = { startSample: options.startSample ?? 0, endSample: options.endSample ?? wav.samples };
  if (range.endSample - range.startSample <= options.maxSamples) return [];
  const frameSamples = Math.max(1, Math.round((wav.sampleRate * PAUSE_FRAME_MS) / 1000));
  const maxFrames = Math.floor(options.maxSamples / frameSamples);
  if (maxFrames < 2) {
    throw new DictclipError('E_CONFIG', `a chunk of ${options.maxSamples} samples is too small to split ${wav.path}`, { path: wav.path });
  }
  const energies = await readFrameEnergies(wav, frameSamples, range);
  const minFrames = Math.floor((options.minSamples ?? options.maxSamples / 2) / frameSamples);
  return planPauseSplits(energies, { maxFrames, minFrames, threshold: quietThreshold(energies, frameSamples) })
    .map((frame) => range.startSample + frame * frameSamples);
}

/**
 * The audio format of exported clips: what the run cut (each manifest row's sample_rate and
 * channels, e.g. several after `--clip-source original`), the warning when an export would mix
 * formats, and the conversion to one rate and channel count (`sampleRate`, `channels`) with ffmpeg.
 */
import { mkdir, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { convertWavs, missingChannel, resolveFfmpeg } from '../audio/index.js';
import type { ConvertJob } from '../audio/index.js';
import { clipSamples } from '../run-output/read.js';
import type { ExportRow } from '../run-output/read.js';

/** The audio of one exported clip, as the export's metadata states it. */
export interface ClipAudio {
  /** Frames per second. */
  sampleRate: number;
  channels: number;
  /** Frames in the clip file. */
  samples: number;
}

/** The rate and channel count every exported clip is converted to (unset: each clip keeps its own). */
export interface AudioTarget {
  sampleRate: number | undefined;
  channels: number | undefined;
  /** With `channels` 1: the channel (1-based) a several-channel clip keeps instead of the mix. */
  channel?: number | undefined;
}

/**
 * The channel `target` keeps of a clip with `channels` channels: set only when the clip is mixed
 * down to one channel (a mono clip has nothing to choose from).
 * @throws DictclipError E_CHANNEL when the clip (`file`) lacks that channel.
 */
export function keptChannel(file: string, channels: number, target: AudioTarget): number | undefined {
  if (target.channel === undefined || target.channels !== 1 || channels === 1) return undefined;
  if (channels < target.channel) throw missingChannel(file, target.channel, channels);
  return target.channel;
}

/** A rate and channel count as people say it: `44100 Hz stereo`, `16000 Hz mono`, `48000 Hz 6 channels`. */
export function formatName(sampleRate: number, channels: number): string {
  const layout = channels === 1 ? 'mono' : channels === 2 ? 'stereo' : `${channels} channels`;
  return `${sampleRate} Hz ${layout}`;
}

/** Kept clips per audio format, counted as the export will write them (after any conversion). */
export class FormatTally {
  readonly #counts = new Map<string, { sampleRate: number; channels: number; clips: number }>();

  add(sampleRate: number, channels: number): void {
    const key = `${sampleRate}/${channels}`;
    const entry = this.#counts.get(key) ?? { sampleRate, channels, clips: 0 };
    entry.clips += 1;
    this.#counts.set(key, entry);
  }

  /** The formats found, most clips first (then lower rate, fewer channels). */
  entries(): { sampleRate: number; channels: number; clips: number }[] {
    return [...this.#counts.values()].sort((a, b) => b.clips - a.clips || a.sampleRate - b.sampleRate || a.channels - b.channels);
  }
}

/** The format a clip is exported in: the target where one is set, else the row's own. */
export function exportedFormat(
  row: Pick<ExportRow, 'sample_rate' | 'channels'>,
  target: AudioTarget,
): { sampleRate: number; channels: number } {
  return { sampleRate: target.sampleRate ?? row.sample_rate, channels: target.channels ?? row.channels };
}

/**
 * A warning when the exported clips would mix sample rates or channel counts (trainers read one
 * format and resample nothing, or mix channels wrongly): the formats, their clip counts, and the
 * options that convert (the most common format as the suggestion).
 */
export function mixedFormatWarning(tally: FormatTally, target: AudioTarget): string | undefined {
  const found = tally.entries();
  if (found.length < 2) return undefined;
  const [common] = found;
  const rates = new Set(found.map((f) => f.sampleRate)).size > 1;
  const layouts = new Set(found.map((f) => f.channels)).size > 1;
  const what = rates && layouts ? 'sample rates and channel counts' : rates ? 'sample rates' : 'channel counts';
  const fix = [
    ...(rates && target.sampleRate === undefined ? [`--sample-rate ${common?.sampleRate ?? 16000}`] : []),
    ...(layouts && target.channels === undefined ? [`--channels ${common?.channels ?? 1}`] : []),
  ].join(' ');
  const list = found.map((f) => `${formatName(f.sampleRate, f.channels)} (${f.clips} clip${f.clips === 1 ? '' : 's'})`).join(', ');
  return `the exported clips mix ${what}: ${list}. Fix: ${fix} converts every clip to one format (with ffmpeg).`;
}

/** ffmpeg processes at once: one per core. */
const PROCESSES = availableParallelism();

/**
 * Clips per ffmpeg process: its start-up costs more than a short clip's conversion, and half the
 * export's window of samples in flight (32) keeps two batches converting at once.
 */
const BATCH = 16;

/** A clip ready for a writer: its file (the run's clip, or a converted copy) and its audio. */
export interface PreparedClip {
  clipPath: string;
  audio: ClipAudio;
  /** Remove the converted copy once the writer has placed or read it (a no-op for the run's own clip). */
  release(): Promise<void>;
}

interface Pending { job: ConvertJob; done: { resolve: () => void; reject: (error: unknown) => void } }

/**
 * Converts clips whose format differs from the target into `scratchDir`: requests are gathered
 * into batches of {@link BATCH} (a batch also starts once the requests made in one turn of the
 * event loop are in), one ffmpeg process per batch, {@link PROCESSES} at once.
 */
export class ClipConverter {
  readonly #limit = pLimit(PROCESSES);
  #ready: Promise<string> | undefined;
  #batch: Pending[] = [];
  #scheduled = false;

  constructor(private readonly target: AudioTarget, private readonly scratchDir: string, private readonly ffmpegPath: string | undefined) {}

  /** The clip `row` (file `clipPath`) in the target format; `id` names the converted copy. */
  async prepare(row: ExportRow, clipPath: string, id: string): Promise<PreparedClip> {
    const own: ClipAudio = { sampleRate: row.sample_rate, channels: row.channels, samples: clipSamples(row) };
    const { sampleRate, channels } = exportedFormat(row, this.target);
    if (sampleRate === own.sampleRate && channels === own.channels) return { clipPath, audio: own, release: () => Promise.resolve() };
    // The same whole-millisecond span at the new rate: the frames a clip cut at that rate would have.
    const samples = clipSamples({ ...row, sample_rate: sampleRate });
    const output = path.join(this.scratchDir, `${id}.wav`);
    const channel = keptChannel(clipPath, own.channels, this.target);
    await new Promise<void>((resolve, reject) =>
      this.#add({ job: { input: clipPath, output, sampleRate, channels, channel, samples }, done: { resolve, reject } }),
    );
    return { clipPath: output, audio: { sampleRate, channels, samples }, release: () => rm(output, { force: true }) };
  }

  #add(pending: Pending): void {
    this.#batch.push(pending);
    if (this.#batch.length >= BATCH) {
      this.#flush();
    } else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.#flush());
    }
  }

  #flush(): void {
    this.#scheduled = false;
    const batch = this.#batch.splice(0);
    if (batch.length === 0) return;
    this.#ready ??= mkdir(this.scratchDir, { recursive: true }).then(() => resolveFfmpeg(this.ffmpegPath));
    const ready = this.#ready;
    void this.#limit(async () => convertWavs(batch.map((p) => p.job), { ffmpegPath: await ready })).then(
      () => { for (const p of batch) p.done.resolve(); },
      (error: unknown) => { for (const p of batch) p.done.reject(error); },
    );
  }
}

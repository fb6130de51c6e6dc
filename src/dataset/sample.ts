/** What every format writer receives: one kept clip with its split, ids and files. */
import path from 'node:path';
import { recordingKey } from '../run-output/naming.js';
import type { AudioTarget, ClipAudio } from './clip-audio.js';
import type { AudioPlacer } from './files.js';
import type { ExportRow } from '../run-output/read.js';
import type { SplitName } from './splits.js';

export interface Sample {
  /** Unique id of the clip, `[a-z0-9_-]` only: `<recording key>-<clip file name without .wav>`. */
  id: string;
  split: SplitName;
  /** The group (speaker, recording or folder) as --group-by found it. */
  group: string;
  /** The group as an id, `[a-z0-9_]…-<8 hex>` (a `-` only before the hash; see {@link speakerId}). */
  speaker: string;
  row: ExportRow;
  /** Absolute path of the clip file: the run's clip, or its copy converted to the export's format. */
  clipPath: string;
  /** The audio of `clipPath` (after any conversion): what the format's metadata states. */
  audio: ClipAudio;
}

/** Shared resources of one export's writers. */
export interface WriterContext {
  /** The folder being written (a temp folder renamed to the target at the end): every path a format writes is relative to it. */
  dir: string;
  runDir: string;
  /** Kaldi: folder of the source recordings. */
  inputDir: string | undefined;
  /** The rate and channels clips are converted to (Kaldi: what its wav.scp pipes decode to). */
  audio: AudioTarget;
  /** WebDataset: samples per shard. */
  shardSize: number;
  /** True when --split was given (LJSpeech then writes id lists per split). */
  splitRequested: boolean;
  placer: AudioPlacer;
  /** Scratch folder inside `dir`, removed before the rename. */
  scratch: string;
}

/** The second step of adding a sample: writes its lines; called in manifest order. */
export type Commit = () => Promise<void>;

/**
 * A format. `add` does a sample's independent I/O (placing audio, reading its WAV header) and may
 * run for several samples at once; the {@link Commit} it returns appends the sample to the
 * format's files and is called strictly in manifest order. `finish` writes the last files.
 */
export interface FormatWriter {
  add(sample: Sample): Promise<Commit>;
  finish(): Promise<void>;
}

/** The id of a group: `<slug>-<first 8 hex of sha256(group)>`, as for recording keys. */
export function speakerId(group: string): string {
  return recordingKey(group);
}

/** The id of a clip: `<recording key of its source>-<its file name without .wav, sanitized>`. */
export function sampleId(row: ExportRow): string {
  const base = path.posix.basename(row.file_name).replace(/\.wav$/i, '').replace(/[^A-Za-z0-9_]+/g, '_');
  return `${recordingKey(row.source)}-${base}`;
}

/** One line of text: CR/LF and runs of whitespace become one space, trimmed. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Seconds from ms, as a JSON number with at most 3 decimals (exact for whole ms). */
export function seconds(ms: number): number {
  return Math.round(ms) / 1000;
}

/** Open one writer per split lazily: splits that get no sample write nothing. */
export class PerSplit<T> {
  readonly #open = new Map<SplitName, T>();
  constructor(private readonly create: (split: SplitName) => Promise<T>) {}

  async get(split: SplitName): Promise<T> {
    let value = this.#open.get(split);
    if (value === undefined) {
      value = await this.create(split);
      this.#open.set(split, value);
    }
    return value;
  }

  /** The opened ones, in split order. */
  entries(): [SplitName, T][] {
    return [...this.#open.entries()].sort(([a], [b]) => SPLIT_ORDER[a] - SPLIT_ORDER[b]);
  }
}

const SPLIT_ORDER: Record<SplitName, number> = { train: 0, dev: 1, test: 2 };

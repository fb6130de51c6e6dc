import type { MarkerMethod, MarkerUnit } from '../markers/model.js';

import type { ClipKind, ClipMode } from '../markers/plan.js';

/** Clip kinds and modes belong to the clip plan (src/markers/plan.ts). */
export type { ClipKind, ClipMode };

/**
 * Options of one `dictclip run`, fully resolved (defaults applied, validated) by src/config.
 * Every field maps to a config key, an environment variable or a flag (see README).
 */
export interface RunOptions {
  /** Folder of recordings, scanned recursively. */
  inputDir: string;
  /** Output folder (clips, manifest.csv, transcripts/, markers/, failures.csv, summary.json). */
  outDir: string;
  /** Service base URL; undefined starts the embedded service in-process. @default undefined */
  baseUrl: string | undefined;
  /** Path segment before `factory` in the creation URL. @default 'nvoq' */
  factoryScope: string;
  /** Dictation profile name sent with each dictation. @default undefined (not sent) */
  profile: string | undefined;
  /** How markers are obtained. @default 'new' */
  markers: MarkerMethod;
  /** Unit of new-method audioStart/audioLength. @default 'seconds' */
  markerUnit: MarkerUnit;
  /** Clip per word or per phrase. @default 'word' */
  mode: ClipMode;
  /** Padding before each clip, ms (clamped at the midpoint to the neighbour and the audio). @default 0 */
  padBeforeMs: number;
  /** Padding after each clip, ms. @default 0 */
  padAfterMs: number;
  /** Linear fade in/out applied to each clip, ms. @default 0 */
  fadeMs: number;
  /** Phrase mode: a pause this long closes a phrase. @default 700 */
  maxGapMs: number;
  /** Phrase mode: a phrase never grows past this length. @default 15000 */
  maxPhraseMs: number;
  /** Dictations in flight. @default 4 */
  concurrency: number;
  /** Transcodes in parallel. @default number of CPU cores */
  transcodeConcurrency: number;
  /** Word mode: also cut punctuation markers. @default false */
  keepPunctuation: boolean;
  /** Keep only clips whose text matches (case-insensitive). @default undefined */
  match: string | undefined;
  /** Keep only clips at least this long, ms (padding included); others are not cut. @default undefined */
  minDurationMs: number | undefined;
  /** Keep only clips at most this long, ms. @default undefined */
  maxDurationMs: number | undefined;
  /** Keep only clips with at least this many letters and digits per second. @default undefined */
  minCharsPerSecond: number | undefined;
  /** Keep only clips with at most this many letters and digits per second. @default undefined */
  maxCharsPerSecond: number | undefined;
  /** Cut only the occurrences of these phrases (kind `match`). @default undefined (every clip) */
  find: string[] | undefined;
  /** With `find`: words of context on each side of a match. @default 0 */
  contextWords: number;
  /** Audio the clips are cut from: the 16 kHz mono work audio or the source at its own rate and channels. @default 'work' */
  clipSource: 'work' | 'original';
  /** Snap each clip edge to the quietest point within this many ms (0 = off). @default 0 */
  snapMs: number;
  /** Name of the supercut written to `<out>/<name>.wav|.vtt|.json`. @default undefined (none) */
  supercut: string | undefined;
  /** Silence between clips in the supercut, ms. @default 500 */
  supercutGapMs: number;
  /** Scan and plan only; dictate and cut nothing. @default false */
  dryRun: boolean;
  /** Upload cap in bytes; longer transcoded recordings are split at quiet points. @default 21000000 */
  maxUploadBytes: number;
  /** Explicit ffmpeg binary. @default FFMPEG_PATH, then ffmpeg-static, then `ffmpeg` on PATH */
  ffmpegPath: string | undefined;
  /** Client retries of a transient failure. @default 6 */
  maxRetries: number;
  /** Timeout of one HTTP request, ms. @default 60000 */
  requestTimeoutMs: number;
  /** First poll interval, ms. @default 1000 */
  pollInitialMs: number;
  /** Poll interval cap, ms. @default 5000 */
  pollMaxMs: number;
  /** Give up on one dictation after this long, ms. @default undefined (120 s + 3 × the audio's duration) */
  dictationTimeoutMs: number | undefined;
  /** Engine of the embedded service when no baseUrl is set. @default 'pocketsphinx' */
  engine: 'pocketsphinx' | 'scripted';
  /** Scripted engine script file (embedded service only). @default undefined */
  scriptFile: string | undefined;
  /** Work folder for transcoded audio. @default `<outDir>/.dictclip/work` */
  workDir: string;
  /** No progress output. @default false */
  quiet: boolean;
  /** Write the HTML QA report `<outDir>/report/` after the run (done by the CLI, see src/report). @default true */
  report: boolean;
  /** Process only shard `K/N` of the recordings (see src/pipeline/shard.ts); `auto/N` is resolved by the CLI. @default undefined (all recordings) */
  shard: string | undefined;
}

/** One row of manifest.csv, in column order. */
export interface ManifestRow {
  file_name: string;
  text: string;
  source: string;
  start_ms: number;
  end_ms: number;
  duration_ms: number;
  kind: ClipKind;
  method: MarkerMethod;
  dictation_id: string;
  text_start: number;
  text_length: number;
  /** Timing checks (src/markers/timing.ts): empty when clean, else space-separated tokens in fixed order. */
  flags: string;
  /** The clip file's sample rate and channels (16000 and 1 from the work audio). Absent in rows saved by older versions. */
  sample_rate?: number;
  channels?: number;
  /** Level of the clip's first and last 10 ms relative to the clip's own level, dB (src/audio/edges.ts). Absent in rows saved by older versions. */
  edge_start_db?: number;
  edge_end_db?: number;
}

export const MANIFEST_COLUMNS = [
  'file_name', 'text', 'source', 'start_ms', 'end_ms', 'duration_ms',
  'kind', 'method', 'dictation_id', 'text_start', 'text_length', 'flags',
  'sample_rate', 'channels', 'edge_start_db', 'edge_end_db',
] as const satisfies readonly (keyof ManifestRow)[];

export interface RunSummary {
  recordings: number;
  done: number;
  failed: number;
  /** Recordings reused from a previous run (unchanged source and settings). */
  resumed: number;
  /** Files in the input that were not processed (hidden, unreadable, not an accepted type): skipped.csv lists them. */
  skipped: number;
  clips: number;
  totalClipMs: number;
  medianClipMs: number;
  minClipMs: number;
  maxClipMs: number;
  /** Clips left out by the duration and rate filters (never cut), and their audio, ms. */
  droppedClips: number;
  droppedClipMs: number;
  /** Kept clips with a non-empty `flags`, and their audio, ms (kept audio is `totalClipMs`). */
  flaggedClips: number;
  flaggedClipMs: number;
  wallTimeMs: number;
  /** Total wall time, ms, the recordings processed in this run spent in each stage (see onStageTiming). */
  stageMs: Partial<Record<Stage, number>>;
  /** Absolute input folder of the run (the QA report links the source recordings from it). */
  inputDir: string;
  /** With `--find`: each phrase and how often it occurred over all recordings. */
  find?: { phrase: string; matches: number }[];
  /** Things worth knowing that are not failures (e.g. a phrase found nowhere). */
  notes?: string[];
}

/** Stage at which a recording failed (failures.csv `stage`). */
export type Stage = 'scan' | 'transcode' | 'split' | 'upload' | 'dictate' | 'markers' | 'cut' | 'output';

/** Every stage, in processing order. */
export const STAGES = ['scan', 'transcode', 'split', 'upload', 'dictate', 'markers', 'cut', 'output'] as const satisfies readonly Stage[];

/** One row of failures.csv. */
export interface FailureRow {
  source: string;
  stage: Stage;
  code: string;
  message: string;
}

/** Callbacks for progress display (src/cli renders them). All optional. */
export interface PipelineEvents {
  /** After scanning: how many recordings there are, how many are reused from a previous run, and the files not processed. */
  onStart?(info: { total: number; resumed: number; skipped: { relPath: string; reason: string }[] }): void;
  onRecordingDone?(info: { source: string; clips: number; resumed: boolean }): void;
  onRecordingFailed?(info: FailureRow): void;
  onWarning?(info: { source?: string; message: string }): void;
  /**
   * After a recording was processed (or failed), once per stage it went through: the wall time,
   * ms, the recording spent in that stage (transcode, split, upload, dictate = create and wait
   * and fetch, markers, cut, output), waits for a concurrency slot included. The stages
   * partition the recording's processing time. Resumed recordings report none.
   */
  onStageTiming?(info: { source: string; stage: Stage; ms: number }): void;
}

/** What runPipeline returns. */
export interface RunResult {
  summary: RunSummary;
  failures: FailureRow[];
  /** Absolute path of manifest.csv (not written on a dry run). */
  manifestPath: string;
  /** Dry run: the recordings that would be processed, with their resume state. */
  plan?: { source: string; state: 'done' | 'todo' | 'redo' }[];
}

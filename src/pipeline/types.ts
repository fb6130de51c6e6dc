import type { Credentials } from '../credentials.js';
import type { RetryEvent } from '../client/retry.js';
import type { MarkerMethod, MarkerUnit } from '../markers/model.js';

import type { ClipKind, ClipMode } from '../markers/plan.js';
import type { PadMode } from '../markers/padding.js';
import type { FailureRow, RunSummary, Stage } from '../run-output/rows.js';
import type { SubtitleFormat, SubtitleLevel } from '../timed/index.js';

/** Clip kinds and modes belong to the clip plan (src/markers/plan.ts). */
export type { ClipKind, ClipMode };

/**
 * Options of {@link runPipeline}, as a library user passes them: only `inputDir` and `outDir` are
 * required; every other field defaults from the key table (src/config/keys.ts, the same defaults
 * as the CLI's). The library reads no environment variable: credentials, fault drills and the
 * ffmpeg binary are options here (the CLI maps DICTCLIP_* and FFMPEG_PATH into them).
 * Values are validated against the key table (`E_CONFIG` naming the option).
 */
export interface RunOptions {
  /** Folder of recordings, scanned recursively. */
  readonly inputDir: string;
  /** Output folder (clips, manifest.csv, transcripts/, markers/, failures.csv, summary.json). */
  readonly outDir: string;
  /**
   * Credentials for a remote service (`baseUrl`). Required with `baseUrl` (`E_CREDENTIALS_MISSING`
   * without them, whatever the environment holds); ignored by the embedded service, which makes
   * its own account. @default undefined
   */
  readonly credentials?: Credentials | undefined;
  /** Service base URL; undefined starts the embedded service in-process. @default undefined */
  readonly baseUrl?: string | undefined;
  /** Path segment before `factory` in the creation URL. @default 'nvoq' */
  readonly factoryScope?: string;
  /** Dictation profile name sent with each dictation. @default undefined (not sent) */
  readonly profile?: string | undefined;
  /** How markers are obtained. @default 'new' */
  readonly markers?: MarkerMethod;
  /** Unit of new-method audioStart/audioLength. @default 'seconds' */
  readonly markerUnit?: MarkerUnit;
  /**
   * Reference transcripts: a folder (`<rel>.txt` or `<rel without extension>.txt` per recording
   * `<rel>`) or a table file (src/reference/tables.ts). Clips then carry the reference's words and
   * offsets; changing it re-cuts from the saved markers, never dictates again. @default undefined (none)
   */
  readonly transcripts?: string | undefined;
  /** With `transcripts`: text alignment, or acoustic alignment with the local PocketSphinx. @default 'acoustic' for the embedded service, 'text' with `baseUrl` */
  readonly align?: 'text' | 'acoustic' | undefined;
  /** Clip per word or per phrase. @default 'word' */
  readonly mode?: ClipMode;
  /** Padding before each clip, ms (clamped at the midpoint to the neighbour and the audio). @default 0 */
  readonly padBeforeMs?: number;
  /** Padding after each clip, ms. @default 0 */
  readonly padAfterMs?: number;
  /** `clamp`: padding stops at the midpoint to a neighbouring word; `overlap`: it runs into neighbouring words (clips share audio). @default 'clamp' */
  readonly padMode?: PadMode;
  /** Linear fade in/out applied to each clip, ms. @default 0 */
  readonly fadeMs?: number;
  /** Phrase mode: a pause this long closes a phrase. @default 700 */
  readonly maxGapMs?: number;
  /** Phrase mode: a phrase never grows past this length. @default 15000 */
  readonly maxPhraseMs?: number;
  /** Dictations in flight. @default 4 */
  readonly concurrency?: number;
  /** Transcodes in parallel. @default number of CPU cores */
  readonly transcodeConcurrency?: number;
  /** Word mode: also cut punctuation markers. @default false */
  readonly keepPunctuation?: boolean;
  /** Keep only clips whose text matches (case-insensitive). @default undefined */
  readonly match?: string | undefined;
  /** Keep only clips at least this long, ms (padding included); others are not cut. @default undefined */
  readonly minDurationMs?: number | undefined;
  /** Keep only clips at most this long, ms. @default undefined */
  readonly maxDurationMs?: number | undefined;
  /** Keep only clips with at least this many letters and digits per second. @default undefined */
  readonly minCharsPerSecond?: number | undefined;
  /** Keep only clips with at most this many letters and digits per second. @default undefined */
  readonly maxCharsPerSecond?: number | undefined;
  /** Cut only the occurrences of these phrases (kind `match`). @default undefined (every clip) */
  readonly find?: readonly string[] | undefined;
  /** With `find`: words of context on each side of a match. @default 0 */
  readonly contextWords?: number;
  /** Audio the clips are cut from: the 16 kHz mono work audio or the source at its own rate and channels. @default 'work' */
  readonly clipSource?: 'work' | 'original';
  /** Snap each clip edge to the quietest point within this many ms (0 = off); a boundary shared with a touching word moves for both clips. @default 0 */
  readonly snapMs?: number;
  /** Name of the supercut written to `<out>/<name>.wav|.vtt|.json`. @default undefined (none) */
  readonly supercut?: string | undefined;
  /** Silence between clips in the supercut, ms. @default 500 */
  readonly supercutGapMs?: number;
  /** CLI only: no `<name>.mp4` even when every clip comes from a video source. @default false */
  readonly supercutAudioOnly?: boolean;
  /**
   * Timed transcripts to write per recording beside `transcripts/<source>.txt` (`<source>.vtt`,
   * `.srt`, `.TextGrid`); `all` for every format. They change neither fingerprint: asking for them
   * on a finished output writes them without dictating or cutting again. @default undefined (none)
   */
  readonly subtitles?: readonly (SubtitleFormat | 'all')[] | undefined;
  /** Cues of the vtt and srt files: one per word or one per phrase. @default 'phrase' */
  readonly subtitleLevel?: SubtitleLevel;
  /** Scan and plan only; dictate and cut nothing. @default false */
  readonly dryRun?: boolean;
  /**
   * Dictate again with this service an output folder whose run.json names another one (its
   * results are replaced; a paid service charges again). Without it such a run refuses with
   * `E_OTHER_SERVICE` before any work. @default false
   */
  readonly newService?: boolean;
  /** Upload cap in bytes; longer transcoded recordings are split at quiet points. @default 21000000 */
  readonly maxUploadBytes?: number;
  /** Upload encoding: the 16 kHz PCM work WAV, or a compressed format encoded once per chunk. @default 'pcm' */
  readonly uploadFormat?: 'pcm' | 'ogg' | 'webm' | 'mp4';
  /** Explicit ffmpeg binary (a bare name is looked up on PATH). @default ffmpeg-static, then `ffmpeg` on PATH */
  readonly ffmpegPath?: string | undefined;
  /** Client retries of a transient failure. @default 6 */
  readonly maxRetries?: number;
  /** Timeout of one HTTP request, ms, body included (an upload gets its size at 128 KiB/s on top). @default 60000 */
  readonly requestTimeoutMs?: number;
  /** Cap of one service answer in bytes, as received and decompressed (and of a WebSocket session's messages and kept text). @default 67108864 */
  readonly maxResponseBytes?: number;
  /** First poll interval, ms. @default 1000 */
  readonly pollInitialMs?: number;
  /** Poll interval cap, ms. @default 5000 */
  readonly pollMaxMs?: number;
  /** Give up on one dictation after this long, ms. @default undefined (120 s + 3 × the audio's duration) */
  readonly dictationTimeoutMs?: number | undefined;
  /** Engine of the embedded service when no baseUrl is set. @default 'pocketsphinx' */
  readonly engine?: 'pocketsphinx' | 'scripted';
  /** Scripted engine script file (embedded service only). @default undefined */
  readonly scriptFile?: string | undefined;
  /** Fault injection spec for reliability drills (embedded service only; README: Reliability). @default undefined (none) */
  readonly faults?: string | undefined;
  /** Work folder for transcoded audio. @default `<outDir>/.dictclip/work` */
  readonly workDir?: string;
  /** No progress output. @default false */
  readonly quiet?: boolean;
  /**
   * CLI only: whether `dictclip run` writes the HTML QA report `<outDir>/report/` after the run
   * (`--no-report` skips it). runPipeline writes no report whatever this says: call
   * `buildReport(outDir)` after it; the default is the CLI's. @default true
   */
  readonly report?: boolean;
  /** Process only shard `K/N` of the recordings (see src/shard/select.ts); `auto/N` is resolved by the CLI. @default undefined (all recordings) */
  readonly shard?: string | undefined;
  /**
   * Glob patterns over each recording's path relative to the input folder (src/input-patterns.ts):
   * only recordings matching one are processed; `!pattern` excludes. @default undefined (every recording)
   */
  readonly include?: readonly string[] | undefined;
  /** Glob patterns of recordings to leave out (wins over `include`). @default undefined (none) */
  readonly exclude?: readonly string[] | undefined;
}

/**
 * {@link RunOptions} after defaults and validation (internal): every field present, paths absolute.
 */
export type ResolvedRunOptions = Readonly<Required<RunOptions>>;

/** Callbacks for progress display (src/cli renders them). All optional. */
export interface PipelineEvents {
  /** After scanning: how many recordings there are, how many are reused from a previous run, the files not processed and the recordings the include/exclude patterns leave out. */
  onStart?(info: { total: number; resumed: number; skipped: { relPath: string; reason: string }[]; excluded?: number }): void;
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
  /**
   * While a recording is processed: it entered another stage (told once per change), or one more
   * of its chunks was dictated. `audioMs` is the recording's duration once transcoded; `chunks`
   * is set for a recording dictated in chunks. Resumed recordings report none.
   */
  onStageChange?(info: StageChange): void;
  /**
   * A request to the service failed and is sent again after `delayMs` (the client's retry policy,
   * src/client/retry.ts, with `maxRetries`): the failed attempt's number, its error (code, status,
   * message) and the request (method and redacted URL).
   */
  onRetry?(info: RetryEvent): void;
}

/** A recording's progress (see PipelineEvents.onStageChange). */
export interface StageChange {
  source: string;
  stage: Stage;
  /** Duration of the recording's audio, ms (once transcoded). */
  audioMs?: number;
  /** Chunks dictated so far, of how many (recordings split for the upload cap). */
  chunks?: { done: number; total: number };
}

/** One recording of a dry run's plan. */
export interface PlanEntry {
  source: string;
  /** Absolute path of the recording. */
  path: string;
  state: 'done' | 'todo' | 'redo';
  /** True when the run would dictate it (todo, or redo with changed dictation settings or source); false when done or only re-cut from saved markers. */
  dictate: boolean;
  /** Why a recording processed before would be dictated again. */
  reason?: RedoReason;
}

/** Why a recording is dictated again: its source changed, another service dictated it, it failed last time, a run was stopped while dictating it, or the dictation settings changed. */
export type RedoReason = 'source' | 'service' | 'failed' | 'interrupted' | 'settings';

/** What runPipeline returns. */
export interface RunResult {
  summary: RunSummary;
  failures: FailureRow[];
  /** Absolute path of manifest.csv (not written on a dry run). */
  manifestPath: string;
  /** Dry run: the recordings that would be processed, with their resume state. */
  plan?: PlanEntry[];
  /** Dry runs over an output another service made (run.json): that service, this run's, and whether `newService` allows the run. */
  serviceChange?: { from: string; to: string; allowed: boolean };
}

import type { RetryEvent } from '../client/retry.js';
import type { ClipKind, ClipMode } from '../markers/plan.js';
import type { FailureRow, RunSummary, Stage } from '../run-output/rows.js';

/** Clip kinds and modes belong to the clip plan (src/markers/plan.ts). */
export type { ClipKind, ClipMode };

/** The options of a run live with the key table they are derived from (src/config/options.ts). */
export type { RunOptions, ResolvedRunOptions } from '../config/options.js';

/** Callbacks for progress display (src/cli renders them). All optional. */
export interface PipelineEvents {
  /**
   * After scanning: how many recordings there are, how many are reused from a previous run, the files not processed and the recordings the
   * include/exclude patterns leave out.
   */
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
  /**
   * True when the run would dictate it (todo, or redo with changed dictation settings or source); false when done, only re-cut from saved
   * markers, or aligned directly with its reference (embedded engine).
   */
  dictate: boolean;
  /** Why a recording processed before would be dictated again. */
  reason?: RedoReason;
}

/**
 * Why a recording is dictated again: its source changed, another service dictated it, it failed last time, a run was stopped while
 * dictating it, or the dictation settings changed.
 */
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

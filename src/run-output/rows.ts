/**
 * The rows of a run output: manifest.csv (the contract between `dictclip run` and every reader),
 * failures.csv, skipped.csv and summary.json. Written by src/run-output/write.ts, read by
 * src/run-output/read.ts; nothing else spells a column.
 */
import type { Agreement } from '../align/text.js';
import type { MarkerMethod } from '../markers/model.js';
import type { ClipKind } from '../markers/plan.js';

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
  /**
   * Level of the clip's first and last 10 ms relative to the clip's own level, dB (src/audio/edges.ts). Absent in rows saved by older
   * versions.
   */
  edge_start_db?: number;
  edge_end_db?: number;
  /**
   * Calibrated probability (0–1, three decimals) that the clip holds its label with both edges within
   * 50 ms of where its words really are (src/align/confidence); a phrase takes its lowest word's.
   * Absent when unknown (rows saved by older versions).
   */
  confidence?: number;
}

export const MANIFEST_COLUMNS = [
  'file_name', 'text', 'source', 'start_ms', 'end_ms', 'duration_ms',
  'kind', 'method', 'dictation_id', 'text_start', 'text_length', 'flags',
  'sample_rate', 'channels', 'edge_start_db', 'edge_end_db', 'confidence',
] as const satisfies readonly (keyof ManifestRow)[];

/** How far the recognizer agreed with a recording's reference transcript (summary.json `references`, alignments/<source>.json). */
export interface ReferenceAgreement extends Agreement {
  /** Reference words neither heard nor placed acoustically (cut at an estimate and flagged, or left out). */
  unaligned: number;
  /**
   * `false`: the recording was not dictated (the embedded engine aligns a recording with a reference
   * directly): the recognizer's counts (matched, substituted, unheard, extra, wer) are all 0.
   */
  dictated?: false;
}

/** How far one recording's words can be trusted (summary.json `confidence`, the QA report). */
export interface RecordingConfidence {
  /** The words of the recording: its reference's words, or the recognizer's without one. */
  words: number;
  /** Words given times in the audio (heard, or found by the aligner). */
  placed: number;
  /** Reference words not placed: cut at an estimate (flag `unaligned`) or left out. */
  unaligned: number;
  /** Placed words whose confidence is below the run's threshold (unaligned ones are counted apart). */
  lowConfidence: number;
  /** Mean confidence of the words with a clip, estimated ones included (three decimals); null when none has one. */
  meanConfidence: number | null;
}

/** summary.json (written with the run's `failures` beside these fields). */
export interface RunSummary {
  recordings: number;
  done: number;
  failed: number;
  /** Recordings reused from a previous run (unchanged source and settings). */
  resumed: number;
  /** Files in the input that were not processed (hidden, unreadable, not an accepted type): skipped.csv lists them. */
  skipped: number;
  /** With include/exclude patterns: recordings of the input folder they leave out (not recordings of the run). */
  excluded?: number;
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
  /** Clip edges (two per clip) whose padding stopped short at a neighbouring word (padMode 'clamp'); 0 without padding. */
  paddingClampedEdges: number;
  wallTimeMs: number;
  /** Total wall time, ms, the recordings processed in this run spent in each stage (see onStageTiming). */
  stageMs: Partial<Record<Stage, number>>;
  /**
   * Per dictation stage ({@link DICTATION_STAGES}), the wall time, ms, that the dictations this run
   * reused (recordings re-cut or resumed from saved markers) took in the run that dictated them (each
   * recording's state keeps its own). Absent when no reused dictation has its times saved.
   */
  earlierStageMs?: Partial<Record<Stage, number>>;
  /** Absolute input folder of the run (the QA report links the source recordings from it). */
  inputDir: string;
  /** With `--find`: each phrase and how often it occurred over all recordings. */
  find?: { phrase: string; matches: number }[];
  /**
   * With reference transcripts: per recording aligned with one (by source), how far the recognizer
   * agreed with its reference (word error rate over spoken tokens; matched, substituted, unheard,
   * unaligned reference words; extra recognized words).
   */
  references?: ({ source: string } & ReferenceAgreement)[];
  /**
   * With reference transcripts in use (given, or remembered from the run before): the recordings
   * that had none and were cut from what the recognizer heard, by source.
   */
  withoutReference?: string[];
  /**
   * Exports of this output (absolute folders) made from an earlier manifest: stale since this run
   * changed it (`dictclip export` again rebuilds one). Absent when none.
   */
  staleExports?: string[];
  /**
   * Per recording done (by source), how far its words can be trusted, the least trusted first (the
   * largest share of words low-confidence or unaligned, then the lowest mean confidence).
   */
  confidence?: ({ source: string } & RecordingConfidence)[];
  /** Things worth knowing that are not failures (e.g. a phrase found nowhere). */
  notes?: string[];
}

/** Stage at which a recording failed (failures.csv `stage`). */
export type Stage = 'scan' | 'transcode' | 'split' | 'upload' | 'dictate' | 'markers' | 'cut' | 'output';

/** Every stage, in processing order. */
export const STAGES = ['scan', 'transcode', 'split', 'upload', 'dictate', 'markers', 'cut', 'output'] as const satisfies readonly Stage[];

/**
 * The stages a recording goes through only when it is dictated (a re-cut from saved markers skips them but `markers`, which also plans the
 * clips).
 */
export const DICTATION_STAGES = ['split', 'upload', 'dictate', 'markers'] as const satisfies readonly Stage[];

/** One row of failures.csv. */
export interface FailureRow {
  source: string;
  stage: Stage;
  code: string;
  message: string;
}

/** One row of skipped.csv: an input file not processed, with its reason. */
export interface SkippedRow {
  source: string;
  reason: string;
}

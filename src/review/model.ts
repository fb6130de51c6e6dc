/**
 * What the review page shows of a finished run, read from its output folder: the recordings
 * (manifest sources and saved markers), their clips and flags, their source audio, and per recording its timed words and current text
 * (model of one recording: state.ts).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { compareCodePoints } from '../code-point-order.js';
import { checkRunOutput, readManifest } from '../run-output/read.js';
import { readRunRecord } from '../run-output/run-record.js';
import { DOUBT_BELOW } from './doubt.js';
import { isRelativeSource, sourceFile } from '../run-output/safe-path.js';
import { clipFlags, markerSources, PLAYABLE_AUDIO } from '../report/index.js';
import { readAlignment, type AlignedWord, type AlignmentRecord } from '../run-output/alignments.js';
import type { ReviewClip } from './view.js';

export type { ReviewClip } from './view.js';

export interface ReviewRecording {
  /** The manifest's `source`: path relative to the input folder, extension kept. */
  source: string;
  clips: ReviewClip[];
  /** Clips with any flag. */
  flagged: number;
  /**
   * The source recording, when the run's input folder is known and it exists: `contentType` when a
   * browser plays its format, else undefined (the server plays a WAV copy of it: listen.ts).
   */
  audio: { path: string; contentType: string | undefined } | undefined;
}

export interface ReviewRun {
  /** Absolute run output folder. */
  runDir: string;
  /** The run's input folder (summary.json), when recorded. */
  inputDir: string | undefined;
  /** By source, in code-point order of source. */
  recordings: ReadonlyMap<string, ReviewRecording>;
  /** A word whose confidence is under this is in doubt: the run's `confidenceThreshold` (run.json), else {@link DOUBT_BELOW}. */
  doubtBelow: number;
}

/**
 * Read a run output for review: the manifest (streamed), the sources with saved markers, the input folder.
 * @throws DictclipError `E_NOT_RUN_OUTPUT` when `runDir` is not a run output.
 */
export async function openReviewRun(runDir: string): Promise<ReviewRun> {
  const dir = path.resolve(runDir);
  const { inputDir } = await checkRunOutput(dir);
  const clips = new Map<string, ReviewClip[]>();
  for await (const row of readManifest(dir)) {
    const clip: ReviewClip = { startMs: row.start_ms, endMs: row.end_ms, flags: clipFlags(row.kind, row.flags), text: row.text };
    const list = clips.get(row.source);
    if (list === undefined) clips.set(row.source, [clip]);
    else list.push(clip);
  }
  // A source the scan could not have written (`../base.wav` in a hand-edited manifest) is not reviewed.
  const sources = [...new Set([...clips.keys(), ...(await markerSources(dir))])].filter(isRelativeSource).sort(compareCodePoints);
  const recordings = new Map<string, ReviewRecording>();
  for (const source of sources) {
    const list = (clips.get(source) ?? []).sort((a, b) => a.startMs - b.startMs);
    recordings.set(source, {
      source,
      clips: list,
      flagged: list.filter((c) => c.flags !== '').length,
      audio: sourceAudio(inputDir, source),
    });
  }
  const threshold = (await readRunRecord(dir).catch(() => undefined))?.options['confidenceThreshold'];
  const doubtBelow = typeof threshold === 'number' && threshold >= 0 && threshold <= 1 ? threshold : DOUBT_BELOW;
  return { runDir: dir, inputDir, recordings, doubtBelow };
}

/**
 * The source's file: inside the input folder (a `../x.wav` source is never served), a regular file after following links as the scan did.
 */
function sourceAudio(inputDir: string | undefined, source: string): ReviewRecording['audio'] {
  if (inputDir === undefined) return undefined;
  let file: string;
  try {
    file = sourceFile(inputDir, source);
  } catch {
    return undefined;
  }
  return isFileSync(file) ? { path: file, contentType: PLAYABLE_AUDIO.get(path.extname(source).toLowerCase()) } : undefined;
}

function isFileSync(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The reference alignment of a recording (alignments/<source>.json, written by the pipeline) as the review reads it. */
export interface ReviewAlignment {
  /** The reference text. */
  text: string;
  /** Per reference word; `status`: `matched`, else how it differs (`substituted`, `unheard`, `unaligned`). */
  words: {
    textStart: number;
    textLength: number;
    startMs: number | null;
    endMs: number | null;
    status: string;
    confidence: number | null;
  }[];
}

/** A reference word's status: `unaligned` when it could not be placed, else what the recognizer made of it. */
function wordStatus(word: AlignedWord): string {
  return word.placement === 'unaligned' ? 'unaligned' : word.heard ?? word.placement;
}

/**
 * A recording's reference alignment as the review reads it; undefined when it has none.
 * @throws DictclipError `E_RUN_FILE_INVALID` for an alignments file of another version or shape.
 */
export async function reviewAlignment(runDir: string, source: string): Promise<ReviewAlignment | undefined> {
  const record = await readAlignment(runDir, source);
  return record === undefined ? undefined : alignmentForReview(record);
}

/** An alignment record (alignments/<source>.json) as the review reads it. */
export function alignmentForReview(record: AlignmentRecord): ReviewAlignment {
  const words = record.words.map((w) => ({
    textStart: w.textStart,
    textLength: w.textLength,
    startMs: w.startMs,
    endMs: w.endMs,
    status: wordStatus(w),
    confidence: w.confidence ?? null,
  }));
  // The reference file's closing newline is not part of the text a person edits.
  return { text: record.text.replace(/\r?\n$/, ''), words };
}

/** Reference words the recognizer did not hear as they are, or that could not be placed. */
export function disagreements(alignment: ReviewAlignment | undefined): number {
  return alignment === undefined ? 0 : alignment.words.filter((w) => w.status !== 'matched').length;
}

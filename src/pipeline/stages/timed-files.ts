/**
 * A recording's timed transcript files beside `transcripts/<source>.txt`: the word-level JSON
 * (always) and the subtitle files the run asks for (`subtitles`, at `subtitleLevel`, wrapped at
 * `subtitleMaxLineWidth`/`subtitleMaxLines`). Written after the clips are cut, and on every rerun
 * that keeps a recording (cheap: no audio, no service),
 * so asking for subtitles later never dictates or cuts again; formats not asked for are removed,
 * so no subtitle file outlives a change of the words or phrases it was made from.
 */
import { rm } from 'node:fs/promises';
import { writeFileAtomicSync } from '../../files.js';
import type { DictationResult } from '../../markers/index.js';
import { subtitlePath, timedTranscriptPath } from '../../run-output/naming.js';
import { checkRunOutput, runSources } from '../../run-output/read.js';
import { readTimedTranscript, writeTimedTranscript } from '../../run-output/timed-file.js';
import { SUBTITLE_FORMATS, SUBTITLE_RENDERERS, timedTranscript } from '../../timed/index.js';
import type { CueOptions, LineBreakMode, SubtitleFormat, SubtitleLevel, TimedTranscript } from '../../timed/index.js';
import { readAlignment } from '../../run-output/alignments.js';
import { savedAlignment } from './align-reference.js';
import type { RecordingState } from '../../run-output/state-file.js';

/** The options the timed files follow. */
export interface TimedOptions {
  /** `all` stands for every format (the resolved options list them by name). */
  subtitles: readonly (SubtitleFormat | 'all')[] | undefined;
  subtitleLevel: SubtitleLevel;
  subtitleMaxLineWidth: number | undefined;
  subtitleMaxLines: number | undefined;
  subtitleLineBreaks: LineBreakMode;
  maxGapMs: number;
  maxPhraseMs: number;
}

/** The cue options of a run's options. */
function cueOptions(options: TimedOptions): CueOptions {
  return {
    level: options.subtitleLevel,
    maxLineWidth: options.subtitleMaxLineWidth,
    maxLines: options.subtitleMaxLines,
    lineBreaks: options.subtitleLineBreaks,
  };
}

/** A recording's words as its clips were planned: the recognizer's, or the reference's when it was aligned. */
export interface TimedSource {
  source: string;
  durationMs: number;
  result: DictationResult;
  reference?: { unaligned: readonly number[]; unplaced: readonly number[] } | undefined;
  /** Per word with audio, by text offset, its confidence. */
  confidence?: ReadonlyMap<number, number> | undefined;
}

/**
 * Write `transcripts/<source>.json` and the asked-for subtitle files, each atomically; remove the others.
 * @throws DictclipError `E_OUTPUT`.
 */
export async function writeTimedFiles(outDir: string, from: TimedSource, options: TimedOptions): Promise<TimedTranscript> {
  const timed = timedTranscript({ ...from, limits: { maxGapMs: options.maxGapMs, maxPhraseMs: options.maxPhraseMs } });
  writeTimedTranscript(outDir, timed);
  const wanted = new Set<string>(options.subtitles ?? []);
  for (const format of SUBTITLE_FORMATS) {
    const file = subtitlePath(outDir, from.source, format);
    if (wanted.has(format) || wanted.has('all')) writeFileAtomicSync(file, SUBTITLE_RENDERERS[format](timed, cueOptions(options)));
    else await rm(file, { force: true });
  }
  return timed;
}

/** Remove a recording's `transcripts/<source>.json` and every subtitle file of it (a failed recording keeps none). */
export async function removeTimedFiles(outDir: string, source: string): Promise<void> {
  await rm(timedTranscriptPath(outDir, source), { force: true });
  for (const format of SUBTITLE_FORMATS) await rm(subtitlePath(outDir, source, format), { force: true });
}

/**
 * The timed source of a recording kept from an earlier run: its saved dictation, or with a
 * reference the saved `alignments/<source>.json`; undefined when what it needs is not there.
 */
export async function savedTimedSource(
  outDir: string,
  source: string,
  dictation: RecordingState['dictation'],
  withReference: boolean,
): Promise<TimedSource | undefined> {
  if (dictation === undefined) return undefined;
  const base = { source, durationMs: dictation.audioDurationMs };
  if (!withReference) return { ...base, result: dictation.result };
  const record = await readAlignment(outDir, source);
  const saved = record === undefined ? undefined : savedAlignment(record);
  return saved === undefined
    ? undefined
    : { ...base, result: saved.result, reference: { unaligned: saved.unaligned, unplaced: saved.unplaced } };
}

/** What {@link writeSubtitleFiles} did: the files written, and the recordings without a timed transcript. */
export interface SubtitleFilesResult {
  recordings: number;
  files: number;
  missing: string[];
}

/**
 * Write the subtitle files of a finished run output from its `transcripts/<source>.json`, without
 * the input, the service or any audio (`dictclip subtitles`); other formats already there are kept.
 * @throws DictclipError `E_NOT_RUN_OUTPUT` for a folder that is not a run output; `E_OUTPUT`.
 */
export async function writeSubtitleFiles(
  runDir: string,
  options: { formats: readonly SubtitleFormat[]; cues: CueOptions },
): Promise<SubtitleFilesResult> {
  await checkRunOutput(runDir);
  const sources = await runSources(runDir);
  const missing: string[] = [];
  let files = 0;
  for (const source of sources) {
    const timed = await readTimedTranscript(runDir, source);
    if (timed === undefined) {
      missing.push(source);
      continue;
    }
    for (const format of options.formats) {
      writeFileAtomicSync(subtitlePath(runDir, source, format), SUBTITLE_RENDERERS[format](timed, options.cues));
      files += 1;
    }
  }
  return { recordings: sources.length, files, missing };
}

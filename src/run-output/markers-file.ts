/**
 * A dictated recording's `transcripts/<source>.txt` (the transcript and a newline) and
 * `markers/<source>.json` (its word markers over that transcript, the dictations and the chunks
 * they covered): written once the recording is dictated, read by the readers of a run.
 */
import * as v from 'valibot';
import type { DictationResult, MarkerMethod, WordMarker } from '../markers/index.js';
import { writeFileAtomicSync } from '../files.js';
import { offsetSchema, readSideFile, writeSideFile, type SideFile } from './json-file.js';
import { markersPath, transcriptPath } from './naming.js';

/** Version of `markers/<source>.json`; files written before it had none and are read as this one. */
export const MARKERS_FILE_VERSION = 1;

/** The content of `markers/<source>.json`. */
export interface MarkersFile {
  /** Absent in files written before the version was recorded. */
  version?: typeof MARKERS_FILE_VERSION;
  source: string;
  method: MarkerMethod;
  dictationIds: string[];
  /** The chunks the recording was dictated in, ms on the work audio (absent when dictated whole). */
  chunks?: { startMs: number; endMs: number }[];
  transcript: string;
  collapsed: boolean;
  warnings: string[];
  markers: WordMarker[];
}

const spanSchema = v.looseObject({ startMs: v.number(), endMs: v.number() });

/** Shared with alignments/ and the timed transcripts: a word over a text, at its times (and a confidence from 0 to 1 when it has one). */
export const wordMarkerSchema = v.looseObject({
  text: v.string(),
  textStart: offsetSchema,
  textLength: offsetSchema,
  startMs: v.number(),
  endMs: v.number(),
  confidence: v.exactOptional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
});

export const MARKERS_FILE: SideFile<MarkersFile> = {
  what: 'markers file',
  schema: v.looseObject({
    version: v.exactOptional(v.literal(MARKERS_FILE_VERSION)),
    source: v.string(),
    method: v.picklist(['new', 'old', 'websocket']),
    dictationIds: v.array(v.string()),
    chunks: v.exactOptional(v.array(spanSchema)),
    transcript: v.string(),
    collapsed: v.boolean(),
    warnings: v.array(v.string()),
    markers: v.array(wordMarkerSchema),
  }),
};

/** The saved dictation of a recording, as written to `markers/<source>.json`. */
export interface DictationFileInput {
  method: MarkerMethod;
  dictationIds: string[];
  /** The chunks the recording was dictated in, ms on the work audio. */
  chunks?: { startMs: number; endMs: number }[] | undefined;
  result: DictationResult;
}

/**
 * Write a dictated recording's `transcripts/<source>.txt` and `markers/<source>.json`, each atomically.
 * @throws DictclipError `E_OUTPUT`.
 */
export async function writeDictationFiles(outDir: string, relPath: string, dictation: DictationFileInput): Promise<void> {
  const { result } = dictation;
  const content: MarkersFile = {
    version: MARKERS_FILE_VERSION,
    source: relPath,
    method: dictation.method,
    dictationIds: dictation.dictationIds,
    ...(dictation.chunks === undefined ? {} : { chunks: dictation.chunks }),
    transcript: result.transcript,
    collapsed: result.collapsed,
    warnings: result.warnings,
    markers: result.markers.map((m) => ({
      text: m.text,
      textStart: m.textStart,
      textLength: m.textLength,
      startMs: m.startMs,
      endMs: m.endMs,
      ...(m.confidence === undefined ? {} : { confidence: m.confidence }),
    })),
  };
  writeFileAtomicSync(transcriptPath(outDir, relPath), `${result.transcript}\n`);
  writeSideFile(MARKERS_FILE, markersPath(outDir, relPath), content, 2);
}

/**
 * A recording's `markers/<source>.json`; undefined when it has none.
 * @throws DictclipError `E_RUN_FILE_INVALID` (not JSON, another version or shape), `E_UNSAFE_PATH` for a source outside the output folder.
 */
export async function readMarkersFile(outDir: string, source: string): Promise<MarkersFile | undefined> {
  return readSideFile(MARKERS_FILE, markersPath(outDir, source), outDir);
}

/**
 * `transcripts/<source>.json`: a recording's timed transcript (src/timed/model.ts), written by
 * every run that keeps the recording and read by `dictclip subtitles`.
 */
import * as v from 'valibot';
import { TIMED_VERSION, type TimedTranscript } from '../timed/model.js';
import { offsetSchema, readSideFile, writeSideFile, type SideFile } from './json-file.js';
import { timedTranscriptPath } from './naming.js';

const timeOrNull = v.nullable(v.number());

export const TIMED_FILE: SideFile<TimedTranscript> = {
  what: 'timed transcript',
  schema: v.looseObject({
    version: v.literal(TIMED_VERSION),
    source: v.string(),
    wordsFrom: v.picklist(['dictation', 'reference']),
    transcript: v.string(),
    durationMs: v.number(),
    words: v.array(v.looseObject({
      text: v.string(), startMs: timeOrNull, endMs: timeOrNull, textStart: offsetSchema, textLength: offsetSchema, flags: v.string(),
    })),
    phrases: v.array(v.looseObject({
      text: v.string(), startMs: v.number(), endMs: v.number(), textStart: offsetSchema, textLength: offsetSchema,
      firstWord: offsetSchema, lastWord: offsetSchema,
    })),
  }),
};

/** Write `transcripts/<source>.json` atomically. @throws DictclipError `E_RUN_FILE_INVALID` (not of its schema), `E_OUTPUT`. */
export function writeTimedTranscript(outDir: string, timed: TimedTranscript): void {
  writeSideFile(TIMED_FILE, timedTranscriptPath(outDir, timed.source), timed, 2);
}

/**
 * A recording's `transcripts/<source>.json`; undefined when it has none (outputs made before it existed).
 * @throws DictclipError `E_RUN_FILE_INVALID` when it is not JSON, of another version or shape.
 */
export async function readTimedTranscript(outDir: string, source: string): Promise<TimedTranscript | undefined> {
  return readSideFile(TIMED_FILE, timedTranscriptPath(outDir, source), outDir);
}

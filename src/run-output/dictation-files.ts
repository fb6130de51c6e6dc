import type { DictationResult, MarkerMethod } from '../markers/index.js';
import { writeFileAtomicSync } from '../files.js';
import { markersPath, transcriptPath } from './naming.js';

/** The saved dictation of a recording, as written to `markers/<source>.json`. */
export interface DictationFileInput {
  method: MarkerMethod;
  dictationIds: string[];
  /** The chunks the recording was dictated in, ms on the work audio. */
  chunks?: { startMs: number; endMs: number }[] | undefined;
  result: DictationResult;
}

/**
 * Write a dictated recording's `transcripts/<source>.txt` (transcript + newline) and
 * `markers/<source>.json` (`{ source, method, dictationIds, chunks, transcript, collapsed,
 * warnings, markers }`; `chunks` = the spans dictated separately, `{ startMs, endMs }` on the
 * work audio), each atomically.
 * @throws DictclipError `E_OUTPUT`.
 */
export async function writeDictationFiles(outDir: string, relPath: string, dictation: DictationFileInput): Promise<void> {
  const { result } = dictation;
  const json = {
    source: relPath,
    method: dictation.method,
    dictationIds: dictation.dictationIds,
    ...(dictation.chunks === undefined ? {} : { chunks: dictation.chunks }),
    transcript: result.transcript,
    collapsed: result.collapsed,
    warnings: result.warnings,
    markers: result.markers.map((m) => ({
      text: m.text, textStart: m.textStart, textLength: m.textLength, startMs: m.startMs, endMs: m.endMs,
    })),
  };
  writeFileAtomicSync(transcriptPath(outDir, relPath), `${result.transcript}\n`);
  writeFileAtomicSync(markersPath(outDir, relPath), `${JSON.stringify(json, null, 2)}\n`);
}

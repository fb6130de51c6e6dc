/**
 * The QA report's data, read from a run's output folder alone: manifest.csv (columns looked up by
 * header name; `flags` may be absent in older runs), failures.csv, summary.json, markers/*.json
 * and the waveform peaks in .dictclip/peaks/.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Peaks } from '../audio/peaks.js';
import { compareCodePoints } from '../code-point-order.js';
import { FAILURES_FILE, MANIFEST_FILE, MARKERS_DIR } from '../run-output/layout.js';
import { recordingKey } from '../run-output/naming.js';
import { readPeaks } from '../run-output/peaks-file.js';
import { notRunOutput, readManifest, readSummary, readTable } from '../run-output/read.js';
import type { FailureRow } from '../run-output/rows.js';
import type { Marker } from './data.js';
import { isRelativeSource, sourceFile } from '../run-output/safe-path.js';
import { recordingWords } from '../run-output/words.js';

/** One clip as the page shows it. */
export interface ReportClip {
  /** The manifest `file_name` (relative to the output folder). */
  fileName: string;
  text: string;
  startMs: number;
  endMs: number;
  /** Space-separated flag tokens; `utterance` is added for clips of that kind. Empty when clean. */
  flags: string;
  /** The manifest's confidence; null when unknown. */
  confidence: number | null;
}

/** The saved word markers of a recording (markers/<source>.json). */
export interface ReportMarkers {
  transcript: string;
  /** Per marker: its text offsets into `transcript` and its times. */
  markers: Marker[];
}

export interface ReportRecording {
  source: string;
  key: string;
  clips: ReportClip[];
  /** True when the recording is listed in failures.csv. */
  failed: boolean;
  markers: ReportMarkers | undefined;
  peaks: Peaks | undefined;
  /** Absolute path of the source recording, when the run's input folder is known and it exists. */
  sourcePath: string | undefined;
}

export interface ReportModel {
  outDir: string;
  /** summary.json without its `failures` (empty when the file is missing). */
  summary: Record<string, unknown>;
  failures: FailureRow[];
  recordings: ReportRecording[];
}

/** A clip's flags: the manifest's tokens, with `utterance` first for clips cut from collapsed markers. */
export function clipFlags(kind: string | undefined, flags: string | undefined): string {
  const tokens = (flags ?? '').split(/\s+/).filter((t) => t !== '');
  if (kind === 'utterance' && !tokens.includes('utterance')) tokens.unshift('utterance');
  return tokens.join(' ');
}

/** Sources with saved markers: markers/<source>.json, walked recursively. */
export async function markerSources(outDir: string): Promise<string[]> {
  const root = path.join(outDir, MARKERS_DIR);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/').slice(0, -'.json'.length));
}

/**
 * A recording's saved text and timed words (src/run-output/words.ts: the reference words when it
 * was cut from a reference, else the dictated markers), words without times left out; undefined
 * when the run saved neither, or for a source that would point outside the output folder.
 * @throws DictclipError `E_RUN_FILE_INVALID` for a side file of another version or shape.
 */
export async function readMarkers(outDir: string, source: string): Promise<ReportMarkers | undefined> {
  const saved = isRelativeSource(source) ? await recordingWords(outDir, source) : undefined;
  if (saved === undefined) return undefined;
  const markers = saved.words.flatMap((w): Marker[] =>
    w.startMs === null || w.endMs === null
      ? []
      : [{ textStart: w.textStart, textLength: w.textLength, startMs: w.startMs, endMs: w.endMs }],
  );
  return { transcript: saved.text, markers };
}

/** Clips by start, then end, then file name. */
function byTime(a: ReportClip, b: ReportClip): number {
  return a.startMs - b.startMs || a.endMs - b.endMs || compareCodePoints(a.fileName, b.fileName);
}

/**
 * Read everything the report shows from a run's output folder: recordings by source (code-point
 * order), each one's clips by start time.
 * @throws DictclipError E_NOT_RUN_OUTPUT when `outDir` has no manifest.csv or a file cannot be parsed.
 */
export async function readReportModel(outDir: string): Promise<ReportModel> {
  const out = path.resolve(outDir);
  if (!existsSync(path.join(out, MANIFEST_FILE))) throw notRunOutput(out, `${MANIFEST_FILE} is missing`);
  const failures = ((await readTable(out, FAILURES_FILE))?.rows ?? []).map((r) => ({
    source: r['source'] ?? '', stage: (r['stage'] ?? 'output') as FailureRow['stage'], code: r['code'] ?? '', message: r['message'] ?? '',
  }));
  const summaryJson = await readSummary(out).catch((): Record<string, unknown> => ({}));
  const { failures: _f, ...summary } = summaryJson;
  const inputDir = typeof summary['inputDir'] === 'string' ? summary['inputDir'] : undefined;

  const clipsBySource = new Map<string, ReportClip[]>();
  for await (const row of readManifest(out)) {
    const source = row.source;
    const clip: ReportClip = {
      fileName: row.file_name, text: row.text, startMs: row.start_ms, endMs: row.end_ms, flags: clipFlags(row.kind, row.flags),
      confidence: row.confidence ?? null,
    };
    const list = clipsBySource.get(source);
    if (list === undefined) clipsBySource.set(source, [clip]);
    else list.push(clip);
  }
  // Each recording's clips in time order (the manifest lists them as they were cut: word and
  // phrase clips, extracts and finished recordings interleave).
  for (const list of clipsBySource.values()) list.sort(byTime);
  const failed = new Set(failures.map((f) => f.source));
  const sources = new Set([...clipsBySource.keys(), ...(await markerSources(out))]);
  const recordings: ReportRecording[] = [];
  for (const source of [...sources].sort(compareCodePoints)) {
    const sourcePath = inputDir === undefined ? undefined : insideOrUndefined(inputDir, source);
    recordings.push({
      source, key: recordingKey(source), clips: clipsBySource.get(source) ?? [], failed: failed.has(source),
      markers: await readMarkers(out, source), peaks: await readPeaks(out, source),
      sourcePath: sourcePath !== undefined && existsSync(sourcePath) ? sourcePath : undefined,
    });
  }
  return { outDir: out, summary, failures, recordings };
}

/** A source's file inside the input folder; undefined for a source that leaves it (a hand-edited manifest). */
function insideOrUndefined(inputDir: string, source: string): string | undefined {
  try {
    return sourceFile(inputDir, source);
  } catch {
    return undefined;
  }
}

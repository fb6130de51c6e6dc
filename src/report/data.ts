/**
 * What the QA report page reads, as build.ts writes it and the page (src/report/page/) decodes it:
 * the run inside index.html (a JSON element, {@link ReportData}) and each recording's details in
 * rec/<key>.js (a script that hands {@link RecordingDetail} to the page by a DOM event, as file://
 * allows neither fetch nor modules). Long lists are columns of named arrays (one array per field,
 * index i of each is item i): named fields at the size of positional rows. No Node import here: the
 * page bundles this module.
 */
import type { RunSummary } from '../run-output/rows.js';

/** The clips of a recording, one array per field. */
export interface ClipColumns {
  /** File name inside the recording's `clipFolder`. */
  file: string[];
  text: string[];
  startMs: number[];
  endMs: number[];
  /** Space-separated flag tokens; '' when clean. */
  flags: string[];
  /** The manifest's confidence; null when unknown (runs made before it existed). */
  confidence: (number | null)[];
}

/** One clip as the page uses it (a row of {@link ClipColumns}). */
export interface Clip {
  file: string;
  text: string;
  startMs: number;
  endMs: number;
  flags: string;
  confidence: number | null;
}

export interface RecordingData {
  /** The manifest's `source`. */
  source: string;
  /** Its recording key: rec/<key>.js. */
  key: string;
  /** The common folder of its clips ('' when they differ), relative to the output folder. */
  clipFolder: string;
  /** The source audio, relative to the report folder; '' when not linked (unknown or not playable in a browser). */
  audioHref: string;
  durationMs: number;
  failed: boolean;
  /** Whether rec/<key>.js exists (markers or peaks were saved). */
  hasDetail: boolean;
  /** In time order. */
  clips: ClipColumns;
}

export interface FailureData {
  source: string;
  stage: string;
  code: string;
  message: string;
}

/** The run as the page shows it. */
export interface ReportData {
  /** summary.json as the run wrote it (older runs lack fields; a missing file gives {}). */
  summary: Partial<RunSummary>;
  /** Every stage, in processing order. */
  stages: readonly string[];
  /** Each flag token and its meaning, in the order a `flags` value lists them. */
  flags: Readonly<Record<string, string>>;
  /** The flag tokens that are notes, not doubts (`verified`): a clip with only these is not flagged. */
  notes: readonly string[];
  failures: FailureData[];
  recordings: RecordingData[];
}

/** Word markers of a recording, one array per field: text offsets into the transcript, times in ms. */
export interface MarkerColumns {
  textStart: number[];
  textLength: number[];
  startMs: number[];
  endMs: number[];
}

/** One marker (a row of {@link MarkerColumns}). */
export interface Marker {
  textStart: number;
  textLength: number;
  startMs: number;
  endMs: number;
}

/** Waveform peaks: interleaved int8 min/max per bucket, base64. */
export interface PeaksData {
  bucketsPerSecond: number;
  durationMs: number;
  b64: string;
}

/** rec/<key>.js: one recording's transcript, markers and peaks. */
export interface RecordingDetail {
  key: string;
  transcript: string;
  markers: MarkerColumns;
  peaks: PeaksData | null;
}

/** The id of the JSON element of index.html that holds {@link ReportData}. */
export const DATA_ELEMENT_ID = 'dictclip-report-data';
/** The DOM event (on document, `detail`: {@link RecordingDetail}) each rec/<key>.js dispatches. */
export const DETAIL_EVENT = 'dictclip-recording';

/** Rows → columns. */
export function clipColumns(clips: readonly Clip[]): ClipColumns {
  return {
    file: clips.map((c) => c.file), text: clips.map((c) => c.text), startMs: clips.map((c) => c.startMs),
    endMs: clips.map((c) => c.endMs), flags: clips.map((c) => c.flags), confidence: clips.map((c) => c.confidence),
  };
}

/** Columns → rows. */
export function clipRows(columns: ClipColumns): Clip[] {
  return columns.file.map((file, i) => ({
    file, text: columns.text[i] ?? '', startMs: columns.startMs[i] ?? 0, endMs: columns.endMs[i] ?? 0, flags: columns.flags[i] ?? '',
    confidence: columns.confidence?.[i] ?? null, // reports written before the column have none
  }));
}

export function markerColumns(markers: readonly Marker[]): MarkerColumns {
  return {
    textStart: markers.map((m) => m.textStart), textLength: markers.map((m) => m.textLength),
    startMs: markers.map((m) => m.startMs), endMs: markers.map((m) => m.endMs),
  };
}

export function markerRows(columns: MarkerColumns): Marker[] {
  return columns.textStart.map((textStart, i) => ({
    textStart, textLength: columns.textLength[i] ?? 0, startMs: columns.startMs[i] ?? 0, endMs: columns.endMs[i] ?? 0,
  }));
}

/** The run as the report page holds it: data.ts's columns decoded into rows once, at load. */
import { clipRows, type Clip, type RecordingData, type ReportData } from '../data.js';

export interface PageRecording {
  /** Position in the page: the section is `rec-<index>`, its clips `clip-<index>-<clip>`. */
  index: number;
  data: RecordingData;
  clips: Clip[];
}

export interface PageRun {
  data: ReportData;
  recordings: PageRecording[];
}

export function pageRun(data: ReportData): PageRun {
  return { data, recordings: data.recordings.map((r, index) => ({ index, data: r, clips: clipRows(r.clips) })) };
}

export function isFlagged(clip: Clip): boolean {
  return clip.flags !== '';
}

/** A clip's file, relative to the output folder. */
export function clipPath(recording: PageRecording, clip: Clip): string {
  return recording.data.clipFolder + clip.file;
}

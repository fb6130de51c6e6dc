/** The run as the report page holds it: data.ts's columns decoded into rows once, at load. */
import { clipRows, type Clip, type RecordingData, type ReportData } from '../data.js';

/** A clip as the page shows it. */
export interface PageClip extends Clip {
  /** It carries a flag that is a doubt (any but the data's `notes`, such as `verified`). */
  flagged: boolean;
}

export interface PageRecording {
  /** Position in the page: the section is `rec-<index>`, its clips `clip-<index>-<clip>`. */
  index: number;
  data: RecordingData;
  clips: PageClip[];
}

export interface PageRun {
  data: ReportData;
  recordings: PageRecording[];
}

export function pageRun(data: ReportData): PageRun {
  const notes = new Set(data.notes);
  const flagged = (flags: string): boolean => flags.split(' ').some((token) => token !== '' && !notes.has(token));
  return {
    data,
    recordings: data.recordings.map((r, index) => ({
      index,
      data: r,
      clips: clipRows(r.clips).map((c) => ({ ...c, flagged: flagged(c.flags) })),
    })),
  };
}

export function isFlagged(clip: PageClip): boolean {
  return clip.flagged;
}

/** A clip's file, relative to the output folder. */
export function clipPath(recording: PageRecording, clip: Clip): string {
  return recording.data.clipFolder + clip.file;
}

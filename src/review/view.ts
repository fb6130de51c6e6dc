/**
 * What the review server sends the review page (src/review/page/) as JSON, typed once for both:
 * /api/recordings answers {@link RecordingList}, /api/recording and /api/save {@link RecordingView}
 * (a refused save: {@link StaleAnswer}). No Node import here: the page bundles this module.
 */

/** A recording's line in the page's list. */
export interface RecordingListEntry {
  source: string;
  clips: number;
  flagged: number;
  /** Reference words the alignment did not match (0 without a reference). */
  disagreements: number;
  /** Whether corrections/<source>.txt exists. */
  corrected: boolean;
  playable: boolean;
}

export interface RecordingList {
  runDir: string;
  inputDir: string | null;
  recordings: RecordingListEntry[];
}

/** A clip of a recording. */
export interface ReviewClip {
  startMs: number;
  endMs: number;
  /** Space-separated flag tokens; '' when clean. */
  flags: string;
  text: string;
}

/** A word of the recording's current text. */
export interface WordView {
  text: string;
  /** Times in the recording; null when the word is not placed in the audio. */
  startMs: number | null;
  endMs: number | null;
  /** '' or `matched` when as heard, else how the recognizer differed (`substituted`, `unheard`, `unaligned`). */
  status: string;
  /** Changed by a correction. */
  changed: boolean;
  /** Offset of the word in `text` (UTF-16 code units). */
  textStart: number;
}

/** A recording's state. */
export interface RecordingView {
  source: string;
  /** What a save must name: the state it was made on. */
  revision: string;
  corrected: boolean;
  /** Where the text comes from. */
  from: string;
  text: string;
  words: WordView[];
  /** In time order. */
  clips: ReviewClip[];
  /** Whether /api/audio plays its source. */
  audio: boolean;
  /** The length the waveform spans. */
  durationMs: number;
  /** Waveform peaks: interleaved int8 min/max per bucket, base64; null when not saved. */
  peaks: { bucketsPerSecond: number; b64: string } | null;
}

/** A save refused because the recording changed since `revision` (HTTP 409). */
export interface StaleAnswer {
  error: 'stale';
  message: string;
  recording: RecordingView;
}

/** A save body: a word replaced ('' removes it), or the whole text. */
export type SaveBody = { source: string; revision: string } & ({ index: number; replacement: string } | { text: string });

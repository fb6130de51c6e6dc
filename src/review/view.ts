/**
 * What the review server sends the review page (src/review/page/) as JSON, typed once for both:
 * /api/recordings answers {@link RecordingList}, /api/recording and /api/save {@link RecordingView}
 * (a refused save: {@link StaleAnswer}). No Node import here: the page bundles this module.
 */

/** A recording's words at a glance: how many, how many checked, how many in doubt (src/review/doubt.ts), the lowest confidence. */
export interface DoubtSummary {
  words: number;
  verified: number;
  /** Words in doubt, not yet checked. */
  doubtful: number;
  /** The lowest confidence (0–1) of a word not yet checked; null when none is known. */
  lowest: number | null;
}

/** A recording's line in the page's list. */
export interface RecordingListEntry extends DoubtSummary {
  source: string;
  clips: number;
  flagged: number;
  /** Reference words the alignment did not match (0 without a reference). */
  disagreements: number;
  /** {@link RecordingView.corrected}; for a recording whose state cannot be read, whether corrections/<source>.txt exists. */
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
  /** Its times were set by a person (a re-cut uses them exactly). */
  edited: boolean;
  /** Checked by a person. */
  verified: boolean;
  /** How likely its times are right (0–1), from the alignment; null when not known. */
  confidence: number | null;
  /** Most likely needs a person (and not yet checked). */
  doubtful: boolean;
}

/**
 * An edit of a word as corrections/<source>.words.json holds it (src/run-output/corrections.ts
 * WordEdit, restated because the page bundles no Node module; requests.ts checks the two agree).
 */
export interface WordEditView {
  textStart: number;
  textLength: number;
  startMs?: number;
  endMs?: number;
  verified?: boolean;
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
  /** The edits on the words (an undo sends them back with the text). */
  edits: WordEditView[];
  /** Why corrections/<source>.words.json was left out (made for another text, unreadable); null when it was not. */
  editsIgnored: string | null;
  /** In time order. */
  clips: ReviewClip[];
  /** Whether /api/audio plays its source. */
  audio: boolean;
  /** The length the waveform spans. */
  durationMs: number;
  /**
   * Waveform peaks: interleaved int8 min/max per bucket, base64; null when not saved. Absent in the
   * answer to a save (also a refused one): they never change during a review, so the page keeps those it loaded.
   */
  peaks?: { bucketsPerSecond: number; b64: string } | null;
}

/** A save refused because the recording changed since `revision` (HTTP 409). */
export interface StaleAnswer {
  error: 'stale';
  message: string;
  recording: RecordingView;
}

/** A change of times, words or checks, on the words as the page shows them (by index). */
export type WordChange =
  /** Both edges of word `index`, whole ms. */
  | { op: 'times'; index: number; startMs: number; endMs: number }
  /** Split word `index` after its `at`-th character (1 … length − 1), at `ms` (strictly inside its times; default: by characters). */
  | { op: 'split'; index: number; at: number; ms?: number | undefined }
  /** Join word `index` with the next one (the white space between them goes). */
  | { op: 'join'; index: number }
  /** Mark the words `indexes` (or all) as checked by a person, or not. */
  | { op: 'verify'; indexes: number[] | 'all'; verified: boolean };

/** A save body: a word replaced ('' removes it), the whole text (an undo: with the edits it had), or a change of times, words or checks. */
export type SaveBody = { source: string; revision: string } & (
  { index: number; replacement: string } | { text: string; edits?: WordEditView[] } | WordChange
);

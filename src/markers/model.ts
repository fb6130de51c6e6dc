/**
 * The normalized word marker: one word (or punctuation token) of a transcript, tied to the
 * stretch of audio it came from. Both marker methods (new: JSON `wordMarkers`; old: audio and
 * text statistics pair lists) and the WebSocket stream decode to this one shape.
 */
export interface WordMarker {
  /** The word or punctuation token as it appears in the transcript. */
  text: string;
  /** Zero-based character index of the token in the transcript. */
  textStart: number;
  /** Number of characters of the token (end exclusive: `textStart + textLength`). */
  textLength: number;
  /** Start of the token in the audio, integer milliseconds. */
  startMs: number;
  /** End of the token in the audio, integer milliseconds (>= startMs). */
  endMs: number;
  /**
   * The service's own confidence in the word, 0..1, when it gave one: per word from the embedded
   * service's markers (the recognizer's posterior), else its dictation's `Confidence` of the text
   * statistics (old method) on each of its words. Absent when the service gave none.
   */
  confidence?: number;
}

/** The method by which markers were obtained. */
export type MarkerMethod = 'new' | 'old' | 'websocket';

/** A dictation's final result as the pipeline consumes it. */
export interface DictationResult {
  /** The transcript the markers index into (substituted text when markers index that). */
  transcript: string;
  /** Markers in transcript order. */
  markers: WordMarker[];
  /** True when one marker spans a multi-word transcript (substitution effect, spec 2.3). */
  collapsed: boolean;
  /** Human-readable warnings produced while decoding (ambiguous units, collapse …). */
  warnings: string[];
}

/**
 * The one rounding rule for times dictclip writes: whole milliseconds, and an audio's end in whole
 * ms is `floor(durationMs)` (for a WAV, `floor(samples × 1000 / rate)`). Markers are clamped to it
 * and padding stops at it, so every `_ms` of the manifest, the saved markers and every export is an
 * integer inside the audio; the last fraction of a millisecond of a recording (under 16 samples at
 * 16 kHz) is in no clip.
 */
export function wholeMsEnd(durationMs: number): number {
  return Math.floor(durationMs);
}

/** Sentence-closing punctuation. */
export const SENTENCE_END = new Set(['.', '!', '?']);

/** True when a token has no letter or digit (a punctuation marker). */
export function isPunctuation(text: string): boolean {
  return !/[\p{L}\p{N}]/u.test(text);
}

/** A word marker of the new method as the service sends it (spec 2.3; units: seconds). */
export interface RawWordMarker {
  audioStart: number;
  audioLength: number;
  textStart: number;
  textLength: number;
  text: string;
  /** The word's confidence, 0..1 (ours: the embedded service's extension of spec 2.3; read only when it is a number in 0..1). */
  confidence?: number;
}

/** Unit of `audioStart`/`audioLength` in new-method markers. */
export type MarkerUnit = 'seconds' | 'milliseconds' | 'auto';

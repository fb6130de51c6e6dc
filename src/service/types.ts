/** Shared types of the embedded dictation service. */
import type { WordMarker } from '../markers/model.js';
import type { DictationFault } from './faults/index.js';

/** One recognized word, as an engine reports it (times relative to the audio start). */
export interface RecognizedWord {
  /** Lower- or mixed-case word, already normalized (no `(2)` variants, no fillers). */
  word: string;
  startMs: number;
  endMs: number;
  /** 0..1. */
  confidence: number;
}

/** What an engine returns for one audio file. */
export interface Recognition {
  words: RecognizedWord[];
  /** End of the last speech, or of the recognizer's final silence; used for the final punctuation marker. */
  endMs: number;
  /** Scripted engine only: a permanent fault applied when the dictation is rendered. */
  fault?: DictationFault;
}

export interface RecognizeOptions {
  signal?: AbortSignal;
  /** Duration of the audio in ms (16 kHz mono 16-bit WAV). */
  durationMs: number;
}

/** A speech recognizer. `audioPath` is always a 16 kHz mono signed 16-bit WAV file. */
export interface Engine {
  readonly name: string;
  /** Throws E_ENGINE with an actionable message when the engine cannot run (binary or model missing). */
  check(): Promise<void>;
  recognize(audioPath: string, options: RecognizeOptions): Promise<Recognition>;
  /** Get ready for the first recognition now (start recognizer processes, load models); called once the service has checked the engine. */
  warm?(): void;
  /** Release what the engine holds (recognizer processes); called when the service closes. */
  close?(): Promise<void>;
}


/** A finished transcript with markers (what a dictation job produces). */
export interface TranscriptResult {
  /** Recognized transcript, sentence case, final punctuation. */
  text: string;
  /** Transcript after the profile's substitutions (equals text without rules). */
  substitutedText: string;
  /** Markers indexing into substitutedText (the one marker shape of src/markers). */
  markers: WordMarker[];
  /** Mean word confidence, 0..1. */
  confidence: number;
}

/** A substitution rule of a profile (public notes: literal whole-word or regular expression). */
export type SubstitutionRule =
  | { kind: 'literal'; from: string; to: string }
  | { kind: 'regex'; pattern: string; flags?: string; to: string };

export interface Profile {
  name: string;
  substitutions: SubstitutionRule[];
}

/**
 * A recording's timed transcript (`transcripts/<source>.json`): every word of the transcript with
 * its times, text offsets and flags, and the phrases the words group into. Pure: built from the
 * dictation result (or the reference's, with a reference transcript) the clips were planned on.
 */
import { addFlag, groupPhrases, isPunctuation, wordFlags } from '../markers/index.js';
import type { DictationResult, PhraseLimits } from '../markers/index.js';

export const TIMED_VERSION = 1;

/** One word: its text, its place in the transcript and in the audio. */
export interface TimedWord {
  text: string;
  /** Start and end in the audio, whole ms; null for a reference word that could not be placed. */
  startMs: number | null;
  endMs: number | null;
  /** Offset and length of the word in `transcript` (UTF-16 code units, as the markers give them). */
  textStart: number;
  textLength: number;
  /**
   * Space-separated flag tokens as the manifest writes them (`short-word`, `long-word`, `rate-outlier`, `utterance`, `unaligned`); empty
   * when clean.
   */
  flags: string;
  /**
   * The calibrated probability that the word's clip holds it with both edges within 50 ms (absent when unknown, e.g. a word without audio).
   */
  confidence?: number;
}

/** One phrase: consecutive words closed by a sentence end, a pause or the phrase length limit. */
export interface TimedPhrase {
  /** The transcript from the phrase's first word to its last token (trailing punctuation included). */
  text: string;
  startMs: number;
  endMs: number;
  textStart: number;
  textLength: number;
  /** Indexes into `words` of its first and last word. */
  firstWord: number;
  lastWord: number;
}

/** The content of `transcripts/<source>.json`. */
export interface TimedTranscript {
  version: typeof TIMED_VERSION;
  source: string;
  /** `dictation`: the recognizer's words; `reference`: the reference transcript's words (`--transcripts`). */
  wordsFrom: 'dictation' | 'reference';
  /** The text the offsets index into. */
  transcript: string;
  /** The recording's duration in whole ms (its last whole millisecond). */
  durationMs: number;
  words: TimedWord[];
  phrases: TimedPhrase[];
}

/** What a timed transcript is built from. */
export interface TimedInput {
  source: string;
  result: DictationResult;
  durationMs: number;
  /** The run's phrase limits (`maxGapMs`, `maxPhraseMs`): phrases group as phrase-mode clips do. */
  limits: PhraseLimits;
  /** With a reference: the text offsets of the words flagged `unaligned`, and of those left without times. */
  reference?: { unaligned: readonly number[]; unplaced: readonly number[] } | undefined;
  /** Per word with audio, by text offset, its confidence. @default none */
  confidence?: ReadonlyMap<number, number> | undefined;
}

/** The timed transcript of a dictation (or reference) result. */
export function timedTranscript(input: TimedInput): TimedTranscript {
  const { result } = input;
  const flags = wordFlags(result);
  const unaligned = new Set(input.reference?.unaligned ?? []);
  const unplaced = new Set(input.reference?.unplaced ?? []);
  const wordAt = new Map<number, number>(); // marker index → word index
  const words: TimedWord[] = [];
  for (const [i, marker] of result.markers.entries()) {
    if (isPunctuation(marker.text)) continue;
    wordAt.set(i, words.length);
    const placed = !unplaced.has(marker.textStart);
    const flag = unaligned.has(marker.textStart) ? addFlag(flags[i]!, 'unaligned') : flags[i]!;
    words.push({
      text: marker.text, startMs: placed ? marker.startMs : null, endMs: placed ? marker.endMs : null,
      textStart: marker.textStart, textLength: marker.textLength, flags: placed ? flag : 'unaligned',
      ...(placed && input.confidence?.has(marker.textStart) === true ? { confidence: input.confidence.get(marker.textStart)! } : {}),
    });
  }
  const phrases = groupPhrases(result.markers, input.limits).map((group): TimedPhrase => {
    const first = result.markers[group.first]!;
    const last = result.markers[group.last]!;
    const textLength = last.textStart + last.textLength - first.textStart;
    return {
      text: result.transcript.slice(first.textStart, first.textStart + textLength), startMs: group.startMs, endMs: group.endMs,
      textStart: first.textStart, textLength, firstWord: wordAt.get(group.first)!, lastWord: wordAt.get(group.lastWord)!,
    };
  });
  return {
    version: TIMED_VERSION, source: input.source, wordsFrom: input.reference === undefined ? 'dictation' : 'reference',
    transcript: result.transcript, durationMs: input.durationMs, words, phrases,
  };
}

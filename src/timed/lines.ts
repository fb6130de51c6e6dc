/**
 * The lines of a timed transcript's text (a poem's lines, a script's one sentence per line): the
 * words each line holds and the time they span. Subtitle cues keep them as boundaries (cues.ts,
 * `lineBreaks`) and the TextGrid has a tier of them (textgrid.ts). Pure.
 */
import type { TimedTranscript } from './model.js';

/**
 * How subtitle cues treat the text's line breaks: `keep` them as cue boundaries, `ignore` them, or `auto`: keep them when {@link
 * hasShortLines}.
 */
export const LINE_BREAK_MODES = ['auto', 'keep', 'ignore'] as const;
export type LineBreakMode = (typeof LINE_BREAK_MODES)[number];

/** Lines whose median length (characters, non-empty lines) is at most this are short: verse, a script's lines. */
export const SHORT_LINE_CHARS = 60;

/** One line of the text that holds a word. */
export interface TextLine {
  /** The line, trimmed. */
  text: string;
  /** Offset and length of the line (untrimmed, without its line break) in the transcript. */
  textStart: number;
  textLength: number;
  /** The span of its placed words, whole ms; null when none is placed. */
  startMs: number | null;
  endMs: number | null;
  /** Indexes into the transcript's `words` of its first and last word. */
  firstWord: number;
  lastWord: number;
}

/** The lines of `timed.transcript` (split at `\n`, `\r\n` or `\r`) that hold at least one word, in order. */
export function textLines(timed: Pick<TimedTranscript, 'transcript' | 'words'>): TextLine[] {
  const out: TextLine[] = [];
  let w = 0;
  for (const match of timed.transcript.matchAll(/[^\r\n]*/g)) {
    const textStart = match.index;
    const textEnd = textStart + match[0].length;
    while (w < timed.words.length && timed.words[w]!.textStart < textStart) w++;
    const first = w;
    let startMs: number | null = null;
    let endMs: number | null = null;
    for (; w < timed.words.length && timed.words[w]!.textStart < textEnd; w++) {
      const word = timed.words[w]!;
      if (word.startMs === null || word.endMs === null) continue;
      startMs = startMs === null ? word.startMs : Math.min(startMs, word.startMs);
      endMs = endMs === null ? word.endMs : Math.max(endMs, word.endMs);
    }
    if (w > first)
      out.push({ text: match[0].trim(), textStart, textLength: match[0].length, startMs, endMs, firstWord: first, lastWord: w - 1 });
  }
  return out;
}

/** True when the text has two lines or more and the median length of its non-empty lines is at most {@link SHORT_LINE_CHARS}. */
export function hasShortLines(transcript: string): boolean {
  const lengths = transcript.split(/\r\n|\r|\n/).map((line) => line.trim().length).filter((n) => n > 0).sort((a, b) => a - b);
  if (lengths.length < 2) return false;
  const mid = Math.floor(lengths.length / 2);
  const median = lengths.length % 2 === 1 ? lengths[mid]! : (lengths[mid - 1]! + lengths[mid]!) / 2;
  return median <= SHORT_LINE_CHARS;
}

/** Whether cues of `timed` keep its line breaks under `mode` (`auto`: a reference transcript with short lines). */
export function keepsLineBreaks(timed: Pick<TimedTranscript, 'transcript' | 'wordsFrom'>, mode: LineBreakMode | undefined): boolean {
  if (mode === 'keep') return true;
  if (mode === 'ignore') return false;
  return timed.wordsFrom === 'reference' && hasShortLines(timed.transcript);
}

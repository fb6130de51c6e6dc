/**
 * Subtitle cues of a timed transcript, and the two cue formats (WebVTT, SubRip).
 *
 * - `word`: one cue per placed word, over its own span.
 * - `phrase`: one cue per phrase, from its first word's start to its last word's end, its text on
 *   one line — as whisperX writes its segments once they are split into sentences after word
 *   alignment (our phrases close at a sentence end, and also at a pause of `maxGapMs` or past
 *   `maxPhraseMs`, as phrase-mode clips do).
 *
 * Empty spans (a word the recognizer gave no audio) give no cue; cues keep transcript order.
 */
import { clockTime } from './clock.js';
import type { TimedTranscript } from './model.js';

export const SUBTITLE_LEVELS = ['word', 'phrase'] as const;
export type SubtitleLevel = (typeof SUBTITLE_LEVELS)[number];

/** One subtitle cue: text over a span of the recording, whole ms. */
export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
}

/** One line of cue text: whitespace runs as one space, and no `-->` that could end the timing line's meaning. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/-->/g, '->');
}

/** The cues of `timed` at `level`. */
export function subtitleCues(timed: TimedTranscript, level: SubtitleLevel): Cue[] {
  const spans = level === 'word' ? timed.words : timed.phrases;
  const cues: Cue[] = [];
  for (const span of spans) {
    if (span.startMs === null || span.endMs === null || span.endMs <= span.startMs) continue;
    const text = oneLine(span.text);
    if (text !== '') cues.push({ startMs: span.startMs, endMs: span.endMs, text });
  }
  return cues;
}

/** A WebVTT file: the header, then each cue's timing line and its text (`&`, `<`, `>` escaped). */
export function toWebVtt(cues: readonly Cue[]): string {
  const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return ['WEBVTT\n', ...cues.map((c) => `${clockTime(c.startMs)} --> ${clockTime(c.endMs)}\n${escape(c.text)}\n`)].join('\n');
}

/** A SubRip file: numbered cues from 1, times with a decimal comma, a blank line after each. */
export function toSubRip(cues: readonly Cue[]): string {
  return cues.map((c, i) => `${i + 1}\n${clockTime(c.startMs, ',')} --> ${clockTime(c.endMs, ',')}\n${c.text}\n\n`).join('');
}

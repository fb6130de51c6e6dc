/**
 * Subtitle cues of a timed transcript, and the two cue formats (WebVTT, SubRip).
 *
 * - `word`: one cue per placed word, over its own span.
 * - `phrase`: one cue per phrase, from its first word's start to its last word's end, its text on
 *   one line — as whisperX writes its segments once they are split into sentences after word
 *   alignment (our phrases close at a sentence end, and also at a pause of `maxGapMs` or past
 *   `maxPhraseMs`, as phrase-mode clips do).
 * - `highlight`: the phrase cues, each as one cue per word with that word underlined (highlight.ts).
 *
 * With `lineBreaks` kept (lines.ts: by default for a reference transcript with short lines, a poem or
 * a script) a phrase cue never runs across a line break of the text: each line of it is a cue of its own.
 * With `maxLineWidth` the text is wrapped into lines, and with `maxLines` a phrase needing more
 * lines becomes several cues (wrap.ts), each from its first placed word's start to the latest end
 * of its words. Empty spans (a word the recognizer gave no audio) give no cue; cues keep transcript order.
 */
import { clockTime } from './clock.js';
import { ownedText } from './cue-text.js';
import type { Cue, OwnedText, OwnedWord } from './cue-text.js';
import { highlightCues } from './highlight.js';
import type { TimedTranscript, TimedWord } from './model.js';
import { keepsLineBreaks, textLines } from './lines.js';
import type { LineBreakMode, TextLine } from './lines.js';
import { appendLines, wrapCueText } from './wrap.js';

export type { Cue } from './cue-text.js';

export const SUBTITLE_LEVELS = ['word', 'phrase', 'highlight'] as const;
export type SubtitleLevel = (typeof SUBTITLE_LEVELS)[number];

/** How the cues are made: their level, and the optional line wrapping (see the module comment). */
export interface CueOptions {
  level: SubtitleLevel;
  /**
   * Whether a phrase cue may run across a line break of the text (lines.ts): `auto` keeps them for a reference with short lines. @default
   * 'auto'
   */
  lineBreaks?: LineBreakMode | undefined;
  /** Characters per line (Unicode code points); undefined: one line per cue. */
  maxLineWidth?: number | undefined;
  /** With `maxLineWidth`: lines per cue, more split the cue; undefined: no limit. */
  maxLines?: number | undefined;
}

/** A span to make cues of: its times, its text and its words' places in that text. */
interface Span {
  startMs: number | null;
  endMs: number | null;
  text: string;
  words: OwnedWord[];
}

function spans(timed: TimedTranscript, level: SubtitleLevel, lineBreaks: boolean): Span[] {
  if (level === 'word')
    return timed.words.map((w, index) => ({
      startMs: w.startMs,
      endMs: w.endMs,
      text: w.text,
      words: [{ index, start: 0, length: w.text.length }],
    }));
  const lines = lineBreaks ? textLines(timed) : [];
  return timed.phrases.flatMap((p) => {
    const words: OwnedWord[] = [];
    for (let index = p.firstWord; index <= p.lastWord; index++) {
      const word = timed.words[index];
      if (word !== undefined) words.push({ index, start: word.textStart - p.textStart, length: word.textLength });
    }
    const span = { startMs: p.startMs, endMs: p.endMs, text: p.text, words };
    return lineBreaks && /[\r\n]/.test(p.text) ? byLine(span, p.textStart, lines, timed.words) : [span];
  });
}

/** A phrase's span cut at the text's line breaks: one span per line it runs over, timed by that line's placed words. */
function byLine(span: Span, textStart: number, lines: readonly TextLine[], words: readonly TimedWord[]): Span[] {
  const end = textStart + span.text.length;
  const out: Span[] = [];
  for (const line of lines) {
    const from = Math.max(textStart, line.textStart);
    const to = Math.min(end, line.textStart + line.textLength);
    if (to <= from) continue;
    const inLine = span.words.filter((w) => w.start + textStart >= from && w.start + textStart < to);
    if (inLine.length === 0) continue;
    let startMs: number | null = null;
    let endMs: number | null = null;
    for (const w of inLine) {
      const word = words[w.index];
      if (word === undefined || word.startMs === null || word.endMs === null) continue;
      startMs = Math.min(startMs ?? word.startMs, word.startMs);
      endMs = Math.max(endMs ?? word.endMs, word.endMs);
    }
    out.push({
      startMs,
      endMs,
      text: span.text.slice(from - textStart, to - textStart),
      words: inLine.map((w) => ({ ...w, start: w.start + textStart - from })),
    });
  }
  return out;
}

/** The span of the placed words of `owned`, or undefined when none has a time of non-zero length. */
function wordsSpan(owned: OwnedText, words: readonly TimedWord[]): { startMs: number; endMs: number } | undefined {
  let span: { startMs: number; endMs: number } | undefined;
  for (const owner of new Set(owned.owners)) {
    const word = words[owner];
    if (word === undefined || word.startMs === null || word.endMs === null || word.endMs <= word.startMs) continue;
    span = { startMs: Math.min(span?.startMs ?? word.startMs, word.startMs), endMs: Math.max(span?.endMs ?? word.endMs, word.endMs) };
  }
  return span;
}

/** The texts of a split span with their times; a text without a placed word joins the one before (the first, the one after). */
function timedPieces(pieces: readonly OwnedText[], words: readonly TimedWord[]): { startMs: number; endMs: number; owned: OwnedText }[] {
  const out: { startMs: number; endMs: number; owned: OwnedText }[] = [];
  let waiting: OwnedText | undefined; // pieces before the first placed word
  for (const piece of pieces) {
    const span = wordsSpan(piece, words);
    const last = out.at(-1);
    if (span === undefined && last !== undefined) last.owned = appendLines(last.owned, piece);
    else if (span === undefined) waiting = waiting === undefined ? piece : appendLines(waiting, piece);
    else {
      out.push({ ...span, owned: waiting === undefined ? piece : appendLines(waiting, piece) });
      waiting = undefined;
    }
  }
  return out;
}

/** The cues of `timed`. */
export function subtitleCues(timed: TimedTranscript, options: CueOptions): Cue[] {
  const { level, maxLineWidth, maxLines } = options;
  const cues: Cue[] = [];
  for (const span of spans(timed, level, keepsLineBreaks(timed, options.lineBreaks))) {
    if (span.startMs === null || span.endMs === null || span.endMs <= span.startMs) continue;
    const owned = ownedText(span.text, span.words);
    if (owned.text === '') continue;
    const pieces = wrapCueText(owned, maxLineWidth, maxLines);
    const split = pieces.length > 1 ? timedPieces(pieces, timed.words) : [];
    const timedOnes = split.length > 0 ? split : [{ startMs: span.startMs, endMs: span.endMs, owned: pieces.reduce(appendLines) }];
    for (const piece of timedOnes) {
      if (level === 'highlight') cues.push(...highlightCues(piece, piece.owned, timed.words));
      else cues.push({ startMs: piece.startMs, endMs: piece.endMs, text: piece.owned.text });
    }
  }
  return cues;
}

/** `text` with its `underline` part between `<u>` and `</u>` (valid in WebVTT and SubRip), each part through `escape`. */
function marked(cue: Cue, escape: (text: string) => string): string {
  if (cue.underline === undefined) return escape(cue.text);
  const { start, end } = cue.underline;
  return `${escape(cue.text.slice(0, start))}<u>${escape(cue.text.slice(start, end))}</u>${escape(cue.text.slice(end))}`;
}

/** A WebVTT file: the header, then each cue's timing line and its text (`&`, `<`, `>` escaped). */
export function toWebVtt(cues: readonly Cue[]): string {
  const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return ['WEBVTT\n', ...cues.map((c) => `${clockTime(c.startMs)} --> ${clockTime(c.endMs)}\n${marked(c, escape)}\n`)].join('\n');
}

/** A SubRip file: numbered cues from 1, times with a decimal comma, a blank line after each. */
export function toSubRip(cues: readonly Cue[]): string {
  return cues
    .map((c, i) => `${i + 1}\n${clockTime(c.startMs, ',')} --> ${clockTime(c.endMs, ',')}\n${marked(c, (text) => text)}\n\n`)
    .join('');
}

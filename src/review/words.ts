/**
 * The words a person reviews, pure: a recording's timed words (from its text alignment with a
 * reference, else from the dictated transcript's markers) laid over the current text (the saved
 * correction, else that same text). The current text is split into words; a word-level diff
 * against the timed words gives each word its audio: unchanged words keep theirs, words typed over
 * others share the time of what they replaced, words only inserted get the gap they sit in.
 */
import { diffArrays } from 'diff';

/** A span of a text with the time it was heard, as markers and alignment words give it. */
export interface TimedSpan {
  textStart: number;
  textLength: number;
  /** null: not placed in the audio. */
  startMs: number | null;
  endMs: number | null;
  /** How an alignment placed it (matched, substituted, acoustic, unaligned …); absent for markers. */
  status?: string;
  /** How likely its times are right, 0–1 (the alignment's); absent or null when not known. */
  confidence?: number | null;
}

/** The text the timed words index, with them. */
export interface Baseline {
  text: string;
  spans: readonly TimedSpan[];
}

/** One word of the current text. */
export interface ReviewWord {
  text: string;
  /** Where it is in the current text. */
  textStart: number;
  textLength: number;
  startMs: number | null;
  endMs: number | null;
  /** The alignment status of the timed word it stands on ('' for markers or an inserted word). */
  status: string;
  /** True when the person typed it (it differs from the timed word at its place, or was inserted). */
  changed: boolean;
  /** The lowest confidence of the timed words it stands on; null when not known (or typed). */
  confidence: number | null;
}

interface Token {
  start: number;
  end: number;
}

const WORD_CHAR = /^[\p{L}\p{N}]$/u;

/**
 * The longest word the review shows as a word, in UTF-16 code units (a run of non-space characters
 * counts after its edge punctuation is stripped). A longer one (a pasted blob, a hostile
 * `a!!!…!a`) stays in the text as it is, but is no word: not timed, not listed, not editable as a
 * word; the text around it can still be corrected. Every scan here is linear in the text.
 */
export const MAX_WORD_LENGTH = 1000;

/** The code point at `i` of `text` as a string (both halves of a surrogate pair). */
function charAt(text: string, i: number): string {
  const code = text.codePointAt(i)!;
  return code > 0xffff ? text.slice(i, i + 2) : text[i]!;
}

/**
 * The words of a text: runs of non-space characters, without the punctuation at their edges
 * ("today." → "today", "(well," → "well"); runs with no letter or digit are punctuation, not words,
 * and so are those longer than {@link MAX_WORD_LENGTH}.
 */
export function wordSpans(text: string): Token[] {
  const out: Token[] = [];
  for (const match of text.matchAll(/\S+/gu)) {
    const run = match[0];
    let first = -1;
    let end = -1;
    for (let i = 0; i < run.length;) {
      const char = charAt(run, i);
      if (WORD_CHAR.test(char)) {
        if (first < 0) first = i;
        end = i + char.length;
      }
      i += char.length;
    }
    if (first < 0 || end - first > MAX_WORD_LENGTH) continue;
    out.push({ start: match.index + first, end: match.index + end });
  }
  return out;
}

/** How many whitespace code units end at `end` of `text` (scanning back from it). */
function spaceBefore(text: string, end: number): number {
  let i = end;
  while (i > 0 && /\s/u.test(text[i - 1]!)) i--;
  return end - i;
}

/** How many whitespace code units start at `start` of `text`. */
function spaceAfter(text: string, start: number): number {
  let i = start;
  while (i < text.length && /\s/u.test(text[i]!)) i++;
  return i - start;
}

/** The lowest known confidence of `spans`, null when none is known. */
function lowest(spans: readonly TimedSpan[]): number | null {
  let low: number | null = null;
  for (const s of spans) if (typeof s.confidence === 'number' && (low === null || s.confidence < low)) low = s.confidence;
  return low;
}

/** The time at character `c` of a span, linear over its characters. */
function timeAt(span: TimedSpan & { startMs: number; endMs: number }, c: number): number {
  const f = span.textLength <= 0 ? 0 : Math.min(1, Math.max(0, (c - span.textStart) / span.textLength));
  return Math.round(span.startMs + f * (span.endMs - span.startMs));
}

/**
 * The words of the baseline text with the time of the spans they overlap: a word that is one span
 * gets its time exactly, a span over several words is shared by character position.
 */
export function timedWords(baseline: Baseline): ReviewWord[] {
  const spans = [...baseline.spans].filter((s) => s.textLength > 0).sort((a, b) => a.textStart - b.textStart);
  let first = 0;
  return wordSpans(baseline.text).map((t) => {
    while (first < spans.length && spans[first]!.textStart + spans[first]!.textLength <= t.start) first += 1;
    const over: TimedSpan[] = [];
    for (let i = first; i < spans.length && spans[i]!.textStart < t.end; i += 1) over.push(spans[i]!);
    const timed = over.filter((s): s is TimedSpan & { startMs: number; endMs: number } => s.startMs !== null && s.endMs !== null);
    const a = timed[0];
    const b = timed[timed.length - 1];
    return {
      text: baseline.text.slice(t.start, t.end), textStart: t.start, textLength: t.end - t.start,
      startMs: a === undefined ? null : timeAt(a, t.start), endMs: b === undefined ? null : timeAt(b, t.end),
      status: over[0]?.status ?? '', changed: false, confidence: lowest(over),
    };
  });
}

const key = (word: string): string => word.normalize('NFC').toLowerCase();

/** Split [startMs, endMs] over `words` by their length in characters. */
function share(words: ReviewWord[], startMs: number | null, endMs: number | null): void {
  if (startMs === null || endMs === null) return;
  const total = words.reduce((n, w) => n + w.textLength, 0);
  let chars = 0;
  for (const w of words) {
    w.startMs = Math.round(startMs + (endMs - startMs) * (chars / total));
    chars += w.textLength;
    w.endMs = Math.round(startMs + (endMs - startMs) * (chars / total));
  }
}

/** The first start and the last end of `words` that are placed. */
function extent(words: readonly ReviewWord[]): [number | null, number | null] {
  const placed = words.filter((w) => w.startMs !== null && w.endMs !== null);
  return [placed[0]?.startMs ?? null, placed[placed.length - 1]?.endMs ?? null];
}

/** Give the typed words `typed` the audio of the timed words `removed` they replaced, one for one. */
function pair(typed: ReviewWord[], removed: readonly ReviewWord[]): void {
  typed.forEach((w, i) => {
    const r = removed[i]!;
    Object.assign(w, { startMs: r.startMs, endMs: r.endMs, status: r.status });
  });
}

/**
 * Lay the words `words` over the timed words `base` by a word diff (`rough`: words that share
 * their first two letters count as the same word, typed over it): the same words keep their audio;
 * a run of typed words replacing as many timed words takes theirs one for one, else (after a rough
 * pass) shares their span by characters; words only inserted get the gap they sit in
 * (`before`/`after` bound the gap at the edges).
 */
function lay(base: readonly ReviewWord[], words: ReviewWord[], rough: boolean, before: number | null, after: number | null): void {
  const keyOf = (w: ReviewWord): string => (rough ? key(w.text).slice(0, 2) : key(w.text));
  const changes = diffArrays(base.map(keyOf), words.map(keyOf), { timeout: 500 }) ?? [
    { value: base, count: base.length, added: false, removed: true },
    { value: words, count: words.length, added: true, removed: false },
  ];
  let bi = 0;
  let wi = 0;
  let removed: ReviewWord[] = [];
  for (const change of changes) {
    const n = change.count ?? change.value.length;
    if (change.removed) {
      removed = removed.concat(base.slice(bi, bi + n));
      bi += n;
    } else if (change.added) {
      const typed = words.slice(wi, wi + n);
      wi += n;
      const from = base[bi - removed.length - 1]?.endMs ?? (bi - removed.length === 0 ? before : null);
      const to = base[bi]?.startMs ?? (bi === base.length ? after : null);
      if (removed.length === typed.length) pair(typed, removed);
      else if (removed.length > 0 && !rough) lay(removed, typed, true, from, to);
      else if (removed.length > 0) share(typed, ...extent(removed));
      else if (from !== null && to !== null && to > from) share(typed, from, to);
      removed = [];
    } else {
      for (let i = 0; i < n; i += 1) {
        const b = base[bi + i]!;
        Object.assign(
          words[wi + i]!,
          { startMs: b.startMs, endMs: b.endMs, status: b.status },
          rough ? {} : { changed: false, confidence: b.confidence },
        );
      }
      bi += n;
      wi += n;
      removed = [];
    }
  }
}

/**
 * The words of `current` (the corrected text; the baseline text when nothing was corrected), each
 * with the audio of the timed word it stands on. A diff that takes too long (texts that share
 * almost nothing) counts the whole text as replaced.
 */
export function reviewWords(baseline: Baseline, current: string): ReviewWord[] {
  const words: ReviewWord[] = wordSpans(current).map((t) => ({
    text: current.slice(t.start, t.end), textStart: t.start, textLength: t.end - t.start,
    startMs: null, endMs: null, status: '', changed: true, confidence: null,
  }));
  lay(timedWords(baseline), words, false, null, null);
  return words;
}

/**
 * The text with word `index` replaced by `replacement` (whitespace collapsed; several words
 * insert several). An empty replacement removes the word with the space before it (or after it,
 * for the first word), so the punctuation around it stays where it was.
 * @returns undefined when there is no such word.
 */
export function editText(text: string, words: readonly ReviewWord[], index: number, replacement: string): string | undefined {
  const word = words[index];
  if (word === undefined) return undefined;
  const typed = replacement.trim().replace(/\s+/gu, ' ');
  let start = word.textStart;
  let end = word.textStart + word.textLength;
  if (typed === '') {
    const before = spaceBefore(text, start);
    if (before > 0 && start - before > 0) start -= before;
    else end += spaceAfter(text, end);
  }
  return text.slice(0, start) + typed + text.slice(end);
}

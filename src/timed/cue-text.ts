/**
 * The text of a cue with, for every character, the word it belongs to, so that lines can break
 * between words and a word can be underlined wherever whitespace was collapsed.
 *
 * A span's text (a word's, or a phrase's slice of the transcript) is put on one line: whitespace runs
 * become one space, the ends are trimmed, and no `-->` is left (it would read as a timing line's
 * arrow): each becomes `->`.
 */

/** One subtitle cue: text over a span of the recording, whole ms; with `underline`, the offsets in `text` of the part shown underlined. */
export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
  underline?: { start: number; end: number };
}

/** Cue text and, per UTF-16 code unit of `text`, the index of its word in `words`, or -1 (spaces, punctuation between words). */
export interface OwnedText {
  text: string;
  owners: number[];
}

/** A word's place in a span's text: its index in the transcript's `words`, offset and length in the span's text. */
export interface OwnedWord {
  index: number;
  start: number;
  length: number;
}

/** `text` on one line (see the module comment), each remaining character keeping its owner. */
export function ownedText(text: string, words: readonly OwnedWord[]): OwnedText {
  const owners = new Array<number>(text.length).fill(-1);
  for (const word of words) {
    for (let i = Math.max(0, word.start); i < Math.min(text.length, word.start + word.length); i++) owners[i] = word.index;
  }
  const chars: string[] = [];
  const kept: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (!/\s/.test(char)) {
      chars.push(char);
      kept.push(owners[i]!);
    } else if (chars.length > 0 && chars[chars.length - 1] !== ' ') {
      chars.push(' ');
      kept.push(-1);
    }
  }
  if (chars[chars.length - 1] === ' ') {
    chars.pop();
    kept.pop();
  }
  return withoutArrows(chars.join(''), kept);
}

/**
 * `text` with every run of two or more `-` before a `>` cut to its last `-` (`-->` and `--->` both
 * become `->`), each kept character keeping its owner: one pass, linear in the text (removing one
 * `-` per `-->` found from the start again was quadratic: 40,000 arrows took seconds).
 */
function withoutArrows(text: string, owners: number[]): OwnedText {
  if (!text.includes('-->')) return { text, owners };
  const parts: string[] = [];
  const kept: number[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '-') continue;
    let end = i;
    while (text[end] === '-') end++;
    if (text[end] === '>' && end - i >= 2) {
      parts.push(text.slice(from, i));
      for (let j = from; j < i; j++) kept.push(owners[j]!);
      from = end - 1;
    }
    i = end - 1;
  }
  parts.push(text.slice(from));
  for (let j = from; j < text.length; j++) kept.push(owners[j]!);
  return { text: parts.join(''), owners: kept };
}

/** The first and last+1 offsets of word `index` in `owned`, or undefined when none of it is there. */
export function wordRange(owned: OwnedText, index: number): { start: number; end: number } | undefined {
  const start = owned.owners.indexOf(index);
  return start < 0 ? undefined : { start, end: owned.owners.lastIndexOf(index) + 1 };
}

/** A piece of `owned` between two offsets, its owners with it. */
export function slice(owned: OwnedText, start: number, end: number): OwnedText {
  return { text: owned.text.slice(start, end), owners: owned.owners.slice(start, end) };
}

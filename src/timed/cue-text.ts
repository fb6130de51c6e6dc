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
  let out = '';
  const kept: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (!/\s/.test(char)) {
      out += char;
      kept.push(owners[i]!);
    } else if (out !== '' && !out.endsWith(' ')) {
      out += ' ';
      kept.push(-1);
    }
  }
  if (out.endsWith(' ')) {
    out = out.slice(0, -1);
    kept.pop();
  }
  for (let at = out.indexOf('-->'); at >= 0; at = out.indexOf('-->')) {
    out = out.slice(0, at) + out.slice(at + 1);
    kept.splice(at, 1);
  }
  return { text: out, owners: kept };
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

/**
 * Splitting a reference text into tokens with character offsets into the exact text: words (the
 * reference's own spelling, e.g. `Dr.`, `1984`, `twenty-one`, `$5`, `50%`, `U.S.A.`) and the
 * punctuation between them (`,`, `.`, `—`, `"` …). Offsets are UTF-16 indexes, as JavaScript
 * strings and the manifest's `text_start`/`text_length` count them.
 */
import { isAbbreviation, spokenForm } from './normalize.js';

/** One token of a reference text. */
export interface ReferenceToken {
  /** The token exactly as written (`text.slice(textStart, textStart + textLength)`). */
  text: string;
  textStart: number;
  textLength: number;
  /** What is said for it, lowercase tokens (`["nineteen","eighty","four"]`); `[]` for punctuation. */
  spoken: string[];
}

/** A word: letters/digits joined by inner apostrophes, hyphens, dots, commas, colons or slashes; a currency sign before, `%` after. */
const WORD = /[$£€#]?[\p{L}\p{N}\p{M}]+(?:['’\-.,:/][\p{L}\p{N}\p{M}]+)*%?/uy;
/** Symbols said as words when they stand alone (`&` → and). */
const SYMBOL = /[&%@+=]/uy;
/** Dotted initials without their last dot (`U.S` of `U.S.`). */
const INITIALS = /^(?:\p{L}\.)+\p{L}$/u;

/**
 * The tokens of `text` in order. Whitespace separates tokens and belongs to none; a word's closing
 * dot is part of it only for known abbreviations (`Dr.`, `etc.`) and initials (`U.S.A.`), so a
 * sentence's full stop stays punctuation. Every character other than whitespace belongs to exactly one token.
 */
export function tokenize(text: string): ReferenceToken[] {
  const tokens: ReferenceToken[] = [];
  let i = 0;
  let punctStart = -1;
  const flushPunct = (end: number): void => {
    if (punctStart < 0) return;
    tokens.push({ text: text.slice(punctStart, end), textStart: punctStart, textLength: end - punctStart, spoken: [] });
    punctStart = -1;
  };
  while (i < text.length) {
    const ch = text.charCodeAt(i);
    if (isSpace(ch)) {
      flushPunct(i);
      i += 1;
      continue;
    }
    WORD.lastIndex = i;
    let match = WORD.exec(text);
    let word = match?.[0];
    if (word === undefined) {
      SYMBOL.lastIndex = i;
      match = SYMBOL.exec(text);
      const symbol = match?.[0];
      if (symbol !== undefined && standsAlone(text, i, symbol.length)) word = symbol;
    }
    if (word === undefined) {
      if (punctStart < 0) punctStart = i;
      i += text.codePointAt(i)! > 0xffff ? 2 : 1;
      continue;
    }
    flushPunct(i);
    if (text[i + word.length] === '.' && (INITIALS.test(word) || isAbbreviation(`${word}.`))) word += '.';
    tokens.push({ text: word, textStart: i, textLength: word.length, spoken: spokenForm(word) });
    i += word.length;
  }
  flushPunct(text.length);
  return tokens;
}

function isSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0xa0 || code === 0x2028 || code === 0x2029 || code === 0xfeff
    || (code >= 0x2000 && code <= 0x200a) || code === 0x3000 || code === 0x202f || code === 0x205f || code === 0x1680;
}

/** True when the symbol at `at` has whitespace (or the text's edge) on both sides. */
function standsAlone(text: string, at: number, length: number): boolean {
  const before = at === 0 ? 0x20 : text.charCodeAt(at - 1);
  const after = at + length >= text.length ? 0x20 : text.charCodeAt(at + length);
  return isSpace(before) && isSpace(after);
}

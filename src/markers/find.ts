/**
 * Phrase search over word markers (`--find`): a phrase matches consecutive word markers,
 * case-insensitively, with punctuation markers skipped and punctuation ignored on both sides.
 */
import { isPunctuation } from './model.js';
import type { WordMarker } from './model.js';

/** One occurrence of a phrase, as marker indexes (context words included). */
export interface FindMatch {
  /** Index of the searched phrase in the list given to {@link findPhrases}. */
  phrase: number;
  /** Index of the first word marker of the clip (after widening by context words). */
  first: number;
  /** Index of the last word marker of the clip. */
  last: number;
}

/** Splits words into comparable parts: whitespace, dashes and slashes separate. */
const SEPARATORS = /[\s\-\u2010-\u2015/\\]+/u;
/** Everything that is neither a letter, a digit nor a combining mark is ignored inside a part. */
const IGNORED = /[^\p{L}\p{N}\p{M}]/gu;

/** The comparable parts of a word or a phrase: `"Follow-up, O'Neil!"` → `["follow", "up", "oneil"]`. */
export function phraseParts(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().split(SEPARATORS)
    .map((part) => part.replace(IGNORED, ''))
    .filter((part) => part !== '');
}

/** True when a phrase has something to search for (not empty, not only punctuation or spaces). */
export function isSearchablePhrase(phrase: string): boolean {
  return phraseParts(phrase).length > 0;
}

/**
 * Every occurrence of every phrase among `markers`. Matches cover whole words: a phrase starts at
 * a word's first part and ends at a word's last part; punctuation markers between the words are
 * skipped. Overlapping occurrences are all reported. Each match is widened by `contextWords`
 * word markers on each side (never past the first or last word). Matches are sorted by first,
 * then last marker; an identical span found by several phrases is kept once (the first phrase).
 * @returns The matches and, per phrase, how many times it occurred.
 */
export function findPhrases(
  markers: readonly WordMarker[],
  phrases: readonly string[],
  contextWords = 0,
): { matches: FindMatch[]; counts: number[] } {
  const words: number[] = []; // marker index of each word marker
  const parts: string[] = [];
  const owner: number[] = []; // position in `words` of each part
  const firstPart: boolean[] = [];
  for (const [index, marker] of markers.entries()) {
    if (isPunctuation(marker.text)) continue;
    const own = phraseParts(marker.text);
    if (own.length === 0) continue;
    own.forEach((part, k) => {
      parts.push(part);
      owner.push(words.length);
      firstPart.push(k === 0);
    });
    words.push(index);
  }
  const counts = phrases.map(() => 0);
  const seen = new Set<string>();
  const matches: FindMatch[] = [];
  phrases.forEach((phrase, p) => {
    const query = phraseParts(phrase);
    if (query.length === 0) return;
    for (let at = 0; at + query.length <= parts.length; at++) {
      if (!firstPart[at]) continue;
      const end = at + query.length; // exclusive
      if (end < parts.length && !firstPart[end]) continue; // must end at a word's last part
      if (!query.every((part, k) => parts[at + k] === part)) continue;
      counts[p] = (counts[p] ?? 0) + 1;
      const firstWord = Math.max(0, owner[at]! - contextWords);
      const lastWord = Math.min(words.length - 1, owner[end - 1]! + contextWords);
      const match = { phrase: p, first: words[firstWord]!, last: words[lastWord]! };
      const key = `${match.first}:${match.last}`;
      if (seen.has(key)) continue;
      seen.add(key);
      matches.push(match);
    }
  });
  matches.sort((a, b) => a.first - b.first || a.last - b.last);
  return { matches, counts };
}

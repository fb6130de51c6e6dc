/**
 * Which transcript old-method text pairs index. Spec 2.6 says "the final transcription"; the text
 * statistics carry both `Transcription` and `SubstitutedText`, which differ once a profile's
 * substitutions changed the text. The pairs carry no text of their own, so the choice rests on
 * where they land: a real token is non-empty, inside the text, and starts and ends at token
 * boundaries (text edge, white space or punctuation).
 */
import { parseNumberList } from './old-method.js';

const BOUNDARY = /[\s\p{P}]/u;

/**
 * The candidate (first wins ties, so list the preferred one first) on which the most
 * `WordTextMarkers` pairs land on whole tokens. Undefined and duplicate candidates are skipped.
 * Returns the first defined candidate when the list cannot be parsed (decoding reports that).
 */
export function chooseOldTranscript(wordTextMarkers: string, candidates: readonly (string | undefined)[]): string {
  const unique = [...new Set(candidates.filter((c): c is string => c !== undefined))];
  const first = unique[0] ?? '';
  if (unique.length < 2) return first;
  let pairs: number[];
  try {
    pairs = parseNumberList(wordTextMarkers);
  } catch {
    return first;
  }
  let best = first;
  let bestScore = -1;
  for (const candidate of unique) {
    const score = tokenScore(pairs, candidate);
    if (score > bestScore) [best, bestScore] = [candidate, score];
  }
  return best;
}

/** How many (start, inclusive end) pairs fall on whole tokens of `text`. */
function tokenScore(pairs: readonly number[], text: string): number {
  let score = 0;
  for (let k = 0; k + 1 < pairs.length; k += 2) {
    const start = pairs[k]!;
    const end = pairs[k + 1]!;
    if (!(start >= 0 && end >= start && end < text.length)) continue;
    const token = text.slice(start, end + 1);
    if (token.trim() !== token) continue;
    const before = start === 0 || BOUNDARY.test(text[start - 1]!) || BOUNDARY.test(token[0]!);
    const after = end + 1 === text.length || BOUNDARY.test(text[end + 1]!) || BOUNDARY.test(token.at(-1)!);
    if (before && after) score += 1;
  }
  return score;
}

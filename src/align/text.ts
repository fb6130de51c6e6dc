/**
 * Text alignment of reference words to recognized words: both sides are spoken tokens (see
 * src/reference/normalize.ts), aligned in linear memory (src/align/edit.ts); a reference word
 * takes the audio of the recognized tokens aligned to its own tokens. A recognized word said as
 * one token (the usual case) gives its marker's times to the millisecond; a recognized word of
 * several tokens ("1984" heard as one word) shares its span among its tokens by their length.
 */
import { alignTokens, internTokens } from './edit.js';
import type { AlignStats } from './edit.js';

export type { AlignStats };

/** A recognized word: its spoken tokens and its marker's times. */
export interface RecognizedWord {
  spoken: readonly string[];
  startMs: number;
  endMs: number;
}

/**
 * How a reference word was placed: `matched` (every token heard as written), `substituted`
 * (aligned to recognized tokens, not all equal), `unheard` (no recognized token aligned to it).
 */
export type TextPlacement = 'matched' | 'substituted' | 'unheard';

/** One reference word after text alignment; times only when it is not `unheard`. */
export interface TextAlignedWord {
  placement: TextPlacement;
  startMs?: number;
  endMs?: number;
  /** Indexes of the first and last recognized words whose tokens it took. */
  recognized?: [number, number];
}

/** Agreement between the recognizer and the reference. */
export interface Agreement {
  /** Reference words (with something to say). */
  words: number;
  matched: number;
  substituted: number;
  /** Reference words the recognizer produced nothing for. */
  unheard: number;
  /** Recognized words that are in no reference word (fillers, asides). */
  extra: number;
  /** Word error rate of the recognizer against the reference, over spoken tokens: (S + D + I) / N, 0 when N = 0. */
  wer: number;
}

/** The result of {@link alignText}. */
export interface TextAlignment {
  words: TextAlignedWord[];
  agreement: Agreement;
  stats: AlignStats;
}

/**
 * Align reference words (each its spoken tokens; `[]` = nothing to say, never placed) to the
 * recognized words in order.
 */
export function alignText(reference: readonly (readonly string[])[], recognized: readonly RecognizedWord[]): TextAlignment {
  const refTokens = reference.flat();
  const recTokens = recognized.flatMap((word) => word.spoken);
  const { ref: a, rec: b, alike, onset } = internTokens(refTokens, recTokens);
  const stats: AlignStats = { cells: 0, peakCells: 0 };
  const toRec = alignTokens(a, b, stats, alike, onset);
  const spans = tokenSpans(recognized);
  const recUsed = new Uint8Array(recognized.length);
  const words: TextAlignedWord[] = [];
  let substitutions = 0;
  let deletions = 0;
  let aligned = 0;
  let first = 0;
  const counts = { words: 0, matched: 0, substituted: 0, unheard: 0 };
  for (const spoken of reference) {
    const last = first + spoken.length;
    let startMs = Infinity;
    let endMs = -Infinity;
    let equal = 0;
    let hit = 0;
    let recFirst = -1;
    let recLast = -1;
    for (let t = first; t < last; t++) {
      const r = toRec[t]!;
      if (r < 0) {
        deletions++;
        continue;
      }
      hit++;
      aligned++;
      if (a[t] === b[r]) equal++;
      else substitutions++;
      startMs = Math.min(startMs, spans.start[r]!);
      endMs = Math.max(endMs, spans.end[r]!);
      const w = spans.word[r]!;
      recUsed[w] = 1;
      if (recFirst < 0) recFirst = w;
      recLast = w;
    }
    first = last;
    if (spoken.length === 0) {
      words.push({ placement: 'unheard' });
      continue;
    }
    counts.words++;
    if (hit === 0) {
      counts.unheard++;
      words.push({ placement: 'unheard' });
      continue;
    }
    const placement = equal === spoken.length ? 'matched' : 'substituted';
    counts[placement]++;
    words.push({ placement, startMs, endMs, recognized: [recFirst, recLast] });
  }
  const insertions = recTokens.length - aligned;
  const extra = recognized.reduce((n, word, i) => n + (recUsed[i] === 0 && word.spoken.length > 0 ? 1 : 0), 0);
  const wer = refTokens.length === 0 ? 0 : (substitutions + deletions + insertions) / refTokens.length;
  return { words, agreement: { ...counts, extra, wer }, stats };
}

/** Per recognized token: its word and its share of the word's span (by token length; the whole span for a one-token word). */
function tokenSpans(recognized: readonly RecognizedWord[]): { word: Int32Array; start: Float64Array; end: Float64Array } {
  const total = recognized.reduce((n, word) => n + word.spoken.length, 0);
  const word = new Int32Array(total);
  const start = new Float64Array(total);
  const end = new Float64Array(total);
  let t = 0;
  for (const [w, rec] of recognized.entries()) {
    const chars = rec.spoken.reduce((n, token) => n + token.length, 0);
    let before = 0;
    for (const token of rec.spoken) {
      const length = rec.endMs - rec.startMs;
      word[t] = w;
      start[t] = rec.startMs + Math.round((length * before) / chars);
      before += token.length;
      end[t] = rec.startMs + Math.round((length * before) / chars);
      t++;
    }
  }
  return { word, start, end };
}

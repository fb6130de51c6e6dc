import { isPunctuation, SENTENCE_END } from './model.js';
import type { WordMarker } from './model.js';

/** A group of consecutive markers forming one phrase, as indexes into the marker list. */
export interface PhraseGroup {
  /** Index of the first token (always a word). */
  first: number;
  /** Index of the last word: the phrase's audio ends at this marker's end. */
  lastWord: number;
  /** Index of the last token, including trailing punctuation: the phrase's text ends here. */
  last: number;
  /** Start of the first word, ms. */
  startMs: number;
  /** End of the last word (the latest word end), ms. */
  endMs: number;
}

/** Phrase limits, in ms. */
export interface PhraseLimits {
  maxGapMs: number;
  maxPhraseMs: number;
}

/** True when a punctuation token closes a sentence (`.`, `!`, `?`, also within e.g. `?!` or `...`). */
export function closesSentence(text: string): boolean {
  return [...text].some((ch) => SENTENCE_END.has(ch));
}

/**
 * Group markers into phrases. Punctuation joins the open phrase (its audio excluded) and a
 * sentence end closes it; punctuation with no open phrase (leading, or right after a close) is
 * dropped. A word opens a new phrase when the pause since the previous marker is ≥ `maxGapMs`,
 * or when adding it would make the phrase longer than `maxPhraseMs` (a single longer word still
 * forms its own phrase).
 */
export function groupPhrases(markers: readonly WordMarker[], limits: PhraseLimits): PhraseGroup[] {
  const groups: PhraseGroup[] = [];
  let open: PhraseGroup | undefined;
  const close = (): void => {
    if (open !== undefined) groups.push(open);
    open = undefined;
  };
  for (const [index, marker] of markers.entries()) {
    if (isPunctuation(marker.text)) {
      if (open === undefined) continue;
      open.last = index;
      if (closesSentence(marker.text)) close();
      continue;
    }
    if (open !== undefined) {
      const previous = markers[index - 1];
      const gap = previous === undefined ? 0 : marker.startMs - previous.endMs;
      if (gap >= limits.maxGapMs || marker.endMs - open.startMs > limits.maxPhraseMs) close();
    }
    if (open === undefined) {
      open = { first: index, lastWord: index, last: index, startMs: marker.startMs, endMs: marker.endMs };
    } else {
      open.lastWord = index;
      open.last = index;
      open.endMs = Math.max(open.endMs, marker.endMs);
    }
  }
  close();
  return groups;
}

/**
 * Word error rate: the word-level edit distance (substitutions + deletions + insertions) between a
 * recognized text and its reference, over the number of reference words. Pure functions; the
 * demo (scripts/demo-wer.mjs) uses them to say what the embedded engine is worth on real speech.
 */

/** Lowercase words of a text: punctuation dropped, apostrophes and hyphens inside a word kept. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s-]+/gu, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^['-]+|['-]+$/g, ''))
    .filter((word) => word !== '');
}

/** The fewest word substitutions, deletions and insertions that turn `reference` into `hypothesis`. */
export function wordErrors(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      const same = reference[i - 1] === hypothesis[j - 1];
      current.push(Math.min((previous[j - 1] ?? 0) + (same ? 0 : 1), (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1));
    }
    previous = current;
  }
  return previous[hypothesis.length] ?? 0;
}

/** Errors and reference words of one text, and of a whole corpus. */
export interface WerCount {
  errors: number;
  referenceWords: number;
}

/**
 * Corpus word error rate of `pairs`: total errors over total reference words (not the mean of
 * per-text rates), with each pair's counts. `rate` is 0 when there is no reference word.
 */
export function wordErrorRate(pairs: readonly { reference: string; hypothesis: string }[]): WerCount & { rate: number; items: WerCount[] } {
  const items = pairs.map(({ reference, hypothesis }) => {
    const ref = words(reference);
    return { errors: wordErrors(ref, words(hypothesis)), referenceWords: ref.length };
  });
  const errors = items.reduce((sum, item) => sum + item.errors, 0);
  const referenceWords = items.reduce((sum, item) => sum + item.referenceWords, 0);
  return { errors, referenceWords, rate: referenceWords === 0 ? 0 : errors / referenceWords, items };
}

/**
 * Parse a CMU Sphinx `transcription` file (one `<s> words </s> (utterance-id)` per line) into a
 * map from utterance id to reference text.
 */
export function parseTranscription(text: string): Map<string, string> {
  const references = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^(.*)\(([^()]+)\)\s*$/.exec(line.trim());
    if (match === null) continue;
    references.set((match[2] ?? '').trim(), (match[1] ?? '').replace(/<\/?s>/g, ' ').trim().replace(/\s+/g, ' '));
  }
  return references;
}

/** Where words sit in time: the review page's pure lookups. */
import type { WordView } from '../view.js';

/**
 * The word playing at `ms`: the last word starting at or before `ms` (binary search over the
 * words, which are in text order and so in time order; untimed ones are skipped), if it has not
 * ended before `ms`; -1 for none.
 */
export function wordAt(words: readonly WordView[], ms: number): number {
  let lo = 0;
  let hi = words.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = words[mid]!.startMs;
    if (s === null || s <= ms) {
      if (s !== null) found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  const end = found >= 0 ? words[found]!.endMs : null;
  return end !== null && end >= ms ? found : -1;
}

/** The first word ending at or after `ms` (a click on the waveform plays it); -1 for none. */
export function wordNear(words: readonly WordView[], ms: number): number {
  return words.findIndex((w) => w.endMs !== null && w.endMs >= ms);
}

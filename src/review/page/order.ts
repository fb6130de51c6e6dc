/**
 * Doubt first, pure: the order of the recordings on the review page, what each says about its
 * words, the progress line, and where the next word in doubt is.
 */
import { plural } from '../../report/page/format.js';
import { summarize } from '../doubt.js';
import type { DoubtSummary, RecordingListEntry, WordView } from '../view.js';

/** The share of a recording's words in doubt, 0–1. */
export function doubtShare(e: DoubtSummary): number {
  return e.words === 0 ? 0 : e.doubtful / e.words;
}

/** Whether a recording has something a person should look at: words in doubt, flagged clips, words off the reference. */
export function needsAttention(e: RecordingListEntry): boolean {
  return e.doubtful > 0 || e.flagged > 0 || e.disagreements > 0;
}

/**
 * The recordings doubt first: those with words in doubt by their share of them (highest first,
 * then the lowest confidence first), then those with flagged clips or words off the reference,
 * then the rest; the run's order otherwise.
 */
export function orderEntries(entries: readonly RecordingListEntry[]): RecordingListEntry[] {
  const rank = (e: RecordingListEntry): number => (e.doubtful > 0 ? 0 : needsAttention(e) ? 1 : 2);
  return entries.map((e, i) => ({ e, i })).sort((a, b) => rank(a.e) - rank(b.e)
    || (rank(a.e) === 0 ? doubtShare(b.e) - doubtShare(a.e) || (a.e.lowest ?? 1) - (b.e.lowest ?? 1) : 0)
    || a.i - b.i).map((x) => x.e);
}

/** A number for people: `2,400`. */
const count = (n: number): string => n.toLocaleString('en');

/** `312 of 2,400 words verified`. */
export function progressText(entries: readonly DoubtSummary[]): string {
  const words = entries.reduce((n, e) => n + e.words, 0);
  const verified = entries.reduce((n, e) => n + e.verified, 0);
  return `${count(verified)} of ${plural(words, 'word').replace(/^\d+/, count(words))} verified`;
}

/** What a recording's line says of its words: `3 of 12 words in doubt (25 %) · 5 verified`. */
export function doubtText(e: DoubtSummary): string {
  if (e.words === 0) return '';
  const share = Math.round(doubtShare(e) * 100);
  const doubt = e.doubtful === 0 ? 'no word in doubt' : `${e.doubtful} of ${plural(e.words, 'word')} in doubt (${share} %)`;
  return `${doubt} · ${e.verified === e.words ? 'all verified' : `${e.verified} verified`}`;
}

/** The summary of a recording's words as the page holds them (after a save). */
export function summaryOf(words: readonly WordView[]): DoubtSummary {
  return summarize(words, words.map((w) => w.doubtful));
}

/** The first word in doubt after word `after` (-1: from the start) of `words`; -1 for none. */
export function nextDoubtful(words: readonly WordView[], after: number): number {
  for (let i = Math.max(0, after + 1); i < words.length; i++) if (words[i]!.doubtful) return i;
  return -1;
}

/** The last word in doubt before word `before` of `words`; -1 for none. */
export function previousDoubtful(words: readonly WordView[], before: number): number {
  for (let i = Math.min(before, words.length) - 1; i >= 0; i--) if (words[i]!.doubtful) return i;
  return -1;
}

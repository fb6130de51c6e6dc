/**
 * Word highlighting inside a cue, as whisperX's `--highlight_words`: the cue becomes one cue per
 * spoken word, over that word's time, with the cue's whole text and that word underlined; while no
 * word of it is being spoken (before the first, in a pause between two, after the last one's end
 * when an earlier word ends later) the text shows with nothing underlined.
 *
 * Unlike whisperX the cues never overlap and leave no hole: together they cover the cue's span
 * exactly. A word the next one starts inside is underlined until that one starts; a word with no
 * time of its own left (zero length, inside the one before, or not placed) gets no cue.
 */
import { wordRange } from './cue-text.js';
import type { Cue, OwnedText } from './cue-text.js';

/** The highlighted cues of a cue over `startMs`–`endMs` with text `owned`; `words` are the transcript's. */
export function highlightCues(
  span: { startMs: number; endMs: number }, owned: OwnedText, words: readonly { startMs: number | null; endMs: number | null }[],
): Cue[] {
  const spoken = [...new Set(owned.owners.filter((owner) => owner >= 0))].filter(
    (k) => words[k]?.startMs != null && words[k]?.endMs != null,
  );
  const out: Cue[] = [];
  const plain = (startMs: number, endMs: number): void => {
    out.push({ startMs, endMs, text: owned.text });
  };
  let at = span.startMs;
  for (const [i, k] of spoken.entries()) {
    const next = spoken[i + 1];
    const startMs = Math.max(words[k]!.startMs!, at);
    const endMs = Math.min(words[k]!.endMs!, next === undefined ? span.endMs : words[next]!.startMs!, span.endMs);
    if (endMs <= startMs) continue;
    if (startMs > at) plain(at, startMs);
    out.push({ startMs, endMs, text: owned.text, underline: wordRange(owned, k)! });
    at = endMs;
  }
  if (at < span.endMs) plain(at, span.endMs);
  return out;
}

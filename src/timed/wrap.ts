/**
 * Line wrapping of cue text, as whisperX's `--max_line_width` / `--max_line_count` do it: words
 * fill a line while it stays within `maxLineWidth` characters (Unicode code points; a word longer
 * than that gets a line of its own, never cut), then a new line starts; with `maxLines`, a cue that
 * would need more lines is split into several cues of at most that many lines each.
 *
 * Lines break only at spaces. A token without any word (a dash, an ampersand standing alone) stays
 * with the word before it (the first one with the word after it), so no line starts with it.
 */
import { slice } from './cue-text.js';
import type { OwnedText } from './cue-text.js';

/** Offsets of a run of `OwnedText.text` that stays on one line. */
interface Run {
  start: number;
  end: number;
}

/** The unbreakable runs of `owned`: its space-separated tokens, wordless ones joined to a neighbour. */
function unbreakable(owned: OwnedText): Run[] {
  const runs: Run[] = [];
  let leading: number | undefined; // start of wordless tokens before the first word
  let start = 0;
  for (let i = 0; i <= owned.text.length; i++) {
    if (i < owned.text.length && owned.text[i] !== ' ') continue;
    if (i > start) {
      const hasWord = owned.owners.slice(start, i).some((owner) => owner >= 0);
      if (hasWord) {
        runs.push({ start: leading ?? start, end: i });
        leading = undefined;
      } else if (runs.length > 0) runs.at(-1)!.end = i;
      else leading ??= start;
    }
    start = i + 1;
  }
  if (leading !== undefined) runs.push({ start: leading, end: owned.text.length });
  return runs;
}

const width = (text: string): number => [...text].length;

/** The lines of `owned` within `maxLineWidth` characters each (greedy, at spaces). */
function lines(owned: OwnedText, maxLineWidth: number): Run[] {
  const out: Run[] = [];
  for (const run of unbreakable(owned)) {
    const last = out.at(-1);
    if (last !== undefined && width(owned.text.slice(last.start, run.end)) <= maxLineWidth) last.end = run.end;
    else out.push({ ...run });
  }
  return out;
}

/** Consecutive lines of `owned` as one cue text, a line feed between lines. */
function joinLines(owned: OwnedText, runs: readonly Run[]): OwnedText {
  const piece = slice(owned, runs[0]!.start, runs.at(-1)!.end);
  const chars = piece.text.split(''); // UTF-16 code units, as the offsets
  for (const run of runs.slice(1)) chars[run.start - 1 - runs[0]!.start] = '\n';
  return { text: chars.join(''), owners: piece.owners };
}

/**
 * The cue texts of one span's text: wrapped at `maxLineWidth`, and with `maxLines` split into
 * several texts of at most that many lines. Without `maxLineWidth` it is the text itself, one line.
 */
export function wrapCueText(owned: OwnedText, maxLineWidth: number | undefined, maxLines: number | undefined): OwnedText[] {
  if (maxLineWidth === undefined) return [owned];
  const all = lines(owned, maxLineWidth);
  if (all.length === 0) return [owned];
  const per = maxLines ?? all.length;
  const out: OwnedText[] = [];
  for (let i = 0; i < all.length; i += per) out.push(joinLines(owned, all.slice(i, i + per)));
  return out;
}

/** Two cue texts as one, `second` on the lines after `first`'s. */
export function appendLines(first: OwnedText, second: OwnedText): OwnedText {
  return { text: `${first.text}\n${second.text}`, owners: [...first.owners, -1, ...second.owners] };
}

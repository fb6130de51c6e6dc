/**
 * What a person sets on the words of a recording besides their text, pure: a word's times (both
 * edges, whole ms), a split of one word in two, a join of two into one, and `verified`. The edits
 * are kept as corrections/<source>.words.json keeps them (WordEdit: text offsets into the current
 * text), and every change is a new text with new edits: the edits of words a text change does not
 * touch move with their words.
 */
import { MAX_WORD_EDITS, type WordEdit } from '../run-output/corrections.js';
import type { WordChange } from './view.js';
import { wordSpans, type ReviewWord } from './words.js';

export type { WordEdit } from '../run-output/corrections.js';
export type { WordChange } from './view.js';

/** A word of the current text with what a person set on it. */
export interface EditedWord extends ReviewWord {
  /** Its times were set by a person (a re-cut uses them exactly). */
  edited: boolean;
  verified: boolean;
}

/** The text of a recording and the edits on its words. */
export interface EditState {
  text: string;
  edits: WordEdit[];
}

const spanKey = (start: number, length: number): string => `${start}:${length}`;

/** The words with the edits laid on them (an edit counts only where its offsets are a word's). */
export function applyEdits(words: readonly ReviewWord[], edits: readonly WordEdit[]): EditedWord[] {
  const byKey = new Map(edits.map((e) => [spanKey(e.textStart, e.textLength), e]));
  return words.map((w) => {
    const e = byKey.get(spanKey(w.textStart, w.textLength));
    const timed = e?.startMs !== undefined && e.endMs !== undefined;
    return {
      ...w, startMs: timed ? e.startMs! : w.startMs, endMs: timed ? e.endMs! : w.endMs,
      edited: timed, verified: e?.verified === true,
    };
  });
}

/** The edits of `words` as a words.json holds them: only words with set times or checked, in text order. */
export function editsOf(words: readonly EditedWord[]): WordEdit[] {
  return words.filter((w) => w.edited || w.verified).map((w) => ({
    textStart: w.textStart, textLength: w.textLength,
    ...(w.edited && w.startMs !== null && w.endMs !== null ? { startMs: w.startMs, endMs: w.endMs } : {}),
    ...(w.verified ? { verified: true } : {}),
  }));
}

/**
 * The edits of `edits` carried over a change of the text that replaced [from, to) with `insert`
 * characters: edits before it stay, edits after it move by the difference, edits of words it
 * touches go (unless `keep` maps such an edit's new offsets).
 */
export function carryEdits(edits: readonly WordEdit[], from: number, to: number, insert: number): WordEdit[] {
  const shift = insert - (to - from);
  const out: WordEdit[] = [];
  for (const e of edits) {
    if (e.textStart + e.textLength <= from) out.push(e);
    else if (e.textStart >= to) out.push({ ...e, textStart: e.textStart + shift });
  }
  return out;
}

/** The one range of `before` that `after` replaced: [from, to) of before and the inserted length. */
export function changedRange(before: string, after: string): { from: number; to: number; insert: number } {
  let from = 0;
  const max = Math.min(before.length, after.length);
  while (from < max && before.charCodeAt(from) === after.charCodeAt(from)) from++;
  let tail = 0;
  while (tail < max - from && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return { from, to: before.length - tail, insert: after.length - tail - from };
}

/**
 * The edits after the text `before` became `after` by a word correction: the words it does not
 * touch keep theirs (moved with them); a word whose spelling changed (the change lies inside it
 * and it is still one word) keeps its times and check; a word removed or broken by it loses them.
 */
export function editsAfterText(before: EditState, after: string): WordEdit[] {
  const { from, to, insert } = changedRange(before.text, after);
  const shift = insert - (to - from);
  const words = new Set(wordSpans(after).map((t) => spanKey(t.start, t.end - t.start)));
  const out: WordEdit[] = [];
  for (const e of before.edits) {
    const end = e.textStart + e.textLength;
    const candidates: number[][] = [];
    if (e.textStart <= from && to <= end) candidates.push([e.textStart, e.textLength + shift]);
    if (end <= from) candidates.push([e.textStart, e.textLength]);
    if (e.textStart >= to) candidates.push([e.textStart + shift, e.textLength]);
    const hit = candidates.find(([start, length]) => words.has(spanKey(start!, length!)));
    if (hit !== undefined) out.push({ ...e, textStart: hit[0]!, textLength: hit[1]! });
  }
  return out;
}

function sortEdits(edits: WordEdit[]): WordEdit[] {
  return edits.sort((a, b) => a.textStart - b.textStart);
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** Edits as a request gives them (an undo restores them), checked: the list, or what is wrong with it. */
export function checkEdits(value: unknown): WordEdit[] | string {
  // As many as a words.json may hold: a restore writes them back into one.
  if (!Array.isArray(value) || value.length > MAX_WORD_EDITS) return `edits must be a list of at most ${MAX_WORD_EDITS} word edits`;
  const out: WordEdit[] = [];
  for (const [i, e] of value.entries()) {
    if (typeof e !== 'object' || e === null) return `edit ${i} is not an object`;
    const { textStart, textLength, startMs, endMs, verified } = e as Record<string, unknown>;
    if (!isCount(textStart) || !isCount(textLength) || textLength === 0)
      return `edit ${i} needs textStart and textLength (whole numbers, length > 0)`;
    const edit: WordEdit = { textStart, textLength };
    if (startMs !== undefined || endMs !== undefined) {
      if (!isCount(startMs) || !isCount(endMs) || endMs <= startMs)
        return `edit ${i} needs both startMs and endMs (whole ms, end after start) or neither`;
      Object.assign(edit, { startMs, endMs });
    }
    if (verified !== undefined && typeof verified !== 'boolean') return `edit ${i}: verified must be true or false`;
    if (verified === true) edit.verified = true;
    out.push(edit);
  }
  return sortEdits(out);
}

/** Why a change cannot be made (the server answers 400 with it). */
export class BadChange extends Error {}

function wholeMs(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new BadChange(`${name} must be a whole number of ms, at least 0`);
  return value;
}

/**
 * Apply `change` to the words (as shown: `words`, from `state`) of a recording `durationMs` long
 * (undefined: not known). @throws BadChange when the change does not fit the words.
 */
export function applyChange(state: EditState, words: readonly EditedWord[], change: WordChange, durationMs: number | undefined): EditState {
  if (change.op === 'verify') {
    const pick = change.indexes === 'all' ? null : new Set(change.indexes);
    if (pick !== null && [...pick].some((i) => words[i] === undefined)) throw new BadChange('no word at that index');
    const next = words.map((w, i) => (pick === null || pick.has(i) ? { ...w, verified: change.verified } : w));
    return { text: state.text, edits: editsOf(next) };
  }
  const word = words[change.index];
  if (word === undefined) throw new BadChange('no word at that index');
  if (change.op === 'times') {
    const startMs = wholeMs(change.startMs, 'startMs');
    const endMs = wholeMs(change.endMs, 'endMs');
    if (endMs <= startMs) throw new BadChange('the end must come after the start');
    if (durationMs !== undefined && endMs > durationMs) throw new BadChange(`the end is past the recording's end (${durationMs} ms)`);
    const next = words.map((w, i) => (i === change.index ? { ...w, startMs, endMs, edited: true } : w));
    return { text: state.text, edits: editsOf(next) };
  }
  if (change.op === 'split') return split(state, word, change.at, change.ms);
  return join(state, word, words[change.index + 1]);
}

function split(state: EditState, word: EditedWord, at: number, ms: number | undefined): EditState {
  if (!Number.isSafeInteger(at) || at < 1 || at >= word.textLength)
    throw new BadChange(`split after 1 to ${word.textLength - 1} characters`);
  const cut = word.textStart + at;
  const text = `${state.text.slice(0, cut)} ${state.text.slice(cut)}`;
  const first = { textStart: word.textStart, textLength: at };
  const second = { textStart: cut + 1, textLength: word.textLength - at };
  const tokens = wordSpans(text);
  if (
    !tokens.some((t) => t.start === first.textStart && t.end === cut) ||
    !tokens.some((t) => t.start === second.textStart && t.end === cut + 1 + second.textLength)
  ) {
    throw new BadChange('both parts of a split must be words (a letter or digit at each edge)');
  }
  const carried = carryEdits(state.edits, word.textStart, word.textStart + word.textLength, word.textLength + 1);
  if (word.startMs === null || word.endMs === null) return { text, edits: carried };
  const mid = ms ?? Math.round(word.startMs + ((word.endMs - word.startMs) * at) / word.textLength);
  if (!Number.isSafeInteger(mid) || mid <= word.startMs || mid >= word.endMs)
    throw new BadChange(`split at a time inside the word (${word.startMs}–${word.endMs} ms)`);
  const verified = word.verified ? { verified: true } : {};
  return {
    text,
    edits: sortEdits([
      ...carried,
      { ...first, startMs: word.startMs, endMs: mid, ...verified },
      { ...second, startMs: mid, endMs: word.endMs, ...verified },
    ]),
  };
}

function join(state: EditState, word: EditedWord, next: EditedWord | undefined): EditState {
  if (next === undefined) throw new BadChange('the last word has no next word to join');
  const between = state.text.slice(word.textStart + word.textLength, next.textStart);
  const kept = between.replace(/\s+/gu, '');
  const text = state.text.slice(0, word.textStart + word.textLength) + kept + state.text.slice(next.textStart);
  const end = next.textStart + next.textLength - (between.length - kept.length);
  if (!wordSpans(text).some((t) => t.start === word.textStart && t.end === end)) throw new BadChange('the two words do not make one word');
  const carried = carryEdits(state.edits, word.textStart, next.textStart + next.textLength, end - word.textStart);
  const starts = [word.startMs, next.startMs].filter((v): v is number => v !== null);
  const ends = [word.endMs, next.endMs].filter((v): v is number => v !== null);
  const joined = { textStart: word.textStart, textLength: end - word.textStart };
  const times = starts.length > 0 && ends.length > 0 ? { startMs: Math.min(...starts), endMs: Math.max(...ends) } : {};
  const verified = word.verified && next.verified ? { verified: true } : {};
  if (!('startMs' in times) && !('verified' in verified)) return { text, edits: carried };
  return { text, edits: sortEdits([...carried, { ...joined, ...times, ...verified }]) };
}

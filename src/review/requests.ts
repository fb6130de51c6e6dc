/** What a save request asks for, read from its JSON body without trusting it: every field checked, lists capped. */
import type { WordEdit } from '../run-output/corrections.js';
import { checkEdits, type WordChange } from './edits.js';
import type { Change } from './state.js';
import type { WordEditView } from './view.js';

/** The page's restated edit and the file's are one shape (a compile-time check). */
export type SameEdit = [WordEdit, WordEditView] extends [WordEditView, WordEdit] ? true : never;
const sameEdit: SameEdit = true;
void sameEdit;

const isIndex = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
/** The most words one verify names. */
const MAX_INDEXES = 1_000_000;

/** A change of times, words or checks (edits.ts) as a save body gives it, or what is wrong with it. */
function parseWordChange(b: Record<string, unknown>): WordChange | string {
  const index = b['index'];
  switch (b['op']) {
    case 'times':
      return isIndex(index) && isIndex(b['startMs']) && isIndex(b['endMs'])
        ? { op: 'times', index, startMs: b['startMs'], endMs: b['endMs'] } : 'times needs index, startMs and endMs (whole numbers >= 0)';
    case 'split':
      return isIndex(index) && isIndex(b['at']) && (b['ms'] === undefined || isIndex(b['ms']))
        ? { op: 'split', index, at: b['at'], ms: b['ms'] } : 'split needs index, at and optionally ms (whole numbers >= 0)';
    case 'join':
      return isIndex(index) ? { op: 'join', index } : 'join needs index (a whole number >= 0)';
    case 'verify': {
      const indexes = b['indexes'];
      const ok = indexes === 'all' || (Array.isArray(indexes) && indexes.length <= MAX_INDEXES && indexes.every(isIndex));
      return ok && typeof b['verified'] === 'boolean'
        ? { op: 'verify', indexes: indexes as number[] | 'all', verified: b['verified'] } : 'verify needs indexes (a list of word indexes, or "all") and verified (true or false)';
    }
    default:
      return `unknown op ${JSON.stringify(b['op'])}: times, split, join or verify`;
  }
}

/** The change a save body asks for, or a message saying what is wrong with it. */
export function parseSave(body: unknown): { source: string; revision: string; change: Change } | string {
  if (typeof body !== 'object' || body === null) return 'the body is not a JSON object';
  const b = body as Record<string, unknown>;
  if (typeof b['source'] !== 'string' || typeof b['revision'] !== 'string') return 'source and revision must be strings';
  const at = { source: b['source'], revision: b['revision'] };
  if (b['op'] !== undefined) {
    const change = parseWordChange(b);
    return typeof change === 'string' ? change : { ...at, change };
  }
  if (typeof b['text'] === 'string') {
    const edits = b['edits'] === undefined ? undefined : checkEdits(b['edits']);
    return typeof edits === 'string' ? edits : { ...at, change: { text: b['text'], edits } };
  }
  if (Number.isSafeInteger(b['index']) && typeof b['replacement'] === 'string') {
    return { ...at, change: { index: b['index'] as number, replacement: b['replacement'] } };
  }
  return 'give either text (and edits), index and replacement, or op';
}

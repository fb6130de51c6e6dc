/** The review page's undo history: the text of a recording and the edits on its words before each saved change. */
import type { WordEditView } from '../view.js';

/** What a recording was before a change. */
export interface UndoState {
  /** The recording's whole text. */
  text: string;
  /** The edits on its words (times set, words checked). */
  edits: WordEditView[];
}

export interface UndoEntry extends UndoState {
  source: string;
}

const same = (a: UndoState, b: UndoState): boolean => a.text === b.text && JSON.stringify(a.edits) === JSON.stringify(b.edits);

export class UndoHistory {
  private entries: UndoEntry[] = [];

  get empty(): boolean {
    return this.entries.length === 0;
  }

  /** Remember `before` when a saved change left `source` as `after` (a change that changed nothing is not remembered). */
  saved(source: string, before: UndoState, after: UndoState): void {
    if (!same(before, after)) this.entries.push({ source, text: before.text, edits: before.edits });
  }

  /** Forget every change of `source` (its file changed elsewhere: those states are not ours to put back). */
  forget(source: string): void {
    this.entries = this.entries.filter((u) => u.source !== source);
  }

  /** The last change, taken off the history. */
  pop(): UndoEntry | undefined {
    return this.entries.pop();
  }
}

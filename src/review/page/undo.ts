/** The review page's undo history: the text of a recording before each saved change. */

export interface UndoEntry {
  source: string;
  /** The recording's whole text before the change. */
  text: string;
}

export class UndoHistory {
  private entries: UndoEntry[] = [];

  get empty(): boolean {
    return this.entries.length === 0;
  }

  /** Remember `before` when a saved change left the text of `source` as `after` (a change that changed nothing is not remembered). */
  saved(source: string, before: string, after: string): void {
    if (after !== before) this.entries.push({ source, text: before });
  }

  /** Forget every change of `source` (its file changed elsewhere: those texts are not ours to put back). */
  forget(source: string): void {
    this.entries = this.entries.filter((u) => u.source !== source);
  }

  /** The last change, taken off the history. */
  pop(): UndoEntry | undefined {
    return this.entries.pop();
  }
}

/** The review page's undo history (src/review/page/undo.ts). */
import { describe, expect, it } from 'vitest';
import { UndoHistory, type UndoState } from '../../src/review/page/undo.js';
import type { WordEditView } from '../../src/review/view.js';

const state = (text: string, edits: WordEditView[] = []): UndoState => ({ text, edits });

describe('UndoHistory', () => {
  it('gives back the texts and edits before each saved change, last first', () => {
    const history = new UndoHistory();
    expect(history.empty).toBe(true);
    history.saved('a.wav', state('one two'), state('one too'));
    history.saved('b.wav', state('x'), state('y'));
    const timed = [{ textStart: 0, textLength: 1, startMs: 5, endMs: 9 }];
    history.saved('b.wav', state('y'), state('y', timed));
    expect(history.empty).toBe(false);
    expect([history.pop(), history.pop(), history.pop(), history.pop()])
      .toEqual([{ source: 'b.wav', text: 'y', edits: [] }, { source: 'b.wav', text: 'x', edits: [] }, { source: 'a.wav', text: 'one two', edits: [] }, undefined]);
    expect(history.empty).toBe(true);
  });

  it('does not remember a change that left the text and edits as they were', () => {
    const history = new UndoHistory();
    history.saved('a.wav', state('same', [{ textStart: 0, textLength: 4, verified: true }]), state('same', [{ textStart: 0, textLength: 4, verified: true }]));
    expect(history.empty).toBe(true);
  });

  it('forgets every change of a recording changed elsewhere, keeping the others in order', () => {
    const history = new UndoHistory();
    history.saved('a.wav', state('a1'), state('a2'));
    history.saved('b.wav', state('b1'), state('b2'));
    history.saved('a.wav', state('a2'), state('a3'));
    history.forget('a.wav');
    expect([history.pop(), history.pop()]).toEqual([{ source: 'b.wav', text: 'b1', edits: [] }, undefined]);
  });
});

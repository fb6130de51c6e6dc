/** The review page's undo history (src/review/page/undo.ts). */
import { describe, expect, it } from 'vitest';
import { UndoHistory } from '../../src/review/page/undo.js';

describe('UndoHistory', () => {
  it('gives back the texts before each saved change, last first', () => {
    const history = new UndoHistory();
    expect(history.empty).toBe(true);
    history.saved('a.wav', 'one two', 'one too');
    history.saved('b.wav', 'x', 'y');
    expect(history.empty).toBe(false);
    expect([history.pop(), history.pop(), history.pop()]).toEqual([{ source: 'b.wav', text: 'x' }, { source: 'a.wav', text: 'one two' }, undefined]);
    expect(history.empty).toBe(true);
  });

  it('does not remember a change that left the text as it was', () => {
    const history = new UndoHistory();
    history.saved('a.wav', 'same', 'same');
    expect(history.empty).toBe(true);
  });

  it('forgets every change of a recording changed elsewhere, keeping the others in order', () => {
    const history = new UndoHistory();
    history.saved('a.wav', 'a1', 'a2');
    history.saved('b.wav', 'b1', 'b2');
    history.saved('a.wav', 'a2', 'a3');
    history.forget('a.wav');
    expect([history.pop(), history.pop()]).toEqual([{ source: 'b.wav', text: 'b1' }, undefined]);
  });
});

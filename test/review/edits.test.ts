/** The review's edit model: times, split, join, verify, and edits carried over text corrections. */
import { describe, expect, it } from 'vitest';
import { applyChange, applyEdits, BadChange, changedRange, checkEdits, editsAfterText, type EditState } from '../../src/review/edits.js';
import { reviewWords } from '../../src/review/words.js';
import { BASE, TEXT } from './baseline.js';

/** Apply a change to the state and give back the new state and its words as [text, start, end, edited, verified]. */
function run(state: EditState, change: Parameters<typeof applyChange>[2], duration?: number): { state: EditState; words: unknown[] } {
  const words = applyEdits(reviewWords(BASE, state.text), state.edits);
  const next = applyChange(state, words, change, duration);
  const after = applyEdits(reviewWords(BASE, next.text), next.edits);
  return { state: next, words: after.map((w) => [w.text, w.startMs, w.endMs, w.edited, w.verified]) };
}

const FRESH: EditState = { text: TEXT, edits: [] };

describe('edits: times', () => {
  it('sets both edges of a word and keeps them as an edit of its offsets', () => {
    const { state, words } = run(FRESH, { op: 'times', index: 1, startMs: 880, endMs: 1395 }, 3000);
    expect(state).toEqual({ text: TEXT, edits: [{ textStart: 7, textLength: 4, startMs: 880, endMs: 1395 }] });
    expect(words[1]).toEqual(['call', 880, 1395, true, false]);
    expect(words[0]).toEqual(['Please', 300, 700, false, false]);
  });

  it('refuses an end before the start, past the recording, or a time that is not whole ms', () => {
    expect(() => run(FRESH, { op: 'times', index: 1, startMs: 900, endMs: 900 })).toThrow(
      new BadChange('the end must come after the start'),
    );
    expect(() => run(FRESH, { op: 'times', index: 1, startMs: 900, endMs: 3001 }, 3000)).toThrow(
      new BadChange("the end is past the recording's end (3000 ms)"),
    );
    expect(() => run(FRESH, { op: 'times', index: 1, startMs: 900.5, endMs: 1000 })).toThrow(BadChange);
    expect(() => run(FRESH, { op: 'times', index: 4, startMs: 1, endMs: 2 })).toThrow(new BadChange('no word at that index'));
  });
});

describe('edits: split and join', () => {
  it('splits a word after a character at a time inside it: a space in the text, both parts timed', () => {
    const { state, words } = run(FRESH, { op: 'split', index: 2, at: 3, ms: 1950 });
    expect(state.text).toBe('Please call Ste lla, today.');
    expect(state.edits).toEqual([
      { textStart: 12, textLength: 3, startMs: 1700, endMs: 1950 },
      { textStart: 16, textLength: 3, startMs: 1950, endMs: 2200 },
    ]);
    expect(words).toEqual([
      ['Please', 300, 700, false, false],
      ['call', 900, 1400, false, false],
      ['Ste', 1700, 1950, true, false],
      ['lla', 1950, 2200, true, false],
      ['today', 2400, 2800, false, false],
    ]);
  });

  it('splits by characters when no time is given, and refuses a split outside the word', () => {
    expect(run(FRESH, { op: 'split', index: 0, at: 3 }).state.edits).toEqual([
      { textStart: 0, textLength: 3, startMs: 300, endMs: 500 },
      { textStart: 4, textLength: 3, startMs: 500, endMs: 700 },
    ]);
    expect(() => run(FRESH, { op: 'split', index: 0, at: 6 })).toThrow(new BadChange('split after 1 to 5 characters'));
    expect(() => run(FRESH, { op: 'split', index: 0, at: 3, ms: 700 })).toThrow(
      new BadChange('split at a time inside the word (300–700 ms)'),
    );
  });

  it('joins a word with the next over their span, moving the edits after them', () => {
    const timed: EditState = { text: TEXT, edits: [{ textStart: 20, textLength: 5, startMs: 2390, endMs: 2810, verified: true }] };
    const { state, words } = run(timed, { op: 'join', index: 0 });
    expect(state.text).toBe('Pleasecall Stella, today.');
    expect(state.edits).toEqual([
      { textStart: 0, textLength: 10, startMs: 300, endMs: 1400 },
      { textStart: 19, textLength: 5, startMs: 2390, endMs: 2810, verified: true },
    ]);
    expect(words).toEqual([
      ['Pleasecall', 300, 1400, true, false],
      ['Stella', 1700, 2200, false, false],
      ['today', 2390, 2810, true, true],
    ]);
    expect(() => run(FRESH, { op: 'join', index: 3 })).toThrow(new BadChange('the last word has no next word to join'));
  });

  it('a join across punctuation keeps it inside the one word', () => {
    expect(run(FRESH, { op: 'join', index: 2 }).state).toEqual({
      text: 'Please call Stella,today.',
      edits: [{ textStart: 12, textLength: 12, startMs: 1700, endMs: 2800 }],
    });
  });
});

describe('edits: verify', () => {
  it('checks some words or all, and unchecks', () => {
    const one = run(FRESH, { op: 'verify', indexes: [1, 3], verified: true });
    expect(one.state.edits).toEqual([{ textStart: 7, textLength: 4, verified: true }, { textStart: 20, textLength: 5, verified: true }]);
    const all = run(one.state, { op: 'verify', indexes: 'all', verified: true });
    expect(all.words.map((w) => (w as unknown[])[4])).toEqual([true, true, true, true]);
    const off = run(all.state, { op: 'verify', indexes: [3], verified: false });
    expect(off.state.edits.map((e) => e.textStart)).toEqual([0, 7, 12]);
    expect(() => run(FRESH, { op: 'verify', indexes: [9], verified: true })).toThrow(new BadChange('no word at that index'));
  });
});

describe('edits across a text correction', () => {
  const edited: EditState = {
    text: TEXT,
    edits: [
      { textStart: 0, textLength: 6, verified: true },
      { textStart: 12, textLength: 6, startMs: 1650, endMs: 2250 },
      { textStart: 20, textLength: 5, startMs: 2400, endMs: 2900 },
    ],
  };

  it('finds the one changed range', () => {
    expect(changedRange('Please call Stella, today.', 'Please call Stanley, today.')).toEqual({ from: 14, to: 18, insert: 5 });
    expect(changedRange('abc', 'abc')).toEqual({ from: 3, to: 3, insert: 0 });
  });

  it('a respelt word keeps its times, the words after it move, a removed word loses its edit', () => {
    expect(editsAfterText(edited, 'Please call Stanley, today.')).toEqual([
      { textStart: 0, textLength: 6, verified: true },
      { textStart: 12, textLength: 7, startMs: 1650, endMs: 2250 },
      { textStart: 21, textLength: 5, startMs: 2400, endMs: 2900 },
    ]);
    expect(editsAfterText(edited, 'Please call Stella.')).toEqual([
      { textStart: 0, textLength: 6, verified: true },
      { textStart: 12, textLength: 6, startMs: 1650, endMs: 2250 },
    ]);
    expect(editsAfterText(edited, 'Please call Stel la, today.')).toEqual([
      { textStart: 0, textLength: 6, verified: true },
      { textStart: 21, textLength: 5, startMs: 2400, endMs: 2900 },
    ]);
  });

  it('checks edits a request restores', () => {
    expect(checkEdits([{ textStart: 7, textLength: 4, startMs: 1, endMs: 2 }, { textStart: 0, textLength: 6, verified: true }]))
      .toEqual([{ textStart: 0, textLength: 6, verified: true }, { textStart: 7, textLength: 4, startMs: 1, endMs: 2 }]);
    expect(checkEdits([{ textStart: 0, textLength: 6, startMs: 5 }])).toBe(
      'edit 0 needs both startMs and endMs (whole ms, end after start) or neither',
    );
    expect(checkEdits([{ textStart: '0', textLength: 6 }])).toBe('edit 0 needs textStart and textLength (whole numbers, length > 0)');
    expect(checkEdits({})).toBe('edits must be a list of at most 1000000 word edits');
  });
});

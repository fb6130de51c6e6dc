import { describe, expect, it } from 'vitest';
import { closesSentence, groupPhrases } from '../../src/markers/phrases.js';
import { markersFor } from './helpers.js';

const limits = { maxGapMs: 700, maxPhraseMs: 15_000 };
/** [first, lastWord, last, startMs, endMs] of each group. */
const shape = (groups: ReturnType<typeof groupPhrases>) =>
  groups.map((g) => [g.first, g.lastWord, g.last, g.startMs, g.endMs]);

describe('groupPhrases', () => {
  it('closes a phrase after sentence punctuation, excluding the punctuation audio', () => {
    const markers = markersFor('Hello there. How are you?', [
      ['Hello', 0, 300], ['there', 300, 600], ['.', 600, 900],
      ['How', 1000, 1200], ['are', 1200, 1400], ['you', 1400, 1700], ['?', 1700, 2000],
    ]);
    expect(shape(groupPhrases(markers, limits))).toEqual([[0, 1, 2, 0, 600], [3, 5, 6, 1000, 1700]]);
  });

  it('keeps a comma inside the phrase', () => {
    const markers = markersFor('Well, yes.', [['Well', 0, 300], [',', 300, 500], ['yes', 500, 800], ['.', 800, 1000]]);
    expect(shape(groupPhrases(markers, limits))).toEqual([[0, 2, 3, 0, 800]]);
  });

  it('closes at a pause of maxGapMs or more, not at a shorter one', () => {
    const tokens = (gap: number): [string, number, number][] => [['one', 0, 200], ['two', 300, 500], ['three', 500 + gap, 900 + gap]];
    expect(shape(groupPhrases(markersFor('one two three', tokens(699)), limits))).toEqual([[0, 2, 2, 0, 1599]]);
    expect(shape(groupPhrases(markersFor('one two three', tokens(700)), limits)))
      .toEqual([[0, 1, 1, 0, 500], [2, 2, 2, 1200, 1600]]);
  });

  it('measures the pause from the previous marker, punctuation included', () => {
    const markers = markersFor('a, b', [['a', 0, 200], [',', 900, 1100], ['b', 1200, 1400]]);
    expect(shape(groupPhrases(markers, limits))).toEqual([[0, 2, 2, 0, 1400]]);
  });

  it('keeps punctuation before a pause with the phrase it ends', () => {
    const markers = markersFor('a, b', [['a', 0, 200], [',', 200, 400], ['b', 1200, 1400]]);
    expect(shape(groupPhrases(markers, limits))).toEqual([[0, 0, 1, 0, 200], [2, 2, 2, 1200, 1400]]);
  });

  it('closes before a word that would make the phrase longer than maxPhraseMs', () => {
    const markers = markersFor('a b c', [['a', 0, 400], ['b', 400, 800], ['c', 800, 1200]]);
    expect(shape(groupPhrases(markers, { maxGapMs: 700, maxPhraseMs: 1000 }))).toEqual([[0, 1, 1, 0, 800], [2, 2, 2, 800, 1200]]);
    expect(shape(groupPhrases(markers, { maxGapMs: 700, maxPhraseMs: 1200 }))).toEqual([[0, 2, 2, 0, 1200]]);
  });

  it('lets a single word longer than maxPhraseMs form its own phrase', () => {
    const markers = markersFor('long short', [['long', 0, 2000], ['short', 2000, 2300]]);
    expect(shape(groupPhrases(markers, { maxGapMs: 700, maxPhraseMs: 1000 }))).toEqual([[0, 0, 0, 0, 2000], [1, 1, 1, 2000, 2300]]);
  });

  it('drops leading punctuation and punctuation-only phrases', () => {
    const markers = markersFor('" Yes ! ?', [['"', 0, 100], ['Yes', 100, 400], ['!', 400, 600], ['?', 600, 800]]);
    expect(shape(groupPhrases(markers, limits))).toEqual([[1, 1, 2, 100, 400]]);
    expect(groupPhrases(markersFor('. ,', [['.', 0, 100], [',', 100, 200]]), limits)).toEqual([]);
  });

  it('returns nothing for no markers', () => {
    expect(groupPhrases([], limits)).toEqual([]);
  });
});

describe('closesSentence', () => {
  it.each([['.', true], ['!', true], ['?', true], ['?!', true], ['...', true], [',', false], [':', false], ['"', false]])(
    '%j → %s', (text, expected) => {
      expect(closesSentence(text)).toBe(expected);
    },
  );
});

import { describe, expect, it } from 'vitest';
import { findPhrases, isSearchablePhrase, phraseParts } from '../../src/markers/find.js';
import { planClips } from '../../src/markers/plan.js';
import { validateMarkers } from '../../src/markers/validate.js';
import type { ClipPlanOptions } from '../../src/markers/plan.js';
import type { DictationResult } from '../../src/markers/model.js';
import { markersFor } from './helpers.js';

const base: ClipPlanOptions = {
  mode: 'word', keepPunctuation: false, padBeforeMs: 0, padAfterMs: 0,
  maxGapMs: 700, maxPhraseMs: 15_000, audioDurationMs: 10_000,
};
const resultOf = (transcript: string, tokens: [string, number, number][]): DictationResult =>
  validateMarkers(markersFor(transcript, tokens), { transcripts: [transcript], audioDurationMs: 10_000 });

/** "Call me. Call me now, please call me." */
const calls = (): DictationResult => resultOf('Call me. Call me now, please call me.', [
  ['Call', 100, 400], ['me', 450, 700], ['.', 700, 750],
  ['Call', 1000, 1300], ['me', 1350, 1600], ['now', 1700, 2000], [',', 2000, 2050],
  ['please', 2300, 2700], ['call', 2800, 3100], ['me', 3150, 3400], ['.', 3400, 3500],
]);
const spans = (clips: ReturnType<typeof planClips>) => clips.map((c) => [c.text, c.startMs, c.endMs, c.kind]);

describe('phraseParts', () => {
  it('lower-cases, splits at spaces and dashes, drops punctuation inside words', () => {
    expect(phraseParts("  Follow-UP, O'Neil!  ")).toEqual(['follow', 'up', 'oneil']);
    expect(phraseParts('Ünïcode  straße')).toEqual(['ünïcode', 'straße']);
    expect(phraseParts(' .,!? ')).toEqual([]);
  });

  it('knows which phrases can be searched', () => {
    expect([isSearchablePhrase('call me'), isSearchablePhrase('   '), isSearchablePhrase(''), isSearchablePhrase('?!')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('findPhrases', () => {
  it('finds every occurrence, case-insensitively, punctuation in the query ignored, with per-phrase counts', () => {
    const { matches, counts } = findPhrases(calls().markers, ['CALL me!', 'now please', 'absent words']);
    // marker indexes: Call 0, me 1, Call 3, me 4, now 5, ',' 6, please 7, call 8, me 9
    expect(matches).toEqual([
      { phrase: 0, first: 0, last: 1 },
      { phrase: 0, first: 3, last: 4 },
      { phrase: 1, first: 5, last: 7 },
      { phrase: 0, first: 8, last: 9 },
    ]);
    expect(counts).toEqual([3, 1, 0]);
  });

  it('matches across a sentence end and reports overlapping occurrences', () => {
    expect(findPhrases(calls().markers, ['me call me']).matches).toEqual([{ phrase: 0, first: 1, last: 4 }]);
    const na = resultOf('na na na na', [['na', 0, 100], ['na', 200, 300], ['na', 400, 500], ['na', 600, 700]]);
    expect(findPhrases(na.markers, ['na na na']).matches).toEqual([{ phrase: 0, first: 0, last: 2 }, { phrase: 0, first: 1, last: 3 }]);
  });

  it('matches whole words only', () => {
    expect(findPhrases(calls().markers, ['cal', 'all me', 'me no']).counts).toEqual([0, 0, 0]);
  });

  it('widens by context words, never past the first or last word, and keeps an identical span once', () => {
    expect(findPhrases(calls().markers, ['now'], 2).matches).toEqual([{ phrase: 0, first: 3, last: 8 }]);
    expect(findPhrases(calls().markers, ['call me'], 1).matches).toEqual([
      { phrase: 0, first: 0, last: 3 }, { phrase: 0, first: 1, last: 5 }, { phrase: 0, first: 7, last: 9 },
    ]);
    expect(findPhrases(calls().markers, ['call me', 'Call, me'])).toEqual({
      matches: [{ phrase: 0, first: 0, last: 1 }, { phrase: 0, first: 3, last: 4 }, { phrase: 0, first: 8, last: 9 }],
      counts: [3, 3],
    });
  });
});

describe('planClips with find', () => {
  it('cuts one match clip per occurrence with the transcript spelling, start and end of the recording included', () => {
    expect(spans(planClips(calls(), { ...base, find: ['CALL me'] }))).toEqual([
      ['Call me', 100, 700, 'match'], ['Call me', 1000, 1600, 'match'], ['call me', 2800, 3400, 'match'],
    ]);
  });

  it('keeps the punctuation between matched words in the text, not in the audio', () => {
    expect(planClips(calls(), { ...base, find: ['me call'] })).toEqual([
      { index: 0, kind: 'match', text: 'me. Call', startMs: 450, endMs: 1300, textStart: 5, textLength: 8 },
    ]);
    expect(spans(planClips(calls(), { ...base, find: ['now please'] }))).toEqual([['now, please', 1700, 2700, 'match']]);
  });

  it('pads to the midpoint of the neighbours and widens by context words', () => {
    expect(spans(planClips(calls(), { ...base, find: ['now'], padBeforeMs: 500, padAfterMs: 500 }))).toEqual([
      ['now', 1650, 2000, 'match'],
    ]);
    expect(spans(planClips(calls(), { ...base, find: ['please'], contextWords: 1 }))).toEqual([['now, please call', 1700, 3100, 'match']]);
  });

  it('plans nothing for a phrase found nowhere, and --match still filters', () => {
    expect(planClips(calls(), { ...base, find: ['hello'] })).toEqual([]);
    expect(spans(planClips(calls(), { ...base, find: ['call me'], match: /^call/ }))).toEqual([['call me', 2800, 3400, 'match']]);
  });
});

describe('planClips snap windows', () => {
  it('stays within snapMs, out of the clip\'s own words and short of the midpoint to the neighbours', () => {
    const clips = planClips(calls(), { ...base, snapMs: 200 });
    // "me" 450–700 between Call (ends 400) and a spoken "." 700–750 it touches: start may go to the midpoint 425; the end is
    // a boundary shared with ".", free between the middles of both words (575 and 725).
    expect(clips[1]).toMatchObject({
      text: 'me',
      startMs: 450,
      endMs: 700,
      snap: { startMinMs: 425, startMaxMs: 450, endMinMs: 575, endMaxMs: 725 },
    });
    // The first word: start down to 0 (audio start, 100 ms away), end up to the midpoint 425.
    expect(clips[0]?.snap).toEqual({ startMinMs: 0, startMaxMs: 100, endMinMs: 400, endMaxMs: 425 });
    // Padded clips may move back inward, never into their own word.
    const padded = planClips(calls(), { ...base, snapMs: 200, padBeforeMs: 100, padAfterMs: 100, find: ['please'] });
    expect(padded[0]).toMatchObject({
      startMs: 2200,
      endMs: 2750,
      snap: { startMinMs: 2175, startMaxMs: 2300, endMinMs: 2700, endMaxMs: 2750 },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { decodeNewMarkers } from '../../src/markers/new-method.js';
import { planClips } from '../../src/markers/plan.js';
import { validateMarkers } from '../../src/markers/validate.js';
import { PUBLIC_RAW, PUBLIC_TRANSCRIPT, markersFor } from './helpers.js';
import type { ClipPlanOptions } from '../../src/markers/plan.js';
import type { DictationResult } from '../../src/markers/model.js';

const base: ClipPlanOptions = {
  mode: 'word', keepPunctuation: false, padBeforeMs: 0, padAfterMs: 0,
  maxGapMs: 700, maxPhraseMs: 15_000, audioDurationMs: 2600,
};
/** The public example through decode → validate. */
const publicResult = (): DictationResult => {
  const { markers } = decodeNewMarkers(JSON.stringify(PUBLIC_RAW), { unit: 'seconds' });
  return validateMarkers(markers, { transcripts: [PUBLIC_TRANSCRIPT], audioDurationMs: 2600 });
};
/** [text, startMs, endMs] of each clip. */
const spans = (clips: ReturnType<typeof planClips>) => clips.map((c) => [c.text, c.startMs, c.endMs]);
const resultOf = (transcript: string, tokens: [string, number, number][], audioDurationMs = 10_000): DictationResult =>
  validateMarkers(markersFor(transcript, tokens), { transcripts: [transcript], audioDurationMs });

describe('whole milliseconds', () => {
  it('clamps markers and padding at the last whole ms of an audio 6613.6875 ms long', () => {
    const result = validateMarkers(markersFor('a b', [['a', 100, 400], ['b', 6000, 6640]]), { transcripts: ['a b'], audioDurationMs: 6613.6875 });
    expect(result.markers.map((m) => m.endMs)).toEqual([400, 6613]);
    const wider = resultOf('a b', [['a', 100, 400], ['b', 6000, 6600]]);
    expect(spans(planClips(wider, { ...base, padAfterMs: 500, padBeforeMs: 500, audioDurationMs: 6613.6875 })))
      .toEqual([['a', 0, 900], ['b', 5500, 6613]]);
  });
});

describe('planClips on the public example (decode → validate → plan)', () => {
  const table: [string, Partial<ClipPlanOptions>, [string, number, number][]][] = [
    ['words, no padding', {}, [['My', 390, 720], ['text', 720, 1230], ['so', 1260, 1550], ['far', 1550, 1960]]],
    ['words with punctuation', { keepPunctuation: true },
      [['My', 390, 720], ['text', 720, 1230], ['so', 1260, 1550], ['far', 1550, 1960], ['.', 2000, 2480]]],
    ['words padded 100/100, clamped between close words', { padBeforeMs: 100, padAfterMs: 100 },
      [['My', 290, 720], ['text', 720, 1245], ['so', 1245, 1550], ['far', 1550, 1980]]],
    ['punctuation padded to the audio end', { keepPunctuation: true, padBeforeMs: 100, padAfterMs: 200 },
      [['My', 290, 720], ['text', 720, 1245], ['so', 1245, 1550], ['far', 1550, 1980], ['.', 1980, 2600]]],
    ['one phrase, punctuation audio excluded', { mode: 'phrase' }, [['My text so far.', 390, 1960]]],
    ['phrase padded up to the midpoint to its own period', { mode: 'phrase', padBeforeMs: 500, padAfterMs: 500 },
      [['My text so far.', 0, 1980]]],
    ['phrases split at a 30 ms pause', { mode: 'phrase', maxGapMs: 30 }, [['My text', 390, 1230], ['so far.', 1260, 1960]]],
    ['phrases split by length', { mode: 'phrase', maxPhraseMs: 900 },
      [['My text', 390, 1230], ['so far.', 1260, 1960]]],
  ];
  it.each(table)('%s', (_name, options, expected) => {
    expect(spans(planClips(publicResult(), { ...base, ...options }))).toEqual(expected);
  });

  it('fills every field of word clips', () => {
    expect(planClips(publicResult(), base)[1]).toEqual({
      index: 1, kind: 'word', text: 'text', startMs: 720, endMs: 1230, textStart: 3, textLength: 4,
    });
  });

  it('fills every field of phrase clips, text offsets including the closing punctuation', () => {
    expect(planClips(publicResult(), { ...base, mode: 'phrase', maxGapMs: 30 })).toEqual([
      { index: 0, kind: 'phrase', text: 'My text', startMs: 390, endMs: 1230, textStart: 0, textLength: 7 },
      { index: 1, kind: 'phrase', text: 'so far.', startMs: 1260, endMs: 1960, textStart: 8, textLength: 7 },
    ]);
  });
});

describe('planClips', () => {
  const twoSentences = (): DictationResult => resultOf('Hello there. How are you?', [
    ['Hello', 0, 300], ['there', 300, 600], ['.', 600, 900],
    ['How', 1000, 1200], ['are', 1200, 1400], ['you', 1400, 1700], ['?', 1700, 2000],
  ], 2000);

  it('splits phrases after sentence punctuation', () => {
    expect(planClips(twoSentences(), { ...base, mode: 'phrase', audioDurationMs: 2000 })).toEqual([
      { index: 0, kind: 'phrase', text: 'Hello there.', startMs: 0, endMs: 600, textStart: 0, textLength: 12 },
      { index: 1, kind: 'phrase', text: 'How are you?', startMs: 1000, endMs: 1700, textStart: 13, textLength: 12 },
    ]);
  });

  it('pads a phrase towards the marker before its first word and after its last word', () => {
    const clips = planClips(twoSentences(), { ...base, mode: 'phrase', padBeforeMs: 300, padAfterMs: 300, audioDurationMs: 2000 });
    // phrase 2: previous marker "." ends 900 → ceil((900 + 1000) / 2) = 950; "?" glued to "you" and
    // stretched to the audio end was not heard: it owns no audio, so padding runs 300 ms to 2000
    expect(spans(clips)).toEqual([['Hello there.', 0, 600], ['How are you?', 950, 2000]]);
  });

  it('plans one utterance clip for a collapsed result, in any mode', () => {
    const result = resultOf('Hello big world', [['Hello big world', 100, 2900]], 3000);
    expect(result.collapsed).toBe(true);
    const expected = { index: 0, kind: 'utterance', text: 'Hello big world', startMs: 100, endMs: 2900, textStart: 0, textLength: 15 };
    expect(planClips(result, { ...base, audioDurationMs: 3000 })).toEqual([expected]);
    expect(planClips(result, { ...base, mode: 'phrase', audioDurationMs: 3000 })).toEqual([expected]);
    expect(spans(planClips(result, { ...base, padBeforeMs: 200, padAfterMs: 200, audioDurationMs: 3000 })))
      .toEqual([['Hello big world', 0, 3000]]);
  });

  it('keeps only clips matching a case-insensitive pattern, indexed in the kept list', () => {
    const clips = planClips(publicResult(), { ...base, match: /^(TEXT|far)$/i });
    expect(clips.map((c) => [c.index, c.text])).toEqual([[0, 'text'], [1, 'far']]);
    expect(planClips(publicResult(), { ...base, match: /^TEXT$/ })).toEqual([]);
  });

  it('matches phrase text after planning', () => {
    const clips = planClips(twoSentences(), { ...base, mode: 'phrase', match: /how are/i, audioDurationMs: 2000 });
    expect(clips.map((c) => [c.index, c.text])).toEqual([[0, 'How are you?']]);
  });

  it('is not confused by the lastIndex of a global pattern', () => {
    const result = resultOf('foo boo', [['foo', 0, 100], ['boo', 200, 300]]);
    expect(planClips(result, { ...base, match: /o/gi }).map((c) => c.text)).toEqual(['foo', 'boo']);
  });

  it('drops zero-length clips and numbers the rest consecutively', () => {
    const result = resultOf('a b c', [['a', 0, 100], ['b', 200, 200], ['c', 300, 400]]);
    expect(planClips(result, { ...base, padBeforeMs: 50, padAfterMs: 50 }).map((c) => [c.index, c.text, c.startMs, c.endMs]))
      .toEqual([[0, 'a', 0, 150], [1, 'c', 250, 450]]);
  });

  it('plans nothing for no markers', () => {
    expect(planClips(resultOf('', []), base)).toEqual([]);
    expect(planClips(resultOf('', []), { ...base, mode: 'phrase' })).toEqual([]);
  });
});

describe('planClips: padding past punctuation the engine did not hear', () => {
  // 2 s, words 300–700 and 800–1200, the embedded engine's closing period glued on and stretched to the end
  const glued = (): DictationResult =>
    resultOf('One two.', [['One', 300, 700], ['two', 800, 1200], ['.', 1200, 2000]], 2000);
  const pad300 = { ...base, padBeforeMs: 300, padAfterMs: 300, audioDurationMs: 2000 };

  it('pads the last word 300 ms past its end: clips 0–750 and 750–1500', () => {
    expect(spans(planClips(glued(), pad300))).toEqual([['One', 0, 750], ['two', 750, 1500]]);
  });

  it('pads the last phrase too, and cuts no clip for the unheard period', () => {
    expect(spans(planClips(glued(), { ...pad300, mode: 'phrase' }))).toEqual([['One two.', 0, 1500]]);
    expect(spans(planClips(glued(), { ...pad300, keepPunctuation: true }))).toEqual([['One', 0, 750], ['two', 750, 1500]]);
  });

  it('passes a zero-length marker by and stops at the next marker that owns audio', () => {
    const result = resultOf('One, two.', [['One', 300, 700], [',', 700, 700], ['two', 1300, 1500], ['.', 1500, 1500]], 2000);
    // "One": next owning audio is "two" at 1300 → min(700 + 400, floor((700 + 1300) / 2) = 1000)
    expect(spans(planClips(result, { ...base, padBeforeMs: 400, padAfterMs: 400, audioDurationMs: 2000 })))
      .toEqual([['One', 0, 1000], ['two', 1000, 1900]]);
  });

  it('keeps a spoken period (its own onset, ending before the audio end) as audio padding stops at', () => {
    const result = resultOf('One two.', [['One', 300, 700], ['two', 800, 1200], ['.', 1300, 1600]], 2000);
    expect(spans(planClips(result, pad300))).toEqual([['One', 0, 750], ['two', 750, 1250]]);
  });
});

import { describe, expect, it } from 'vitest';
import { validateMarkers } from '../../src/markers/validate.js';
import { PUBLIC_MARKERS, PUBLIC_TRANSCRIPT, catchError, markersFor } from './helpers.js';
import type { WordMarker } from '../../src/markers/model.js';

const opts = { transcripts: [PUBLIC_TRANSCRIPT], audioDurationMs: 2600 };

function withMarker(index: number, change: Partial<WordMarker>): WordMarker[] {
  return PUBLIC_MARKERS.map((m, i) => (i === index ? { ...m, ...change } : { ...m }));
}

describe('validateMarkers', () => {
  it('accepts the public example unchanged', () => {
    expect(validateMarkers(PUBLIC_MARKERS, opts)).toEqual({
      transcript: PUBLIC_TRANSCRIPT,
      markers: PUBLIC_MARKERS,
      collapsed: false,
      warnings: [],
    });
  });

  it('picks the first candidate transcript the markers index, skipping undefined and duplicates', () => {
    const substituted = 'My txt so far.';
    const result = validateMarkers(PUBLIC_MARKERS, {
      transcripts: [undefined, substituted, substituted, PUBLIC_TRANSCRIPT],
      audioDurationMs: 2600,
    });
    expect(result.transcript).toBe(PUBLIC_TRANSCRIPT);
  });

  it('prefers the first candidate when several fit', () => {
    const padded = `${PUBLIC_TRANSCRIPT} Extra`;
    expect(validateMarkers(PUBLIC_MARKERS, { transcripts: [padded, PUBLIC_TRANSCRIPT], audioDurationMs: 2600 }).transcript)
      .toBe(padded);
  });

  it('reports the first candidate’s violation when no candidate fits', () => {
    const error = catchError(() =>
      validateMarkers(PUBLIC_MARKERS, { transcripts: ['My txt so far.', 'My test so far.'], audioDurationMs: 2600 }));
    expect(error.code).toBe('E_MARKERS_INVALID');
    expect(error.context.markerIndex).toBe(1);
    expect(error.message).toBe(
      'marker 1 "text" (text 3+4, audio 720–1230 ms): the transcript has "txt " at these offsets ' +
        '(no candidate transcript matched: checked 2)',
    );
  });

  it('does not mention other candidates when duplicates leave only one', () => {
    const error = catchError(() =>
      validateMarkers(PUBLIC_MARKERS, { transcripts: ['My txt so far.', 'My txt so far.'], audioDurationMs: 2600 }));
    expect(error.message).toBe('marker 1 "text" (text 3+4, audio 720–1230 ms): the transcript has "txt " at these offsets');
  });

  const violations: [string, WordMarker[], number, string][] = [
    ['non-integer start', withMarker(2, { startMs: 1260.5 }), 2, 'times are not integer milliseconds'],
    ['non-integer end', withMarker(0, { endMs: 720.25 }), 0, 'times are not integer milliseconds'],
    ['negative start', withMarker(0, { startMs: -1 }), 0, 'starts before the audio'],
    ['end before start', withMarker(3, { endMs: 1549 }), 3, 'ends before it starts'],
    ['decreasing start', withMarker(2, { startMs: 700 }), 2, 'starts before the previous marker (720 ms)'],
    ['end past the audio', withMarker(4, { endMs: 2651 }), 4, 'ends past the audio (2600 ms, tolerance 50 ms)'],
    ['text past the transcript', withMarker(4, { textStart: 15 }), 4, 'text offsets lie past the transcript (length 15)'],
    ['zero text length', withMarker(1, { textLength: 0 }), 1, 'text offsets are not a non-negative start and a positive length'],
    ['non-integer text start', withMarker(1, { textStart: 3.5 }), 1, 'text offsets are not a non-negative start and a positive length'],
    ['text out of order', withMarker(2, { textStart: 0, text: 'My' }), 2, "text starts before the previous marker's text (3)"],
    ['text differs', withMarker(3, { text: 'fat' }), 3, 'the transcript has "far" at these offsets'],
    ['text length differs', withMarker(3, { textLength: 4 }), 3, 'the transcript has "far." at these offsets'],
  ];
  it.each(violations)('%s → E_MARKERS_INVALID naming the marker', (_name, markers, index, problem) => {
    const error = catchError(() => validateMarkers(markers, opts));
    expect(error.code).toBe('E_MARKERS_INVALID');
    expect(error.context.markerIndex).toBe(index);
    const m = markers[index];
    expect(error.message).toBe(
      `marker ${index} ${JSON.stringify(m?.text)} (text ${m?.textStart}+${m?.textLength}, audio ${m?.startMs}–${m?.endMs} ms): ${problem}`,
    );
  });

  it('reports the first violation when there are several', () => {
    const markers = withMarker(1, { text: 'nope' }).map((m, i) => (i === 3 ? { ...m, startMs: -5 } : m));
    expect(catchError(() => validateMarkers(markers, opts)).context.markerIndex).toBe(1);
  });

  it('allows equal starts and zero-length markers', () => {
    const markers = markersFor('a b', [['a', 100, 100], ['b', 100, 300]]);
    expect(validateMarkers(markers, { transcripts: ['a b'], audioDurationMs: 300 }).markers).toEqual(markers);
  });

  it('clamps ends within the tolerance to the audio duration, with a warning', () => {
    const markers = withMarker(4, { endMs: 2650 });
    const result = validateMarkers(markers, opts);
    expect(result.markers[4]).toEqual({ ...PUBLIC_MARKERS[4], endMs: 2600 });
    expect(result.warnings).toEqual(['1 marker(s) ended slightly past the audio (2600 ms) and were clamped to its end']);
    expect(markers[4]?.endMs).toBe(2650);
  });

  it('clamps a start inside the tolerance zone too, keeping startMs ≤ endMs', () => {
    const markers = markersFor('a b', [['a', 0, 100], ['b', 1020, 1040]]);
    const result = validateMarkers(markers, { transcripts: ['a b'], audioDurationMs: 1000 });
    expect(result.markers[1]).toMatchObject({ startMs: 1000, endMs: 1000 });
  });

  it('honours a custom tolerance', () => {
    const error = catchError(() => validateMarkers(withMarker(4, { endMs: 2601 }), { ...opts, toleranceMs: 0 }));
    expect(error.context.markerIndex).toBe(4);
    expect(error.message).toMatch(/tolerance 0 ms/);
  });

  it('accepts no markers for a blank transcript, without warnings', () => {
    expect(validateMarkers([], { transcripts: [' \n'], audioDurationMs: 500 })).toEqual({
      transcript: ' \n', markers: [], collapsed: false, warnings: [],
    });
    expect(validateMarkers([], { transcripts: [], audioDurationMs: 500 }).transcript).toBe('');
  });

  it('accepts no markers for a non-empty transcript, with a warning', () => {
    const result = validateMarkers([], { transcripts: ['Hello.'], audioDurationMs: 500 });
    expect(result.markers).toEqual([]);
    expect(result.collapsed).toBe(false);
    expect(result.warnings).toEqual(['the transcript has text but the service returned no word markers: no clips can be cut']);
  });

  it('rejects a bad audio duration', () => {
    const error = catchError(() => validateMarkers([], { transcripts: [''], audioDurationMs: Number.NaN }));
    expect(error.code).toBe('E_MARKERS_INVALID');
    expect(error.context.markerIndex).toBeUndefined();
  });

  describe('collapse (spec 2.3 substitution effect)', () => {
    it('flags one marker spanning a multi-word transcript', () => {
      const transcript = 'Hello big world';
      const result = validateMarkers(markersFor(transcript, [[transcript, 100, 2900]]), {
        transcripts: [transcript], audioDurationMs: 3000,
      });
      expect(result.collapsed).toBe(true);
      expect(result.warnings).toHaveLength(1);
      expect(result.warnings[0]).toMatch(/only one word marker spans the whole 3-word transcript/);
      expect(result.warnings[0]).toMatch(/profile substitution rewrote the whole transcript/);
      expect(result.warnings[0]).toMatch(/remove or narrow that substitution rule/);
    });

    it('ignores surrounding whitespace of the transcript', () => {
      const transcript = '  hi there \n';
      const result = validateMarkers(markersFor(transcript, [['hi there', 0, 900]]), {
        transcripts: [transcript], audioDurationMs: 1000,
      });
      expect(result.collapsed).toBe(true);
    });

    it.each([
      ['a one-word transcript', 'Hello', [['Hello', 0, 500]]],
      ['one marker covering only part', 'Hello world', [['Hello', 0, 500]]],
      ['two markers', 'Hello world', [['Hello', 0, 500], ['world', 500, 900]]],
    ] as [string, string, [string, number, number][]][])('does not flag %s', (_name, transcript, tokens) => {
      const result = validateMarkers(markersFor(transcript, tokens), { transcripts: [transcript], audioDurationMs: 1000 });
      expect(result.collapsed).toBe(false);
      expect(result.warnings).toEqual([]);
    });
  });
});

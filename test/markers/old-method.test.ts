import { describe, expect, it } from 'vitest';
import { bytesToMs, decodeOldMarkers, parseNumberList } from '../../src/markers/old-method.js';
import { validateMarkers } from '../../src/markers/validate.js';
import { catchError } from './helpers.js';

describe('bytesToMs', () => {
  it.each([
    [3518, 109],
    [23358, 729],
    [0, 0],
    [31, 0],
    [32, 1],
    [32000, 1000],
    [21_000_000, 656_250],
  ])('%i bytes → %i ms', (bytes, ms) => {
    expect(bytesToMs(bytes)).toBe(ms);
  });

  it('evaluates the spec formula literally, in double precision (32032 bytes → 1000 ms, not 1001)', () => {
    expect(bytesToMs(32032)).toBe(1000);
    expect(Number((32032n * 1000n) / 32000n)).toBe(1001);
  });

  it('agrees with exact arithmetic on byte counts one sample into a millisecond (ms × 32 + 2), as the embedded service emits', () => {
    const wrong: number[] = [];
    for (let ms = 0; ms <= 200_000; ms += 1) if (bytesToMs(ms * 32 + 2) !== ms) wrong.push(ms);
    expect(wrong).toEqual([]);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s', (bytes) => {
    expect(catchError(() => bytesToMs(bytes)).code).toBe('E_MARKERS_INVALID');
  });
});

describe('parseNumberList', () => {
  it.each([
    ['[1,2]', [1, 2]],
    ['[ 0, 3518, 23358 ]', [0, 3518, 23358]],
    ['[[1, 2], [3, 4]]', [1, 2, 3, 4]],
    ['1, 2 3', [1, 2, 3]],
    ['1,2,3', [1, 2, 3]],
    ['\n 1\t2 \n', [1, 2]],
    ['1.5, -2', [1.5, -2]],
    ['', []],
    ['   ', []],
    ['[]', []],
  ])('%j → %j', (value, expected) => {
    expect(parseNumberList(value)).toEqual(expected);
  });

  it.each(['1,,2', '1, a', '1,2,', '[1,', '{"a":1}', '["1"]', '0x10', '1 2x'])('rejects %j', (value) => {
    const error = catchError(() => parseNumberList(value));
    expect(error.code).toBe('E_MARKERS_INVALID');
  });
});

describe('decodeOldMarkers', () => {
  // "Note: buy milk." — the colon and the period are one-character tokens (start = end).
  const transcript = 'Note: buy milk.';
  const wordTextMarkers = '0, 3, 4, 4, 6, 8, 10, 13, 14, 14';
  const wordAudioMarkers = '[3518, 23358, 23358, 25600, 32000, 40000, 40032, 56000, 56000, 64000]';

  it('pairs the k-th text pair with the k-th audio pair, text end inclusive', () => {
    expect(decodeOldMarkers({ wordAudioMarkers, wordTextMarkers, transcript })).toEqual([
      { text: 'Note', textStart: 0, textLength: 4, startMs: 109, endMs: 729 },
      { text: ':', textStart: 4, textLength: 1, startMs: 729, endMs: 800 },
      { text: 'buy', textStart: 6, textLength: 3, startMs: 1000, endMs: 1250 },
      { text: 'milk', textStart: 10, textLength: 4, startMs: 1251, endMs: 1750 },
      { text: '.', textStart: 14, textLength: 1, startMs: 1750, endMs: 2000 },
    ]);
  });

  it('produces markers that validate against the transcript', () => {
    const markers = decodeOldMarkers({ wordAudioMarkers, wordTextMarkers, transcript });
    const result = validateMarkers(markers, { transcripts: [transcript], audioDurationMs: 2000 });
    expect(result.markers.map((m) => m.text)).toEqual(['Note', ':', 'buy', 'milk', '.']);
    expect(result.collapsed).toBe(false);
  });

  it('decodes empty lists to no markers', () => {
    expect(decodeOldMarkers({ wordAudioMarkers: '', wordTextMarkers: '[]', transcript: '' })).toEqual([]);
  });

  const cases: [string, string, string, number | undefined, RegExp][] = [
    ['odd audio list', '0, 32, 64', '0, 3', undefined, /WordAudioMarkers has an odd number of entries \(3\)/],
    ['odd text list', '0, 32', '0, 3, 4', undefined, /WordTextMarkers has an odd number of entries \(3\)/],
    ['unequal lengths', '0, 32, 64, 96', '0, 3', undefined, /has 2 pairs but WordTextMarkers has 1/],
    ['non-integer byte', '0, 32, 64.5, 96', '0, 3, 4, 4', 1, /marker 1: WordAudioMarkers entry 64.5/],
    ['negative text index', '0, 32, 64, 96', '0, 3, -4, 4', 1, /marker 1: WordTextMarkers entry -4/],
    ['reversed audio pair', '64, 32', '0, 3', 0, /marker 0: WordAudioMarkers pair 64, 32 ends before it starts/],
    ['reversed text pair', '0, 32', '3, 0', 0, /WordTextMarkers pair 3, 0/],
    ['text end past transcript', '0, 32, 64, 96', '0, 3, 10, 15', 1, /end index 15 is beyond the transcript \(length 15\)/],
  ];
  it.each(cases)('%s → E_MARKERS_INVALID', (_name, audio, text, markerIndex, message) => {
    const error = catchError(() => decodeOldMarkers({ wordAudioMarkers: audio, wordTextMarkers: text, transcript }));
    expect(error.code).toBe('E_MARKERS_INVALID');
    expect(error.context.markerIndex).toBe(markerIndex);
    expect(error.message).toMatch(message);
  });
});

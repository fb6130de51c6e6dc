/** Markers that cannot be in the configured unit fail with E_MARKER_UNIT. */
import { describe, expect, it } from 'vitest';
import { decodeNewMarkers } from '../../src/markers/new-method.js';
import { unitMisfit } from '../../src/markers/unit.js';
import { catchError } from './helpers.js';

/** Seconds-valued markers of 25 words over 10 s of audio. */
const SECONDS = Array.from({ length: 25 }, (_, i) => ({ audioStart: 0.3 + i * 0.38, audioLength: 0.3, textStart: i * 2, textLength: 1, text: 'w' }));

describe('unitMisfit', () => {
  it('finds seconds read as milliseconds: every word in the first hundredth of the audio', () => {
    expect(unitMisfit(SECONDS, 'milliseconds', 10_000)).toBe('every word ends within the first 9.72 ms of 10000 ms of audio');
  });

  it('finds seconds read as milliseconds: most words under 5 ms, even when they spread far enough', () => {
    const raw = [{ audioStart: 0, audioLength: 2, text: 'a' }, { audioStart: 300, audioLength: 3, text: 'b' }, { audioStart: 900, audioLength: 400, text: 'c' }];
    expect(unitMisfit(raw, 'milliseconds', 2000)).toBe('2 of 3 words are shorter than 5 ms');
  });

  it('finds milliseconds read as seconds: past the audio, fitting only as milliseconds', () => {
    const raw = [{ audioStart: 300, audioLength: 400, text: 'a' }, { audioStart: 800, audioLength: 400, text: 'b' }];
    expect(unitMisfit(raw, 'seconds', 2000)).toBe('the last word ends at 1200 s, past the 2000 ms of audio (it fits read as milliseconds)');
  });

  it('accepts plausible markers in either unit, and no markers at all', () => {
    expect(unitMisfit(SECONDS, 'seconds', 10_000)).toBeUndefined();
    const ms = [{ audioStart: 300, audioLength: 400, text: 'a' }, { audioStart: 800, audioLength: 400, text: '.' }];
    expect(unitMisfit(ms, 'milliseconds', 2000)).toBeUndefined();
    expect(unitMisfit([], 'milliseconds', 2000)).toBeUndefined();
  });
});

describe('decodeNewMarkers with an explicit unit', () => {
  it('throws E_MARKER_UNIT naming --marker-unit and auto instead of decoding 1 ms words', () => {
    const error = catchError(() => decodeNewMarkers(JSON.stringify(SECONDS), { unit: 'milliseconds', audioDurationMs: 10_000 }));
    expect([error.code, error.message]).toEqual(['E_MARKER_UNIT',
      'word markers read as milliseconds cannot fit the audio: every word ends within the first 9.72 ms of 10000 ms of audio; no clips were cut. ' +
        'Fix: pass --marker-unit seconds (markerUnit in the config), or --marker-unit auto to detect the unit per recording.']);
  });

  it('leaves auto to its detection', () => {
    expect(decodeNewMarkers(JSON.stringify(SECONDS), { unit: 'auto', audioDurationMs: 10_000 }).markers[0]).toMatchObject({ startMs: 300, endMs: 600 });
  });
});

import { describe, expect, it } from 'vitest';
import { decodeNewMarkers } from '../../src/markers/new-method.js';
import { PUBLIC_MARKERS, PUBLIC_RAW, catchError } from './helpers.js';
import type { RawWordMarker } from '../../src/markers/model.js';

describe('decodeNewMarkers', () => {
  it('decodes the public example (seconds) by rounding, from parsed markers', () => {
    expect(decodeNewMarkers(PUBLIC_RAW, { unit: 'seconds' })).toEqual({ markers: PUBLIC_MARKERS, warnings: [] });
  });

  it('decodes the JSON text of the wordMarkers entry, spread over indented lines', () => {
    const raw = `\n  ${JSON.stringify(PUBLIC_RAW, null, 4)}\n`;
    expect(decodeNewMarkers(raw, { unit: 'seconds' }).markers).toEqual(PUBLIC_MARKERS);
  });

  it('rounds 0.71999997 s to 720 ms rather than truncating to 719', () => {
    const raw: RawWordMarker[] = [{ audioStart: 0.71999997, audioLength: 0.0004, textStart: 0, textLength: 1, text: 'a' }];
    expect(decodeNewMarkers(raw, { unit: 'seconds' }).markers[0]).toMatchObject({ startMs: 720, endMs: 720 });
  });

  it('rounds the end from audioStart + audioLength, not each part separately', () => {
    const raw: RawWordMarker[] = [{ audioStart: 1.0004, audioLength: 0.0004, textStart: 0, textLength: 1, text: 'a' }];
    expect(decodeNewMarkers(raw, { unit: 'seconds' }).markers[0]).toMatchObject({ startMs: 1000, endMs: 1001 });
  });

  it('takes milliseconds as milliseconds, rounded', () => {
    const raw: RawWordMarker[] = [{ audioStart: 389.6, audioLength: 330.2, textStart: 0, textLength: 2, text: 'My' }];
    expect(decodeNewMarkers(raw, { unit: 'milliseconds' }).markers).toEqual([
      { text: 'My', textStart: 0, textLength: 2, startMs: 390, endMs: 720 },
    ]);
  });

  it('keeps a marker\'s confidence (the embedded service\'s extension) when it is a number from 0 to 1, else drops it with a warning', () => {
    const at = (confidence: unknown) => ({ audioStart: 0.1, audioLength: 0.2, textStart: 0, textLength: 1, text: 'a', confidence });
    const raw = [at(0.25), at(1), at(0), at(1.5), at('0.5'), at(-0.1)] as unknown as RawWordMarker[];
    const decoded = decodeNewMarkers(raw, { unit: 'seconds' });
    expect(decoded.markers.map((m) => m.confidence)).toEqual([0.25, 1, 0, undefined, undefined, undefined]);
    expect(decoded.markers.map((m) => 'confidence' in m)).toEqual([true, true, true, false, false, false]);
    expect(decoded.warnings).toEqual(['3 word markers carry a confidence that is not a number from 0 to 1: ignored']);
  });

  it('treats a blank string as no markers', () => {
    expect(decodeNewMarkers('  \n', { unit: 'seconds' })).toEqual({ markers: [], warnings: [] });
  });

  describe("unit 'auto'", () => {
    const inMs = PUBLIC_RAW.map((m) => ({ ...m, audioStart: m.audioStart * 1000, audioLength: m.audioLength * 1000 }));

    it('picks seconds when seconds fit the audio and milliseconds would cover under 1/100 of it', () => {
      expect(decodeNewMarkers(PUBLIC_RAW, { unit: 'auto', audioDurationMs: 2600 })).toEqual({
        markers: PUBLIC_MARKERS,
        warnings: [],
      });
    });

    it('picks milliseconds when seconds overshoot the audio but milliseconds fit', () => {
      const { markers, warnings } = decodeNewMarkers(inMs, { unit: 'auto', audioDurationMs: 2600 });
      expect(markers).toEqual(PUBLIC_MARKERS);
      expect(warnings).toEqual([]);
    });

    it('picks milliseconds up to the tolerance (50 ms) past the audio, not beyond', () => {
      expect(decodeNewMarkers(inMs, { unit: 'auto', audioDurationMs: 2430 }).markers[4]?.endMs).toBe(2480);
      const beyond = decodeNewMarkers(inMs, { unit: 'auto', audioDurationMs: 2429 });
      expect(beyond.markers[4]?.endMs).toBe(2480000);
      expect(beyond.warnings[0]).toMatch(/could not be detected.*read as seconds.*markerUnit/);
    });

    it('picks seconds with a warning when both readings are plausible', () => {
      const raw: RawWordMarker[] = [{ audioStart: 0, audioLength: 0.05, textStart: 0, textLength: 1, text: 'a' }];
      const { markers, warnings } = decodeNewMarkers(raw, { unit: 'auto', audioDurationMs: 4 });
      expect(markers[0]?.endMs).toBe(50);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/ambiguous/);
      expect(warnings[0]).toContain("set markerUnit to 'seconds' or 'milliseconds'");
    });

    it('reads seconds with a warning when the audio duration is unknown', () => {
      const { markers, warnings } = decodeNewMarkers(PUBLIC_RAW, { unit: 'auto' });
      expect(markers).toEqual(PUBLIC_MARKERS);
      expect(warnings[0]).toMatch(/needs the audio duration.*markerUnit/);
    });

    it('decides nothing for an empty list', () => {
      expect(decodeNewMarkers('[]', { unit: 'auto', audioDurationMs: 1000 })).toEqual({ markers: [], warnings: [] });
    });
  });

  describe('malformed input', () => {
    const good = PUBLIC_RAW[0];
    const cases: [string, unknown, number | undefined, RegExp][] = [
      ['broken JSON', '[{"audioStart": 0.3,', undefined, /not valid JSON/],
      ['not an array', '{"audioStart": 0.3}', undefined, /not a JSON array/],
      ['entry not an object', [good, 5], 1, /wordMarkers\[1\] is not an object/],
      ['audioStart a string', [good, { ...good, audioStart: '0.3' }], 1, /wordMarkers\[1\]\.audioStart is not a finite number/],
      ['audioLength NaN', [{ ...good, audioLength: Number.NaN }], 0, /audioLength is not a finite number/],
      ['audioStart Infinity', [{ ...good, audioStart: Number.POSITIVE_INFINITY }], 0, /audioStart is not a finite/],
      ['negative audioLength', [good, good, { ...good, audioLength: -0.1 }], 2, /wordMarkers\[2\]\.audioLength is negative/],
      ['negative textStart', [{ ...good, textStart: -1 }], 0, /textStart is negative/],
      ['non-integer textStart', [{ ...good, textStart: 1.5 }], 0, /textStart is not an integer/],
      ['non-integer textLength', [{ ...good, textLength: 2.5 }], 0, /textLength is not an integer/],
      ['missing text', [good, { audioStart: 1, audioLength: 1, textStart: 3, textLength: 1 }], 1, /wordMarkers\[1\]\.text is missing/],
      ['empty text', [{ ...good, text: '' }], 0, /text is missing or not a non-empty string/],
      ['missing textLength', [{ audioStart: 1, audioLength: 1, textStart: 3, text: 'a' }], 0, /textLength is not a finite number/],
    ];
    it.each(cases)('%s → E_MARKERS_INVALID', (_name, raw, markerIndex, message) => {
      const error = catchError(() => decodeNewMarkers(raw as string, { unit: 'seconds' }));
      expect(error.code).toBe('E_MARKERS_INVALID');
      expect(error.context.markerIndex).toBe(markerIndex);
      expect(error.message).toMatch(message);
    });

    it('keeps the JSON parse error as cause', () => {
      const error = catchError(() => decodeNewMarkers('[1,', { unit: 'seconds' }));
      expect(error.cause).toBeInstanceOf(SyntaxError);
    });
  });
});

import { DictclipError } from '../../src/errors.js';
import type { RawWordMarker, WordMarker } from '../../src/markers/model.js';

/** Run `fn`, expect a DictclipError and return it (fails the test otherwise). */
export function catchError(fn: () => unknown): DictclipError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DictclipError) return error;
    throw error;
  }
  throw new Error('expected a DictclipError, nothing was thrown');
}

/** The public example of the real service (public notes): `My text so far.`, seconds. */
export const PUBLIC_TRANSCRIPT = 'My text so far.';
export const PUBLIC_RAW: RawWordMarker[] = [
  { audioStart: 0.39, audioLength: 0.32999998, textStart: 0, textLength: 2, text: 'My' },
  { audioStart: 0.71999997, audioLength: 0.51, textStart: 3, textLength: 4, text: 'text' },
  { audioStart: 1.26, audioLength: 0.29, textStart: 8, textLength: 2, text: 'so' },
  { audioStart: 1.55, audioLength: 0.41, textStart: 11, textLength: 3, text: 'far' },
  { audioStart: 2.0, audioLength: 0.48, textStart: 14, textLength: 1, text: '.' },
];
export const PUBLIC_MARKERS: WordMarker[] = [
  { text: 'My', textStart: 0, textLength: 2, startMs: 390, endMs: 720 },
  { text: 'text', textStart: 3, textLength: 4, startMs: 720, endMs: 1230 },
  { text: 'so', textStart: 8, textLength: 2, startMs: 1260, endMs: 1550 },
  { text: 'far', textStart: 11, textLength: 3, startMs: 1550, endMs: 1960 },
  { text: '.', textStart: 14, textLength: 1, startMs: 2000, endMs: 2480 },
];

/**
 * Markers for a transcript from `[token, startMs, endMs]` triples: each token is found in the
 * transcript after the previous one, so offsets are always consistent.
 */
export function markersFor(transcript: string, tokens: [string, number, number][]): WordMarker[] {
  let from = 0;
  return tokens.map(([text, startMs, endMs]) => {
    const textStart = transcript.indexOf(text, from);
    if (textStart < 0) throw new Error(`token ${text} not in ${transcript}`);
    from = textStart + text.length;
    return { text, textStart, textLength: text.length, startMs, endMs };
  });
}

import type { WordMarker } from '../../../src/markers/model.js';
import { expect } from 'vitest';
import type { RecognizedWord, TranscriptResult } from '../../../src/service/types.js';

/** Words at 100 ms steps: word k spans [k*500+100, k*500+400). */
export function words(...list: string[]): RecognizedWord[] {
  return list.map((word, k) => ({ word, startMs: k * 500 + 100, endMs: k * 500 + 400, confidence: 0.5 }));
}

/** Every marker's text is the slice of the substituted text it points at; markers are ordered. */
export function expectConsistent(result: Pick<TranscriptResult, 'substitutedText' | 'markers'>): void {
  let previousEnd = 0;
  for (const m of result.markers) {
    expect(result.substitutedText.slice(m.textStart, m.textStart + m.textLength)).toBe(m.text);
    expect(m.textLength).toBeGreaterThan(0);
    expect(m.textStart).toBeGreaterThanOrEqual(previousEnd);
    expect(m.endMs).toBeGreaterThanOrEqual(m.startMs);
    previousEnd = m.textStart + m.textLength;
  }
}

/** [text, textStart, startMs, endMs] of each marker, for compact exact assertions. */
export function summary(markers: WordMarker[]): [string, number, number, number][] {
  return markers.map((m) => [m.text, m.textStart, m.startMs, m.endMs]);
}

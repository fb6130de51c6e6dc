import { describe, expect, it } from 'vitest';
import { composeTranscript } from '../../../src/service/transcript/index.js';
import { expectConsistent, summary, words } from './helpers.js';

describe('composeTranscript without substitutions', () => {
  it('writes sentence case with a final zero-length period at the last word\'s end (the engine did not hear it)', () => {
    const result = composeTranscript({ words: words('my', 'text', 'so', 'far'), endMs: 2480 }, undefined);
    expect(result.text).toBe('My text so far.');
    expect(result.substitutedText).toBe('My text so far.');
    expect(result.markers).toEqual([
      { text: 'My', textStart: 0, textLength: 2, startMs: 100, endMs: 400, confidence: 0.5 },
      { text: 'text', textStart: 3, textLength: 4, startMs: 600, endMs: 900, confidence: 0.5 },
      { text: 'so', textStart: 8, textLength: 2, startMs: 1100, endMs: 1400, confidence: 0.5 },
      { text: 'far', textStart: 11, textLength: 3, startMs: 1600, endMs: 1900, confidence: 0.5 },
      { text: '.', textStart: 14, textLength: 1, startMs: 1900, endMs: 1900 },
    ]);
    expect(result.confidence).toBe(0.5);
    expectConsistent(result);
  });

  it('capitalises i and its contractions as words only, and gives a zero-length period', () => {
    const result = composeTranscript({ words: words('well', 'i', "i'm", 'in', 'it'), endMs: 0 }, undefined);
    expect(result.text).toBe("Well I I'm in it.");
    expect(summary(result.markers).at(-1)).toEqual(['.', 16, 2400, 2400]);
    expectConsistent(result);
  });

  it('averages confidence, and keeps each word\'s own on its marker (none on the period, which was not heard)', () => {
    const ws = words('a', 'b');
    ws[0] = { ...ws[0]!, confidence: 0.2 };
    ws[1] = { ...ws[1]!, confidence: 0.6 };
    const result = composeTranscript({ words: ws, endMs: 1000 }, undefined);
    expect(result.confidence).toBeCloseTo(0.4, 10);
    expect(result.markers.map((m) => m.confidence)).toEqual([0.2, 0.6, undefined]);
  });

  it('gives an empty transcript without words', () => {
    expect(composeTranscript({ words: [], endMs: 3000 }, undefined)).toEqual({
      text: '',
      substitutedText: '',
      markers: [],
      confidence: 0,
    });
  });

  it('passes XML-special characters through untouched', () => {
    const result = composeTranscript({ words: words('<&]]>"', 'x'), endMs: 1000 }, undefined);
    expect(result.text).toBe('<&]]>" x.');
    expect(summary(result.markers)).toEqual([['<&]]>"', 0, 100, 400], ['x', 7, 600, 900], ['.', 8, 900, 900]]);
    expectConsistent(result);
  });
});

import { describe, expect, it } from 'vitest';
import { isDictclipError } from '../../../src/errors.js';
import { composeTranscript } from '../../../src/service/transcript/index.js';
import type { SubstitutionRule } from '../../../src/service/types.js';
import { expectConsistent, summary, words } from './helpers.js';

function run(list: string[], rules: SubstitutionRule[], endMs = 5000) {
  const result = composeTranscript({ words: words(...list), endMs }, { name: 'p', substitutions: rules });
  expectConsistent(result);
  return result;
}

describe('substitutions', () => {
  it('replaces literal whole words case-insensitively and keeps the original text', () => {
    const result = run(['period', 'periodic', 'PERIOD', 'x'], [{ kind: 'literal', from: 'period', to: '.' }]);
    expect(result.text).toBe('Period periodic PERIOD x.');
    // Spaces before punctuation are tidied away after the rules.
    expect(result.substitutedText).toBe('. periodic. x.');
    expect(summary(result.markers)).toEqual([
      ['.', 0, 100, 400],
      ['periodic', 2, 600, 900],
      ['.', 10, 1100, 1400],
      ['x', 12, 1600, 1900],
      ['.', 13, 1900, 1900],
    ]);
  });

  it('takes literal replacements literally and escapes the spoken form', () => {
    const result = run(['a', 'b', 'c'], [{ kind: 'literal', from: 'a b', to: '$& (a+b)' }]);
    expect(result.substitutedText).toBe('$& (a+b) c.');
    expect(summary(result.markers)).toEqual([['$& (a+b)', 0, 100, 900], ['c', 9, 1100, 1400], ['.', 10, 1400, 1400]]);
  });

  it('merges tokens overlapping one match into one marker with the union of their audio', () => {
    const result = run(['new', 'york', 'city'], [{ kind: 'regex', pattern: 'new york', flags: 'i', to: 'NYC' }]);
    expect(result.substitutedText).toBe('NYC city.');
    expect(summary(result.markers)).toEqual([['NYC', 0, 100, 900], ['city', 4, 1100, 1400], ['.', 8, 1400, 1400]]);
  });

  it('gives a marker merged from several the lowest confidence among them', () => {
    const heard = words('new', 'york', 'city').map((w, k) => ({ ...w, confidence: [0.9, 0.3, 0.7][k]! }));
    const result = composeTranscript({ words: heard, endMs: 5000 }, { name: 'p', substitutions: [{ kind: 'regex', pattern: 'new york', flags: 'i', to: 'NYC' }] });
    expect(result.markers.map((m) => [m.text, m.confidence])).toEqual([['NYC', 0.3], ['city', 0.7], ['.', undefined]]);
  });

  it('supports regex groups and keeps the rest of a partly matched token in its marker', () => {
    const result = run(['one', 'hundred', 'apples'], [{ kind: 'regex', pattern: '(\\w+) hundred', to: '$1 x100' }, { kind: 'regex', pattern: 'pp', to: 'P' }]);
    expect(result.substitutedText).toBe('One x100 aPles.');
    expect(summary(result.markers)).toEqual([['One x100', 0, 100, 900], ['aPles', 9, 1100, 1400], ['.', 14, 1400, 1400]]);
  });

  it('removes a token and its marker on an empty replacement and tidies the spaces', () => {
    const result = run(['so', 'um', 'yes', 'um'], [{ kind: 'literal', from: 'um', to: '' }]);
    expect(result.substitutedText).toBe('So yes.');
    expect(summary(result.markers)).toEqual([['So', 0, 100, 400], ['yes', 3, 1100, 1400], ['.', 6, 1900, 1900]]);
  });

  it('collapses to one marker spanning the whole utterance when a rule matches everything ($&)', () => {
    const result = run(['my', 'text', 'so', 'far'], [{ kind: 'regex', pattern: '^[\\s\\S]*$', to: '$&' }], 2480);
    expect(result.substitutedText).toBe('My text so far.');
    expect(result.markers).toEqual([{ text: 'My text so far.', textStart: 0, textLength: 15, startMs: 100, endMs: 2480, confidence: 0.5 }]);
  });

  it('collapses to one marker when a rule rewrites everything to a constant', () => {
    const result = run(['a', 'b'], [{ kind: 'regex', pattern: '^[\\s\\S]*$', to: 'redacted' }], 1200);
    expect(result.markers).toEqual([{ text: 'redacted', textStart: 0, textLength: 8, startMs: 100, endMs: 1200, confidence: 0.5 }]);
  });

  it('restores word markers when the whole-transcript rule is removed', () => {
    expect(run(['a', 'b'], []).markers).toHaveLength(3);
  });

  it('leaves XML-special characters untouched', () => {
    const result = run(['x', 'y'], [{ kind: 'literal', from: 'y', to: '<&]]>"' }]);
    expect(result.substitutedText).toBe('X <&]]>".');
    expect(summary(result.markers)).toEqual([['X', 0, 100, 400], ['<&]]>"', 2, 600, 900], ['.', 8, 900, 900]]);
  });

  it('shifts markers past zero-length insertions and keeps one marker for several matches in a token', () => {
    const result = run(['foo', 'bar'], [{ kind: 'regex', pattern: '^', to: '>> ' }, { kind: 'regex', pattern: 'o', to: '0' }]);
    expect(result.substitutedText).toBe('>> F00 bar.');
    expect(summary(result.markers)).toEqual([['F00', 3, 100, 400], ['bar', 7, 600, 900], ['.', 10, 900, 900]]);
  });

  it('bounds literal words by Unicode letters', () => {
    const result = run(['café', 'caféine'], [{ kind: 'literal', from: 'CAFÉ', to: 'coffee' }]);
    expect(result.substitutedText).toBe('coffee caféine.');
  });

  it('rejects an invalid pattern with E_CONFIG', () => {
    let error: unknown;
    try {
      run(['a'], [{ kind: 'regex', pattern: '(', to: '' }]);
    } catch (caught) {
      error = caught;
    }
    expect(isDictclipError(error, 'E_CONFIG')).toBe(true);
  });
});

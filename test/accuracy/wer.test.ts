import { describe, expect, it } from 'vitest';
import { parseTranscription, wordErrorRate, wordErrors, words } from '../../src/accuracy/wer.js';

describe('words', () => {
  it('lowercases, drops punctuation and keeps inner apostrophes and hyphens', () => {
    expect(words('Mister John Dashwood, had -- "then" leisure. Cold-hearted isn\'t it?')).toEqual(
      ['mister', 'john', 'dashwood', 'had', 'then', 'leisure', 'cold-hearted', "isn't", 'it']);
  });
});

describe('wordErrors', () => {
  it('counts substitutions, deletions and insertions at their minimum', () => {
    const ref = ['he', 'was', 'not', 'an', 'ill', 'disposed', 'young', 'man'];
    expect(wordErrors(ref, ref)).toBe(0);
    // "ill disposed" → "illness those": two substitutions.
    expect(wordErrors(ref, ['he', 'was', 'not', 'an', 'illness', 'those', 'young', 'man'])).toBe(2);
    expect(wordErrors(ref, ['was', 'not', 'an', 'ill', 'disposed', 'young', 'man'])).toBe(1);
    expect(wordErrors(ref, ['so', 'he', 'was', 'not', 'an', 'ill', 'disposed', 'young', 'man'])).toBe(1);
    expect(wordErrors(ref, [])).toBe(8);
    expect(wordErrors([], ['a', 'b'])).toBe(2);
  });
});

describe('wordErrorRate', () => {
  it('is total errors over total reference words, not a mean of rates', () => {
    const result = wordErrorRate([
      { reference: 'he might even have been made amiable himself', hypothesis: 'He might even have been made the amiable itself.' },
      { reference: 'a b', hypothesis: 'a b' },
    ]);
    expect(result.items).toEqual([{ errors: 2, referenceWords: 8 }, { errors: 0, referenceWords: 2 }]);
    expect([result.errors, result.referenceWords, result.rate]).toEqual([2, 10, 0.2]);
    expect(wordErrorRate([]).rate).toBe(0);
  });
});

describe('parseTranscription', () => {
  it('reads the Sphinx transcription format', () => {
    const text = '<s> he was not an ill disposed young man </s> (sense_0880)\n<s> had he married </s> (sense_0920)\n\n';
    expect([...parseTranscription(text)]).toEqual([
      ['sense_0880', 'he was not an ill disposed young man'],
      ['sense_0920', 'had he married'],
    ]);
  });
});

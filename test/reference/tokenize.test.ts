import { describe, expect, it } from 'vitest';
import { spokenForm } from '../../src/reference/normalize.js';
import { tokenize } from '../../src/reference/tokenize.js';

describe('tokenize', () => {
  it('splits words and punctuation with offsets into the exact text', () => {
    const text = 'CHAPTER I.\n\n"Hello," said Dr. Smith — in 1984 & U.S.A. etc.';
    const tokens = tokenize(text);
    expect(tokens.map((t) => [t.text, t.textStart, t.textLength])).toEqual([
      ['CHAPTER', 0, 7], ['I', 8, 1], ['.', 9, 1], ['"', 12, 1], ['Hello', 13, 5], [',"', 18, 2], ['said', 21, 4],
      ['Dr.', 26, 3], ['Smith', 30, 5], ['—', 36, 1], ['in', 38, 2], ['1984', 41, 4], ['&', 46, 1], ['U.S.A.', 48, 6], ['etc.', 55, 4],
    ]);
    for (const t of tokens) expect(text.slice(t.textStart, t.textStart + t.textLength)).toBe(t.text);
    expect(tokens.map((t) => t.spoken.join(' '))).toEqual([
      'chapter', 'i', '', '', 'hello', '', 'said', 'doctor', 'smith', '', 'in', 'nineteen eighty four', 'and', 'u s a', 'et cetera',
    ]);
  });

  it('keeps a word with inner joiners whole, and a sentence end apart', () => {
    expect(tokenize("don’t twenty-one 3.5 1,000 $5 50% end.").map((t) => t.text)).toEqual(
      ["don’t", 'twenty-one', '3.5', '1,000', '$5', '50%', 'end', '.']);
  });

  it('counts offsets in UTF-16 code units across astral characters', () => {
    const text = '😀 naïve café';
    expect(tokenize(text).map((t) => [t.text, t.textStart])).toEqual([['😀', 0], ['naïve', 3], ['café', 9]]);
  });
});

describe('spokenForm', () => {
  it.each([
    ['2', ['two']], ['Two', ['two']], ['21', ['twenty', 'one']], ['21st', ['twenty', 'first']], ['1984', ['nineteen', 'eighty', 'four']],
    ['1905', ['nineteen', 'oh', 'five']], ['1900', ['nineteen', 'hundred']], ['2007', ['two', 'thousand', 'seven']],
    ['2024', ['twenty', 'twenty', 'four']], ['1,000', ['one', 'thousand']], ['3.5', ['three', 'point', 'five']],
    ['50%', ['fifty', 'percent']], ['%', ['percent']], ['$5', ['five', 'dollars']], ['$1', ['one', 'dollar']],
    ['Dr.', ['doctor']], ['dr', ['doctor']], ['Mrs.', ['missus']], ['etc.', ['et', 'cetera']], ['10:30', ['ten', 'thirty']],
    ["Don’t", ["don't"]], ['twenty-one', ['twenty', 'one']], ['Hello', ['hello']], ['A4', ['a', 'four']], [',', []],
    ['OK', ['okay']], ["'tis", ['tis']],
  ])('%s → %j', (word, spoken) => {
    expect(spokenForm(word)).toEqual(spoken);
  });
});

describe('a giant word', () => {
  it("is spoken in time linear in its length: a'''…'a of 200,000 characters in well under 2 s (the '+$ regex took about a minute)", () => {
    const started = performance.now();
    const spoken = spokenForm(`a${"'".repeat(200_000)}a`);
    const ms = performance.now() - started;
    expect(spoken).toEqual([`a${"'".repeat(200_000)}a`]);
    expect(ms).toBeLessThan(2000);
  });
});

/** Run-output cells are spreadsheet-safe, control-free and exactly reversible. */
import { describe, expect, it } from 'vitest';
import { decodeCell, encodeCell, encodeRow } from '../../src/run-output/cells.js';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const HOSTILE = [
  '=HYPERLINK("http://evil.example","click")', '+1+2', '-5', '@SUM(A1)', '\t=1', '\r=1', "'=x", "''+y", "'tis", 'plain',
  'nul\u0000byte', 'esc\u001B[31mred', 'line\nbreak', 'del\u007F', 'c1\u0085', '\u241B literal', '\u241B00', '', '=', "'", '-',
];

describe('encodeCell / decodeCell', () => {
  it('writes formula starters behind an apostrophe and control characters as ␛XX', () => {
    expect(['=1+2', '+A1', '-A1', '@x', "'=x", "'tis", 'a=b', '-99', '+1.5', "'-5"].map(encodeCell))
      .toEqual(["'=1+2", "'+A1", "'-A1", "'@x", "''=x", "'tis", 'a=b', '-99', '+1.5', "''-5"]);
    expect(encodeCell('\t=1')).toBe('\u241B09=1');
    expect(encodeCell('a\u0000b\u001Bc\nd')).toBe('a\u241B00b\u241B1Bc\u241B0Ad');
    expect(encodeCell('\u241B00')).toBe('\u241B\u241B00');
  });

  it('gives every hostile cell back exactly, and writes none a spreadsheet runs or a terminal obeys', () => {
    for (const text of HOSTILE) {
      const cell = encodeCell(text);
      expect(decodeCell(cell), JSON.stringify(text)).toBe(text);
      expect(cell).not.toMatch(CONTROL);
      if (!/^[+-]?\d+$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@\t\r]/); // a plain number is no formula
    }
  });

  it('round-trips 20,000 random strings over a hostile alphabet', () => {
    const alphabet = ["'", '=', '+', '-', '@', '\t', '\r', '\n', '\u0000', '\u001B', '\u007F', '\u0085', '\u241B', '0', 'A', 'é', ' '];
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 20_000; i++) {
      const text = Array.from({ length: next() % 7 }, () => alphabet[next() % alphabet.length]).join('');
      const cell = encodeCell(text);
      expect(decodeCell(cell)).toBe(text);
      expect(cell).not.toMatch(CONTROL);
      if (!/^[+-]?\d+$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@]/);
    }
  });

  it('encodes the string cells of a row and leaves numbers alone', () => {
    expect(encodeRow({ text: '-x', start_ms: -1, flags: '' })).toEqual({ text: "'-x", start_ms: -1, flags: '' });
  });
});

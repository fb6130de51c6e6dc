import { describe, expect, it } from 'vitest';
import { encodeCell } from '../../src/run-output/cells.js';
import { contentId, ID_PATTERN, newId } from '../../src/service/ids.js';

describe('service ids start with a letter or digit (the manifest writes them without the spreadsheet guard)', () => {
  it('newId draws again while the id would start with - or _', () => {
    // 0xF8 → base64url "-…", 0xFC → "_…", 0x00 → "A…".
    const draws = [Buffer.alloc(16, 0xf8), Buffer.alloc(16, 0xfc), Buffer.alloc(16, 0x00)];
    let calls = 0;
    const id = newId((size) => { expect(size).toBe(16); return draws[calls++]!; });
    expect([calls, id]).toEqual([3, 'AAAAAAAAAAAAAAAAAAAAAA']);
    expect(Buffer.alloc(16, 0xf8).toString('base64url')[0]).toBe('-');
  });

  it('contentId is the SHA-256 prefix, re-hashed with a round number when that starts with - or _', () => {
    // SHA-256("x\0" "25\0") in base64url starts with "-dzEXd4c…"; with the round "1\0" added it is "sO-bB2Lo…".
    expect(contentId('x', '25')).toBe('sO-bB2LoPr8wbpmwhCIddU');
    expect(contentId('a', 'b')).toBe('j7IO9jztQUX8Lpg__ll9Hc'); // already starting with a letter: the plain prefix
    expect(contentId('x', '25')).toMatch(ID_PATTERN);
    expect(encodeCell(contentId('x', '25'))).toBe('sO-bB2LoPr8wbpmwhCIddU');
  });
});

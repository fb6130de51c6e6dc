/** The pages' formatting helpers (src/report/page/format.ts), shared by the report and the review page. */
import { describe, expect, it } from 'vitest';
import { bars, decodeInt8, esc, fmtMs, href, median, plural } from '../../src/report/page/format.js';

describe('fmtMs', () => {
  it('writes ms under a second, seconds with two then one decimal, then min and h', () => {
    expect([0, 420, 999.4, 999.6, 2340, 9994, 12345, 59940, 60000, 187000, 3723000].map(fmtMs))
      .toEqual(['0 ms', '420 ms', '999 ms', '1.00 s', '2.34 s', '9.99 s', '12.3 s', '59.9 s', '1:00 min', '3:07 min', '1:02:03 h']);
  });
});

describe('esc, href, plural, median', () => {
  it('escapes the five HTML characters and nothing else', () => {
    expect(esc(`<a href="x">&'é`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;é');
    expect(esc(42)).toBe('42');
  });

  it('percent-encodes each path segment, keeping the slashes', () => {
    expect(href('clips/quiet "take" & <2> #1?/00001_a.wav')).toBe('clips/quiet%20%22take%22%20%26%20%3C2%3E%20%231%3F/00001_a.wav');
  });

  it('pluralizes all but one', () => {
    expect([0, 1, 2].map((n) => plural(n, 'clip'))).toEqual(['0 clips', '1 clip', '2 clips']);
  });

  it('takes the middle value, or the mean of the two middle ones, of a sorted list', () => {
    expect([median([]), median([5]), median([1, 2, 9]), median([1, 2, 8, 9])]).toEqual([0, 5, 2, 5]);
  });
});

describe('bars', () => {
  it('scales every bar to the largest value and writes the unit', () => {
    const html = bars([{ label: 'a', labelHtml: 'a', value: 1 }, { label: 'b', labelHtml: '<b>b</b>', value: 4, attrs: ' data-x="1"' }], (v) => `${v} ms`);
    expect([...html.matchAll(/width:([\d.]+)%/g)].map((m) => m[1])).toEqual(['25.00', '100.00']);
    expect([...html.matchAll(/class="bar-value">([^<]*)</g)].map((m) => m[1])).toEqual(['1 ms', '4 ms']);
    expect(html).toContain('<div class="bar-row" data-x="1"><span class="bar-label" title="b"><b>b</b></span>');
  });
});

describe('decodeInt8', () => {
  it('reads base64 bytes as signed values', () => {
    expect([...decodeInt8('gH8A/w==')]).toEqual([-128, 127, 0, -1]);
    expect(decodeInt8('')).toHaveLength(0);
  });
});

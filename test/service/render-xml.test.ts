import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../src/service/compress.js';
import { errorXml, escapeXml, propertiesXml } from '../../src/service/render-xml.js';

describe('XML writing', () => {
  it('escapes markup characters and drops characters XML cannot carry', () => {
    expect(escapeXml(`a<b&c]]>"'\u0001d\uD800e`)).toBe('a&lt;b&amp;c]]&gt;&quot;&apos;de');
  });

  it('writes properties documents that parse back to the same values', () => {
    const xml = propertiesXml([['Transcription', `x <y> & "z" ]]>`], ['n', 3]]);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false }).parse(xml) as {
      properties: { entry: { '@key': string; '#text': string }[] };
    };
    expect(parsed.properties.entry).toEqual([{ '@key': 'Transcription', '#text': `x <y> & "z" ]]>` }, { '@key': 'n', '#text': '3' }]);
    expect(errorXml(400, 'E_BAD_REQUEST', 'a & b')).toBe(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><error><status>400</status><code>E_BAD_REQUEST</code><message>a &amp; b</message></error>',
    );
  });

  it('negotiates gzip before deflate and honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBe('deflate');
    expect(negotiateEncoding('gzip;q=0, deflate')).toBe('deflate');
    expect(negotiateEncoding('deflate;q=0.5, gzip;q=0.2')).toBe('deflate');
    expect(negotiateEncoding('br')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
  });
});

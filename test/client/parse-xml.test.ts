import { expect, test } from 'vitest';
import { parseDictationXml, parsePropertiesXml } from '../../src/client/parse-xml.js';
import { AUDIO_STATS_XML, PUBLIC_MARKERS_JSON, dictationXml } from './fixtures.js';

test('properties XML with the Java DOCTYPE, comments and entities', () => {
  expect(parsePropertiesXml(AUDIO_STATS_XML).get('WordAudioMarkers')).toBe('12480,23040,23040,39360,40320,49600,49600,62720,64000,79360');
  const xml = `<?xml version="1.0"?>
<!DOCTYPE properties SYSTEM "http://java.sun.com/dtd/properties.dtd">
<properties><!-- c --><entry key="Transcription"> Tom &amp; Jerry &lt;3 &#233;&#x20AC; </entry><entry key="Empty"/></properties>`;
  expect(parsePropertiesXml(xml)).toEqual(new Map([['Transcription', ' Tom & Jerry <3 é€ '], ['Empty', '']]));
});

test('entities declared in a DOCTYPE are never expanded', () => {
  const lol = `<?xml version="1.0"?>
<!DOCTYPE properties [
  <!ENTITY a "aaaaaaaaaa">
  <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
]>
<properties><entry key="x">&b;</entry></properties>`;
  expect(parsePropertiesXml(lol)).toEqual(new Map([['x', '&b;']]));
});

test('an external entity declaration is refused (E_RESPONSE_INVALID), never resolved', () => {
  const xxe = `<?xml version="1.0"?>
<!DOCTYPE properties [ <!ENTITY ext SYSTEM "file:///etc/passwd"> ]>
<properties><entry key="y">&ext;</entry></properties>`;
  expect(() => parsePropertiesXml(xxe)).toThrow(expect.objectContaining({
    code: 'E_RESPONSE_INVALID', message: 'The service sent XML that cannot be parsed: External entities are not supported',
  }));
});

test('key/value entry elements are accepted in properties too', () => {
  expect(parsePropertiesXml('<properties><entry><key>k</key><value>v</value></entry></properties>')).toEqual(new Map([['k', 'v']]));
});

test('invalid, truncated or foreign XML is E_RESPONSE_INVALID with an excerpt and the given context', () => {
  expect(() => parsePropertiesXml('<properties><entry key="a">1</entry>', { method: 'GET', url: 'http://h/x' })).toThrow(expect.objectContaining({
    code: 'E_RESPONSE_INVALID', context: { method: 'GET', url: 'http://h/x', bodyExcerpt: '<properties><entry key="a">1</entry>' },
  }));
  expect(() => parsePropertiesXml('<html><body>Service Unavailable</body></html>')).toThrow(expect.objectContaining({
    code: 'E_RESPONSE_INVALID', message: 'The service sent XML without a <properties> root element',
  }));
  expect(() => parsePropertiesXml('')).toThrow(expect.objectContaining({ code: 'E_RESPONSE_INVALID' }));
  expect(() => parseDictationXml('not xml at all')).toThrow(expect.objectContaining({ code: 'E_RESPONSE_INVALID' }));
});

test('dictation XML: every field typed, raw multi-line marker JSON kept', () => {
  const details = parseDictationXml(dictationXml('http://h/d/1', PUBLIC_MARKERS_JSON));
  expect(details.done).toBe(true);
  expect(details.queuedTime).toBe(1700000000123);
  expect(details.canceledTime).toBe(0);
  expect(details.statsAsProperties.get('wordMarkers')).toBe(PUBLIC_MARKERS_JSON);
});

test('dictation XML: minimal document, absent fields undefined, booleans false', () => {
  expect(parseDictationXml('<dictation><done> FALSE </done><id>x</id><profile></profile></dictation>')).toEqual({
    done: false, id: 'x', profile: undefined, queuedTime: undefined, statsAsProperties: new Map(), statsString: undefined,
    url: undefined, audioName: undefined, tenantDatabase: undefined, textName: undefined, canceled: false,
    canceledTime: undefined, phonemesName: undefined, streaming: false, substitutedTextName: undefined,
  });
});

test('dictation XML: bad boolean or number is E_RESPONSE_INVALID', () => {
  expect(() => parseDictationXml('<dictation><done>yes</done></dictation>')).toThrow(expect.objectContaining({
    code: 'E_RESPONSE_INVALID', message: 'The dictation field done is not a boolean: "yes"',
  }));
  expect(() => parseDictationXml('<dictation><queuedTime>soon</queuedTime></dictation>')).toThrow(expect.objectContaining({ code: 'E_RESPONSE_INVALID' }));
});

test('dictation XML: entry with a key attribute and repeated statsAsProperties containers', () => {
  const xml = `<dictation><statsAsProperties><entry key="wordMarkers">[]</entry></statsAsProperties>
<statsAsProperties><key>other</key><value>1</value></statsAsProperties></dictation>`;
  expect(parseDictationXml(xml).statsAsProperties).toEqual(new Map([['wordMarkers', '[]'], ['other', '1']]));
});

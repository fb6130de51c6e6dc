/**
 * XML writing for the embedded service: the dictation document (spec 2.2), Java-style properties
 * documents (spec 2.4, 2.5) and error bodies. All text is escaped (never CDATA), and characters
 * that XML 1.0 cannot carry at all are dropped, so any transcript stays well-formed.
 */

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const PROPERTIES_PROLOG =
  '<?xml version="1.0" encoding="UTF-8" standalone="no"?>' +
  '<!DOCTYPE properties SYSTEM "http://java.sun.com/dtd/properties.dtd">';

// Characters outside the XML 1.0 Char production (C0 controls except tab/LF/CR, lone surrogates, U+FFFE/F).
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escape text for element content or attribute values. */
export function escapeXml(value: string): string {
  return value.replace(INVALID_XML_CHARS, '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** One element with escaped text content. */
export function element(name: string, value: string | number | boolean): string {
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** Fields of the dictation document, in the order of spec 2.2. Undefined fields are written empty. */
export interface DictationXmlFields {
  done: boolean;
  id: string;
  profile: string | undefined;
  queuedTime: number;
  statsAsProperties: [string, string][];
  statsString: string;
  url: string;
  audioName: string;
  tenantDatabase: string;
  textName: string;
  canceled: boolean;
  canceledTime: number | undefined;
  phonemesName: string;
  streaming: boolean;
  substitutedTextName: string;
}

/** The dictation XML of spec 2.2 (root `<dictation>`). */
export function dictationXml(f: DictationXmlFields): string {
  const entries = f.statsAsProperties
    .map(([key, value]) => `<entry>${element('key', key)}${element('value', value)}</entry>`)
    .join('');
  return (
    XML_DECLARATION +
    '<dictation>' +
    element('done', f.done) +
    element('id', f.id) +
    element('profile', f.profile ?? '') +
    element('queuedTime', f.queuedTime) +
    `<statsAsProperties>${entries}</statsAsProperties>` +
    element('statsString', f.statsString) +
    element('url', f.url) +
    element('audioName', f.audioName) +
    element('tenantDatabase', f.tenantDatabase) +
    element('textName', f.textName) +
    element('canceled', f.canceled) +
    element('canceledTime', f.canceledTime ?? 0) +
    element('phonemesName', f.phonemesName) +
    element('streaming', f.streaming) +
    element('substitutedTextName', f.substitutedTextName) +
    '</dictation>'
  );
}

/** A Java properties XML document: `<properties><entry key="k">v</entry>…</properties>`. */
export function propertiesXml(entries: [string, string | number][]): string {
  const body = entries.map(([key, value]) => `<entry key="${escapeXml(key)}">${escapeXml(String(value))}</entry>`).join('');
  return `${PROPERTIES_PROLOG}<properties>${body}</properties>`;
}

/** The error body: `<error><status>…</status><code>…</code><message>…</message></error>`. */
export function errorXml(status: number, code: string, message: string): string {
  return `${XML_DECLARATION}<error>${element('status', status)}${element('code', code)}${element('message', message)}</error>`;
}

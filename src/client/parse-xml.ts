/**
 * Parsing of the service's XML bodies (spec 2.2, 2.4, 2.5) with fast-xml-parser.
 *
 * - A DOCTYPE is tolerated and never fetched (fast-xml-parser has no network access). Entities it
 *   declares are never expanded: only the five predefined XML entities and numeric character
 *   references are decoded, so entity-expansion tricks stay inert text.
 * - Comments are ignored; CDATA sections are merged into the text.
 * - Values are kept as raw strings (no number parsing, no trimming of property values).
 */
import { XMLParser, XMLValidator, type EntityDecoderOptions } from 'fast-xml-parser';
import { DictclipError, excerpt, type ErrorContext } from '../errors.js';
import type { DictationDetails } from './types.js';

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes predefined entities and character references only; DOCTYPE entities are ignored. */
const safeEntityDecoder: EntityDecoderOptions = {
  setExternalEntities: () => undefined,
  addInputEntities: () => undefined,
  reset: () => undefined,
  setXmlVersion: () => undefined,
  decode: (text) =>
    text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return PREDEFINED[name] ?? whole;
    }),
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  entityDecoder: safeEntityDecoder,
  isArray: (name) => name === 'entry' || name === 'statsAsProperties',
});

type XmlNode = Record<string, unknown>;

function invalid(message: string, xml: string, context: ErrorContext, cause?: unknown): DictclipError {
  return new DictclipError('E_RESPONSE_INVALID', message, {
    ...context,
    bodyExcerpt: excerpt(xml),
    ...(cause === undefined ? {} : { cause }),
  });
}

function parseDocument(xml: string, root: string, context: ErrorContext): XmlNode {
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    throw invalid(`The service sent invalid XML (${msg} at line ${line}, column ${col})`, xml, context);
  }
  let document: XmlNode;
  try {
    document = parser.parse(xml) as XmlNode;
  } catch (error) {
    throw invalid(`The service sent XML that cannot be parsed: ${(error as Error).message}`, xml, context, error);
  }
  const node = document[root];
  if (node === undefined) throw invalid(`The service sent XML without a <${root}> root element`, xml, context);
  return isNode(node) ? node : {};
}

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text of an element: a string, or the `#text` of an element with attributes; '' when empty. */
function textOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return textOf(value[0]);
  if (isNode(value)) {
    const text = value['#text'];
    return typeof text === 'string' ? text : '';
  }
  return String(value);
}

/** Collect `<entry key="k">v</entry>` and `<entry><key>k</key><value>v</value></entry>` entries. */
function collectEntries(entries: unknown, into: Map<string, string>): void {
  if (!Array.isArray(entries)) return;
  for (const entry of entries) {
    if (!isNode(entry)) continue;
    const attributeKey = entry['@_key'];
    if (typeof attributeKey === 'string') {
      into.set(attributeKey, textOf(entry) ?? '');
      continue;
    }
    const key = textOf(entry['key']);
    if (key !== undefined) into.set(key.trim(), textOf(entry['value']) ?? '');
  }
}

/**
 * Parse a properties XML body (`<properties><entry key="…">…</entry></properties>`, spec 2.4 and
 * 2.5) into a map of raw string values.
 * @throws DictclipError E_RESPONSE_INVALID when the XML is invalid, truncated or has another root.
 */
export function parsePropertiesXml(xml: string, context: ErrorContext = {}): Map<string, string> {
  const root = parseDocument(xml, 'properties', context);
  const map = new Map<string, string>();
  collectEntries(root['entry'], map);
  return map;
}

function parseBoolean(value: string | undefined, field: string, xml: string, context: ErrorContext): boolean {
  if (value === undefined || value.trim() === '') return false;
  const normalized = value.trim().toLowerCase();
  if (normalized === 'true') return true;
  if (normalized === 'false') return false;
  throw invalid(`The dictation field ${field} is not a boolean: "${excerpt(value, 40)}"`, xml, context);
}

function parseNumber(value: string | undefined, field: string, xml: string, context: ErrorContext): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const number = Number(value.trim());
  if (!Number.isFinite(number)) {
    throw invalid(`The dictation field ${field} is not a number: "${excerpt(value, 40)}"`, xml, context);
  }
  return number;
}

function optionalText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * Parse the dictation XML of spec 2.2 (root `dictation`). Entries of `statsAsProperties` are kept
 * raw (the `wordMarkers` value is the JSON text as sent, possibly multi-line).
 * @throws DictclipError E_RESPONSE_INVALID when the XML is invalid, truncated, has another root,
 * or a boolean/number field does not parse.
 */
export function parseDictationXml(xml: string, context: ErrorContext = {}): DictationDetails {
  const root = parseDocument(xml, 'dictation', context);
  const field = (name: string): string | undefined => textOf(root[name]);
  const stats = new Map<string, string>();
  const containers = root['statsAsProperties'];
  if (Array.isArray(containers)) {
    for (const container of containers) {
      if (!isNode(container)) continue;
      collectEntries(container['entry'], stats);
      // Tolerate a container that is itself one key/value pair.
      if (container['entry'] === undefined) collectEntries([container], stats);
    }
  }
  return {
    done: parseBoolean(field('done'), 'done', xml, context),
    id: field('id')?.trim() ?? '',
    profile: optionalText(field('profile')),
    queuedTime: parseNumber(field('queuedTime'), 'queuedTime', xml, context),
    statsAsProperties: stats,
    statsString: field('statsString'),
    url: optionalText(field('url')),
    audioName: optionalText(field('audioName')),
    tenantDatabase: optionalText(field('tenantDatabase')),
    textName: optionalText(field('textName')),
    canceled: parseBoolean(field('canceled'), 'canceled', xml, context),
    canceledTime: parseNumber(field('canceledTime'), 'canceledTime', xml, context),
    phonemesName: optionalText(field('phonemesName')),
    streaming: parseBoolean(field('streaming'), 'streaming', xml, context),
    substitutedTextName: optionalText(field('substitutedTextName')),
  };
}

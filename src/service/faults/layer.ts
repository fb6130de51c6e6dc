/**
 * The permanent per-dictation faults of the scripted engine as a layer around the route handlers:
 * the handlers render every dictation and statistics document cleanly; for a dictation whose
 * script entry declared a fault, this layer rewrites the rendered XML before it is sent. The
 * faults are kept in memory only (a drill: a restarted service serves finished dictations clean;
 * re-queued ones get their fault again when the engine runs them).
 */
import type { ServerResponse } from 'node:http';
import { filterXml } from '../http-util.js';
import { escapeXml } from '../render-xml.js';
import { corruptDictationXml, corruptStats, corruptWordMarkers, type DictationFault } from './corrupt.js';
import type { RouteName } from './spec.js';

/** Faults of finished dictations, keyed `tenant/id`. */
export class DictationFaults {
  readonly #faults = new Map<string, DictationFault>();

  /** Remember (or, with `undefined`, forget) the fault of a dictation. */
  set(key: string, fault: DictationFault | undefined): void {
    if (fault === undefined) this.#faults.delete(key);
    else this.#faults.set(key, fault);
  }

  get(key: string): DictationFault | undefined {
    return this.#faults.get(key);
  }
}

const UNESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|apos);/g, (entity) => UNESCAPES[entity] ?? entity);
}

const WORD_MARKERS_ENTRY = /(<entry><key>wordMarkers<\/key><value>)(.*?)(<\/value><\/entry>)/;
const PROPERTY_ENTRY = /<entry key="([^"]*)">(.*?)<\/entry>/g;

/** The dictation XML with its `wordMarkers` statistics entry and then the document corrupted. */
export function corruptDictationDocument(xml: string, fault: DictationFault): string {
  const withMarkers = xml.replace(WORD_MARKERS_ENTRY, (_whole, open: string, value: string, close: string) =>
    `${open}${escapeXml(corruptWordMarkers(unescapeXml(value), fault))}${close}`);
  return corruptDictationXml(withMarkers, fault);
}

/** A properties document with its marker entries and then the document corrupted. */
export function corruptStatsDocument(xml: string, fault: DictationFault): string {
  const start = xml.indexOf('<properties>') + '<properties>'.length;
  const end = xml.lastIndexOf('</properties>');
  const entries = [...xml.slice(start, end).matchAll(PROPERTY_ENTRY)].map(
    (m): [string, string] => [unescapeXml(m[1] ?? ''), unescapeXml(m[2] ?? '')],
  );
  const body = corruptStats(entries, fault)
    .map(([key, value]) => `<entry key="${escapeXml(key)}">${escapeXml(String(value))}</entry>`)
    .join('');
  return corruptDictationXml(`${xml.slice(0, start)}${body}${xml.slice(end)}`, fault);
}

const DOCUMENTS: Partial<Record<RouteName, (xml: string, fault: DictationFault) => string>> = {
  dictation: corruptDictationDocument,
  'audio-stats': corruptStatsDocument,
  'text-stats': corruptStatsDocument,
};

/**
 * What the layer needs of a request (the service's RequestContext has it). The layer wraps the
 * service from outside, so it names only these fields and never imports the service's context.
 */
export interface FaultedRequest {
  res: ServerResponse;
  tenant: string;
  params: Readonly<Record<string, string>>;
  service: { dictationFaults: DictationFaults };
}

/**
 * Wrap the handler of `route`: when the requested dictation has a permanent fault, its XML answer
 * is corrupted as the fault says. Other routes get the handler unchanged.
 */
export function withDictationFault<C extends FaultedRequest>(
  route: RouteName,
  handler: (ctx: C) => Promise<void> | void,
): (ctx: C) => Promise<void> | void {
  const corrupt = DOCUMENTS[route];
  if (corrupt === undefined) return handler;
  return (ctx) => {
    const fault = ctx.service.dictationFaults.get(`${ctx.tenant}/${ctx.params.id ?? ''}`);
    if (fault !== undefined) filterXml(ctx.res, (xml) => corrupt(xml, fault));
    return handler(ctx);
  };
}

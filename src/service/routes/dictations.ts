/**
 * Dictation resources under `{base}/SCDictation/rest/{tenant}/dictations/{id}`: the dictation XML
 * (spec 2.2, 4.5), `/done` (4.3), `/text` (4.4), and the extensions `/cancel`,
 * `/stats/ClientObserverUrl` and `{base}/SCDictation/rest/{tenant}/observers/{id}/deregister`.
 * Another tenant's dictation is answered exactly like a missing one (404).
 */
import type { RequestContext } from '../context.js';
import { ID_PATTERN } from '../ids.js';
import { notDone, notFound } from '../error-responses.js';
import { sendText, sendXml } from '../http-util.js';
import { isFinished, type DictationRecord } from '../store.js';
import { toWordMarkersJson } from '../transcript/index.js';
import { dictationXml } from '../render-xml.js';
import { holdUntilFinished } from '../done-hold.js';

/** The caller's dictation named by the path, or 404. */
export function findDictation(ctx: RequestContext): DictationRecord {
  const id = ctx.params.id ?? '';
  if (ctx.params.tenant !== ctx.tenant || !ID_PATTERN.test(id)) throw notFound('dictation');
  const record = ctx.service.store.get(ctx.tenant, id);
  if (record === undefined) throw notFound('dictation');
  return record;
}

/** Absolute URL of a dictation. */
export function dictationUrl(ctx: RequestContext, record: DictationRecord): string {
  return `${ctx.base}/SCDictation/rest/${record.tenant}/dictations/${record.id}`;
}

/**
 * statsAsProperties entries: `wordMarkers` (JSON, seconds) once the dictation is done — an empty
 * list for a failed or canceled one — and `error` with the message of a failed job.
 */
function statsEntries(record: DictationRecord): [string, string][] {
  if (!isFinished(record)) return [];
  const entries: [string, string][] = [['wordMarkers', JSON.stringify(toWordMarkersJson(record.result?.markers ?? []))]];
  if (record.error !== undefined) entries.push(['error', record.error]);
  return entries;
}

/** GET {dictation} → dictation XML. */
export async function getDictation(ctx: RequestContext): Promise<void> {
  const record = findDictation(ctx);
  const markers = record.result?.markers.length ?? 0;
  await sendXml(ctx.req, ctx.res, dictationXml({
    done: isFinished(record),
    id: record.id,
    profile: record.profile,
    queuedTime: record.queuedTime,
    statsAsProperties: statsEntries(record),
    statsString: `state=${record.state};wordMarkers=${markers}`,
    url: dictationUrl(ctx, record),
    audioName: record.audioId,
    tenantDatabase: record.tenant,
    textName: `${record.id}.txt`,
    canceled: record.state === 'canceled',
    canceledTime: record.canceledTime,
    phonemesName: `${record.id}.phonemes`,
    streaming: record.streaming,
    substitutedTextName: `${record.id}.substituted.txt`,
  }));
}

/**
 * GET {dictation}/done → `true` or `false`; with the service's `doneHoldMs`, an unfinished
 * dictation's answer waits for its end, at most that long (see done-hold.ts).
 */
export async function getDone(ctx: RequestContext): Promise<void> {
  const record = findDictation(ctx);
  const holdMs = ctx.service.options.doneHoldMs;
  if (isFinished(record) || holdMs === 0) return sendText(ctx.res, String(isFinished(record)));
  const finished = await holdUntilFinished(ctx, record, holdMs);
  if (ctx.res.destroyed || ctx.res.writableEnded) return; // the client hung up while held
  sendText(ctx.res, String(finished));
}

/**
 * GET {dictation}/text → the transcript after substitutions. Before done: 409 E_NOT_DONE (the real
 * service's answer is not public). A failed or canceled dictation has empty text.
 */
export function getText(ctx: RequestContext): void {
  const record = findDictation(ctx);
  if (!isFinished(record)) throw notDone();
  sendText(ctx.res, record.result?.substitutedText ?? '');
}

/** POST {dictation}/cancel → 200; a finished dictation is left unchanged. */
export async function cancelDictation(ctx: RequestContext): Promise<void> {
  const record = await ctx.service.core.cancel(findDictation(ctx));
  sendText(ctx.res, String(record.state === 'canceled'));
}

/** GET {dictation}/stats/ClientObserverUrl → the observer URL as text. */
export function getObserverUrl(ctx: RequestContext): void {
  const record = findDictation(ctx);
  sendText(ctx.res, `${ctx.base}/SCDictation/rest/${record.tenant}/observers/${record.observerId}`);
}

/** GET {observer}/deregister → 200 (idempotent). */
export async function deregisterObserver(ctx: RequestContext): Promise<void> {
  const observerId = ctx.params.id ?? '';
  const record = ctx.params.tenant === ctx.tenant && ID_PATTERN.test(observerId)
    ? ctx.service.store.findByObserver(ctx.tenant, observerId)
    : undefined;
  if (record === undefined) throw notFound('observer');
  if (!record.observerDeregistered) await ctx.service.store.save({ ...record, observerDeregistered: true });
  sendText(ctx.res, 'true');
}

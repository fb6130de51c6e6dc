/**
 * Old-method statistics (spec 2.4–2.6, 4.6, 4.7): `{dictation}/audio/stats` and
 * `{dictation}/text/stats` as Java properties XML, gzip/deflate on request. Both describe exactly
 * the markers of the dictation's `wordMarkers` entry, in the same order:
 * - WordAudioMarkers: start,end byte counts into 16-bit 16 kHz PCM, `ms × 32 + 2` (one sample
 *   past the millisecond boundary, so `floor((bytes / 2) / 16000 * 1000)` gives back exactly the
 *   millisecond despite floating-point rounding; `ms × 32` alone comes back 1 ms short for
 *   about 0.6 % of values);
 * - WordTextMarkers: start and INCLUSIVE end character index into SubstitutedText.
 * Before the dictation is done both answer 409 E_NOT_DONE.
 */
import type { RequestContext } from '../context.js';
import { notDone } from '../error-responses.js';
import { sendXml } from '../http-util.js';
import { isFinished } from '../store.js';
import { isPunctuation } from '../../markers/model.js';
import { propertiesXml } from '../render-xml.js';
import { findDictation } from './dictations.js';

/** Byte count of a millisecond into 16-bit 16 kHz PCM, robust to floor-based decoding. */
export function msToBytes(ms: number): number {
  return Math.round(ms) * 32 + 2;
}

function finishedRecord(ctx: RequestContext): ReturnType<typeof findDictation> {
  const record = findDictation(ctx);
  if (!isFinished(record)) throw notDone();
  return record;
}

/** GET {dictation}/audio/stats. */
export async function getAudioStats(ctx: RequestContext): Promise<void> {
  const record = finishedRecord(ctx);
  const markers = record.result?.markers ?? [];
  const durationMs = record.result?.durationMs ?? 0;
  const wordAudio = markers.flatMap((m) => [msToBytes(m.startMs), msToBytes(m.endMs)]);
  const audioUrl = `/SCFileserver/audio/${record.tenant}/${record.audioId}`;
  await sendXml(ctx.req, ctx.res, propertiesXml([
    ['numWordAudioSegments', markers.length],
    ['AudioDoneTimeInMillis', record.queuedTime],
    ['AudioMarkers', markers.length === 0 ? '' : `0,${msToBytes(Math.floor(durationMs))}`],
    ['TenantDatabase', record.tenant],
    ['numWordSegments', markers.length],
    ['numSegments', markers.length === 0 ? 0 : 1],
    ['WordAudioMarkers', wordAudio.join(',')],
    ['AudioURL', audioUrl],
  ]));
}

/** GET {dictation}/text/stats. */
export async function getTextStats(ctx: RequestContext): Promise<void> {
  const record = finishedRecord(ctx);
  const result = record.result;
  const markers = result?.markers ?? [];
  const substituted = result?.substitutedText ?? '';
  const words = markers.filter((m) => !isPunctuation(m.text)).length;
  const wordText = markers.flatMap((m) => [m.textStart, m.textStart + Math.max(1, m.textLength) - 1]);
  await sendXml(ctx.req, ctx.res, propertiesXml([
    ['Version', 1],
    ['TextDoneTimeInMillis', record.doneTime ?? 0],
    ['DictationLength', Math.round(result?.durationMs ?? 0)],
    ['numWordSegments', markers.length],
    ['DictationWords', words],
    ['Confidence', (result?.confidence ?? 0).toFixed(3)],
    ['Transcription', result?.text ?? ''],
    ['TenantDatabase', record.tenant],
    ['TextMarkers', substituted.length === 0 ? '' : `0,${substituted.length - 1}`],
    ['TextURL', `/SCDictation/rest/${record.tenant}/dictations/${record.id}/text`],
    ['numWordTextSegments', markers.length],
    ['SubstitutedText', substituted],
    ['WordTextMarkers', wordText.join(',')],
    ['numSegments', markers.length === 0 ? 0 : 1],
  ]));
}

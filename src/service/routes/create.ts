/**
 * Dictation creation: `POST /SCDictation/rest/{scope}/factory/dictations/` (spec 4.2), a
 * form-urlencoded body. `audio-url` must name an upload of this service and of the caller's
 * tenant: the service never fetches URLs. The spec does not say which other parameters are
 * required, so the service is lenient where it safely can be: a missing `audio-format` is taken
 * from the upload's Content-Type, and an unknown `profile` is a profile without substitutions.
 */
import type { RequestContext } from '../context.js';
import { AUDIO_FORMATS, containerOf, contentTypeForFormat, formatForContentType } from '../../upload-audio.js';
import { ID_PATTERN } from '../ids.js';
import { MAX_JOB_DELAY_MS } from '../queue.js';
import { badRequest } from '../error-responses.js';
import { readForm } from '../http-util.js';

/** host:port spellings of this machine on `port` (a client may upload via one and create via another). */
function loopbackAliases(port: string): string[] {
  return [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
}

function booleanField(form: URLSearchParams, name: string, fallback: boolean): boolean {
  const value = form.get(name);
  if (value === null) return fallback;
  if (value !== 'true' && value !== 'false') throw badRequest(`Form field ${name} must be true or false (got "${value}").`);
  return value === 'true';
}

function integerField(form: URLSearchParams, name: string, min: number, max = Number.MAX_SAFE_INTEGER, unit = ''): number | undefined {
  const value = form.get(name);
  if (value === null) return undefined;
  const number = /^-?\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    const range = max < Number.MAX_SAFE_INTEGER ? ` from ${min} to ${max}${unit}` : min > Number.MIN_SAFE_INTEGER ? ` ≥ ${min}` : '';
    throw badRequest(`Form field ${name} must be an integer${range} (got "${value}").`);
  }
  return number;
}

/** The upload named by `audio-url`, after checking it belongs to this service and tenant. */
async function uploadOf(ctx: RequestContext, value: string | null): Promise<{ id: string; contentType: string }> {
  if (value === null || value === '') throw badRequest('Form field audio-url is required: the Location returned by POST /SCFileserver/audio.');
  const refuse = (why: string): never => {
    throw badRequest(`Form field audio-url must be the Location of an upload to this service by your tenant (${why}); the service never fetches URLs.`);
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refuse('not an absolute URL');
  }
  const listen = ctx.service.listenAddress.toLowerCase();
  const base = new URL(ctx.base);
  const hosts = new Set([base.host.toLowerCase(), listen, ...loopbackAliases(listen.slice(listen.lastIndexOf(':') + 1))]);
  if ((url.protocol !== 'http:' && url.protocol !== base.protocol) || !hosts.has(url.host.toLowerCase())) refuse('another server');
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') refuse('unexpected parts');
  const match = /^\/SCFileserver\/audio\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (match === null) refuse('not an audio path');
  const [, tenant, id = ''] = match ?? [];
  if (tenant !== ctx.tenant || !ID_PATTERN.test(id)) refuse('no such upload');
  const meta = await ctx.service.audio.meta(ctx.tenant, id);
  return meta === undefined ? refuse('no such upload') : { id, contentType: meta.contentType };
}

/** POST …/factory/dictations/ → 201, Location: {base}/SCDictation/rest/{tenant}/dictations/{id}. */
export async function createDictation(ctx: RequestContext): Promise<void> {
  const form = await readForm(ctx.req);
  const { id: audioId, contentType } = await uploadOf(ctx, form.get('audio-url'));
  const given = form.get('audio-format')?.toLowerCase();
  const audioFormat = given ?? formatForContentType(contentType) ?? 'pcm-16khz';
  if (!AUDIO_FORMATS.includes(audioFormat)) {
    throw badRequest(`Form field audio-format must be one of ${AUDIO_FORMATS.join(', ')} (got "${given ?? ''}").`);
  }
  if (containerOf(contentTypeForFormat(audioFormat))?.demuxer !== containerOf(contentType)?.demuxer) {
    throw badRequest(`Form field audio-format ${audioFormat} does not match the upload, sent as ${contentType}: the audio is decoded only as what it was uploaded as.`);
  }
  const streaming = booleanField(form, 'streaming', false);
  booleanField(form, 'audio-url-complete', true);
  const priority = integerField(form, 'priority', Number.MIN_SAFE_INTEGER) ?? 0;
  const jobDelayInMillis = integerField(form, 'jobDelayInMillis', 0, MAX_JOB_DELAY_MS, ' ms (about 24.8 days)') ?? 0;
  const clientObserverExpireSeconds = integerField(form, 'client-observer-expire-seconds', 0);
  const profile = form.get('profile') ?? undefined;
  const record = await ctx.service.core.create({
    tenant: ctx.tenant,
    user: ctx.user,
    audioId,
    audioFormat,
    profile: profile === '' ? undefined : profile,
    streaming,
    priority,
    jobDelayInMillis,
    clientObserverId: form.get('client-observer-id') ?? undefined,
    clientObserverExpireSeconds,
  });
  ctx.res.writeHead(201, { Location: `${ctx.base}/SCDictation/rest/${ctx.tenant}/dictations/${record.id}`, 'Content-Length': '0' });
  ctx.res.end();
}

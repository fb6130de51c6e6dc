/**
 * Dictation creation: `POST /SCDictation/rest/{scope}/factory/dictations/` (spec 4.2), a
 * form-urlencoded body. `audio-url` must name an upload of this service and of the caller's
 * tenant: the service never fetches URLs.
 */
import type { RequestContext } from '../context.js';
import { ID_PATTERN } from '../fs-util.js';
import { badRequest } from '../http-errors.js';
import { readForm } from '../http-util.js';

/** Accepted `audio-format` values (public notes). */
export const AUDIO_FORMATS = new Set(['pcm-16khz', 'pcm-8khz', 'ogg', 'webm', 'mp4']);

function booleanField(form: URLSearchParams, name: string, fallback: boolean): boolean {
  const value = form.get(name);
  if (value === null) return fallback;
  if (value !== 'true' && value !== 'false') throw badRequest(`Form field ${name} must be true or false (got "${value}").`);
  return value === 'true';
}

function integerField(form: URLSearchParams, name: string, min: number): number | undefined {
  const value = form.get(name);
  if (value === null) return undefined;
  const number = /^-?\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min) {
    throw badRequest(`Form field ${name} must be an integer${min > Number.MIN_SAFE_INTEGER ? ` ≥ ${min}` : ''} (got "${value}").`);
  }
  return number;
}

/** The upload id named by `audio-url`, after checking it belongs to this service and tenant. */
async function audioIdOf(ctx: RequestContext, value: string | null): Promise<string> {
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
  const hosts = new Set([ctx.base.slice('http://'.length).toLowerCase(), ctx.service.listenAddress.toLowerCase()]);
  if (url.protocol !== 'http:' || !hosts.has(url.host.toLowerCase())) refuse('another server');
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') refuse('unexpected parts');
  const match = /^\/SCFileserver\/audio\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (match === null) refuse('not an audio path');
  const [, tenant, id = ''] = match ?? [];
  if (tenant !== ctx.tenant || !ID_PATTERN.test(id)) refuse('no such upload');
  if ((await ctx.service.audio.meta(ctx.tenant, id)) === undefined) refuse('no such upload');
  return id;
}

/** POST …/factory/dictations/ → 201, Location: {base}/SCDictation/rest/{tenant}/dictations/{id}. */
export async function createDictation(ctx: RequestContext): Promise<void> {
  const form = await readForm(ctx.req);
  const audioId = await audioIdOf(ctx, form.get('audio-url'));
  const audioFormat = form.get('audio-format')?.toLowerCase();
  if (audioFormat === undefined || !AUDIO_FORMATS.has(audioFormat)) {
    throw badRequest(`Form field audio-format is required and must be one of ${[...AUDIO_FORMATS].join(', ')}.`);
  }
  const streaming = booleanField(form, 'streaming', false);
  booleanField(form, 'audio-url-complete', true);
  const priority = integerField(form, 'priority', Number.MIN_SAFE_INTEGER) ?? 0;
  const jobDelayInMillis = integerField(form, 'jobDelayInMillis', 0) ?? 0;
  const clientObserverExpireSeconds = integerField(form, 'client-observer-expire-seconds', 0);
  const profile = form.get('profile') ?? undefined;
  if (profile !== undefined && profile !== '' && (await ctx.service.profiles.find(profile)) === undefined) {
    throw badRequest(`Unknown profile "${profile}".`);
  }
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

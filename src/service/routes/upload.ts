/**
 * Audio on the file server: `POST /SCFileserver/audio` (spec 4.1) and, as an extension,
 * `GET /SCFileserver/audio/{tenant}/{id}` returning the bytes to the owning tenant.
 */
import { UPLOAD_CONTENT_TYPES } from '../../upload-audio.js';
import { pipeline } from 'node:stream/promises';
import { StorageQuotaError, UploadContentError, UploadTooLargeError } from '../audio-store.js';
import type { RequestContext } from '../context.js';
import { HttpError, notFound } from '../error-responses.js';
import { mediaType } from '../http-util.js';

/** Upload Content-Types (public notes; parameters such as `; codecs=` are allowed). */

function tooLarge(max: number): HttpError {
  return new HttpError(413, 'E_TOO_LARGE', `The upload is larger than the limit of ${max} bytes; split or compress the audio.`);
}

/** POST /SCFileserver/audio → 201, Location: {base}/SCFileserver/audio/{tenant}/{id}. */
export async function uploadAudio(ctx: RequestContext): Promise<void> {
  const { req, res, service, tenant } = ctx;
  const type = mediaType(req);
  if (!UPLOAD_CONTENT_TYPES.has(type)) {
    throw new HttpError(415, 'E_UNSUPPORTED_MEDIA_TYPE', `Unsupported Content-Type "${type}"; use one of ${[...UPLOAD_CONTENT_TYPES].join(', ')}.`);
  }
  const max = service.options.maxUploadBytes;
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > max) throw tooLarge(max); // answered before reading the body
  let id: string;
  try {
    id = await service.audio.save(tenant, type, req, max);
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw tooLarge(max);
    if (error instanceof StorageQuotaError) throw new HttpError(413, 'E_TOO_LARGE', error.message);
    if (error instanceof UploadContentError) throw new HttpError(415, 'E_UNSUPPORTED_MEDIA_TYPE', error.message);
    throw error;
  }
  res.writeHead(201, { Location: `${ctx.base}/SCFileserver/audio/${tenant}/${id}`, 'Content-Length': '0' });
  res.end();
}

/** GET /SCFileserver/audio/{tenant}/{id} → the uploaded bytes (404 for another tenant). */
export async function downloadAudio(ctx: RequestContext): Promise<void> {
  const { res, service, params } = ctx;
  const id = params.id ?? '';
  if (params.tenant !== ctx.tenant) throw notFound('audio');
  const meta = await service.audio.meta(ctx.tenant, id);
  if (meta === undefined) throw notFound('audio');
  res.writeHead(200, { 'Content-Type': meta.contentType, 'Content-Length': String(meta.bytes) });
  await pipeline(service.audio.open(ctx.tenant, id), res);
}

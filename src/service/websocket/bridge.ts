/**
 * The service side of {@link WebSocketDeps}: credential checks with the HTTP rules, and dictation
 * of a complete audio file through the same upload store and job queue as HTTP dictations (so the
 * HTTP dictation of a WebSocket session reports the very same wordMarkers).
 */
import { AUDIO_FORMATS, contentTypeForFormat } from '../../upload-audio.js';
import { DictclipError } from '../../errors.js';
import { BAD_CREDENTIALS, PASSWORD_CHANGE_REQUIRED, TOO_MANY_LOGINS } from '../authenticate.js';
import type { ServiceContext } from '../context.js';
import type { WebSocketDeps } from './deps.js';

/** Build the WebSocket dependencies over a running service's state. */
export function createWebSocketDeps(service: ServiceContext): WebSocketDeps {
  return {
    dataDir: service.options.dataDir,
    async authenticate(creds, client) {
      const result = await service.auth.authenticate(creds, client);
      if (!result.ok && result.retryAfterS !== undefined)
        return { ok: false, status: 429, reason: TOO_MANY_LOGINS, retryAfterS: result.retryAfterS };
      if (!result.ok) return { ok: false, status: 401, reason: BAD_CREDENTIALS };
      if (result.mustChangePassword) return { ok: false, status: 403, reason: PASSWORD_CHANGE_REQUIRED };
      const release = service.slots.acquire(result.user);
      if (release === undefined) return { ok: false, status: 503, reason: service.slots.busyMessage(), retryAfterS: 1 };
      return { ok: true, user: result.user, tenant: result.tenant, release };
    },
    async dictate(input) {
      if (!AUDIO_FORMATS.includes(input.audioFormat))
        throw new DictclipError('E_WEBSOCKET', `Unsupported audio format "${input.audioFormat}".`);
      // As for HTTP creation, an unknown profile is a profile without substitution rules.
      const contentType = contentTypeForFormat(input.audioFormat);
      const audioId = await service.audio.importFile(input.tenant, contentType, input.audioPath);
      const created = await service.core.create({
        tenant: input.tenant,
        user: input.user,
        audioId,
        audioFormat: input.audioFormat,
        profile: input.profile,
        streaming: true,
        priority: 0,
        jobDelayInMillis: 0,
        clientObserverId: undefined,
        clientObserverExpireSeconds: undefined,
      });
      const onAbort = (): void => void service.core.cancel(service.store.get(input.tenant, created.id) ?? created).catch(() => undefined);
      input.signal.addEventListener('abort', onAbort, { once: true });
      let record;
      try {
        record = await service.core.waitFinished(input.tenant, created.id, input.signal);
      } finally {
        input.signal.removeEventListener('abort', onAbort);
      }
      if (record.state === 'canceled') throw new DictclipError('E_DICTATION_CANCELED', 'The dictation was canceled.');
      if (record.state === 'failed' || record.result === undefined) {
        throw new DictclipError('E_ENGINE', `The dictation failed: ${record.error ?? 'no result'}`);
      }
      const { text, substitutedText, markers, confidence } = record.result;
      return { text, substitutedText, markers, confidence, dictationId: record.id };
    },
  };
}

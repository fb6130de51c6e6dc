/**
 * The WebSocket method (design.md, "WebSocket protocol"): the audio is streamed inside the
 * dictation and the final text and markers come back on the same socket. Nothing is uploaded
 * ahead, no dictation is polled, and there is no location to resume: a dictation interrupted
 * mid-stream is dictated again.
 */
import { dictateOverWebSocket } from '../../../../client/index.js';
import { decodeNewMarkers, validateMarkers } from '../../../../markers/index.js';
import { PCM_FORMAT } from './types.js';
import type { MarkerMethodStrategy } from './types.js';

/** Audio sent per WebSocket message, ms. */
const CHUNK_MS = 300;

export const WEBSOCKET_METHOD: MarkerMethodStrategy = {
  name: 'websocket',
  async dictate(ctx, wavPath, audioDurationMs) {
    ctx.onStage?.('dictate');
    const ws = await dictateOverWebSocket({
      baseUrl: ctx.baseUrl, credentials: ctx.credentials, audioPath: wavPath, audioFormat: ctx.audioFormat ?? PCM_FORMAT, chunkMs: CHUNK_MS,
      ...(ctx.profile === undefined ? {} : { profile: ctx.profile }),
      ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
      ...(ctx.dictationTimeoutMs === undefined ? {} : { timeoutMs: ctx.dictationTimeoutMs }),
      ...(ctx.maxResponseBytes === undefined ? {} : { maxResponseBytes: ctx.maxResponseBytes }),
    });
    ctx.onStage?.('markers');
    const decoded = decodeNewMarkers(ws.markers, { unit: ctx.markerUnit, audioDurationMs });
    const result = validateMarkers(decoded.markers, { transcripts: [ws.substitutedText, ws.text], audioDurationMs });
    return {
      ...result, warnings: [...decoded.warnings, ...result.warnings], dictationId: ws.dictationId ?? '', polls: 0,
    };
  },
};

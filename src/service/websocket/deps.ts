/**
 * The contract between the embedded service core and its WebSocket endpoint
 * (`src/service/websocket/endpoint.ts`). The core implements these functions; the WebSocket module only
 * speaks the protocol.
 */
import type { Credentials } from '../../credentials.js';
import type { TranscriptResult } from '../types.js';

/** Result of checking WebSocket credentials. */
export type WebSocketAuthResult =
  /** Accepted; `release` frees the user's place (per-user limit) when the session ends. */
  | { ok: true; user: string; tenant: string; release?: () => void }
  /** 401 bad credentials, 403 password unchanged, 429 too many failed logins (`retryAfterS`), 503 the user's places taken. */
  | { ok: false; status: 401 | 403 | 429 | 503; reason: string; retryAfterS?: number };

/** What the WebSocket endpoint needs from the service core. */
export interface WebSocketDeps {
  /**
   * Check a user's password or API key from the client address `client` (same rules as HTTP auth:
   * 401 bad, 403 password unchanged, 429 throttled) and take one of the user's places (503).
   */
  authenticate(creds: Credentials, client: string): Promise<WebSocketAuthResult>;
  /**
   * Dictate a complete audio file: stored as an upload of the tenant, dictated through the same job
   * queue as HTTP dictations (so the HTTP dictation's wordMarkers equal the returned markers).
   * Rejects with a DictclipError (E_ENGINE on a failed job, E_ABORTED when `signal` aborts,
   * E_DICTATION_CANCELED when canceled).
   */
  dictate(input: {
    user: string;
    tenant: string;
    audioPath: string;
    audioFormat: string;
    profile: string | undefined;
    signal: AbortSignal;
  }): Promise<TranscriptResult & { dictationId: string }>;
  /** The service's data folder (the WebSocket module may write temporary audio under it). */
  dataDir: string;
}

/**
 * WebSocket dictation endpoint of the embedded service (`/SCDictation/websocket`, extension; see
 * docs/design.md "WebSocket protocol"). JSON text messages, binary audio chunks, one dictation
 * per socket. Close codes: 1000 after TEXTDONE; 1008 for protocol errors, refused credentials
 * and the idle timeout (no audio for `idleTimeoutMs` before AUDIODONE); 1009 for audio over
 * 21,000,000 bytes (or one message over 1 MiB); 1003 when the audio is not what `audioFormat` says
 * (e.g. not an Ogg stream); 1011 when the dictation fails; 1001 on shutdown.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { Credentials } from '../../credentials.js';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../../upload-audio.js';
import { isDictclipError } from '../../errors.js';
import { stableChunks, toWordMarkersJson } from '../transcript/index.js';
import type { WebSocketDeps } from './deps.js';
import { AudioSpool, SPOOL_FORMATS } from './spool.js';

/** Path of the WebSocket endpoint (any query string is ignored). */
export const WEBSOCKET_PATH = '/SCDictation/websocket';
const MAX_MESSAGE_BYTES = 1024 * 1024;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
/** How long a socket told to close at shutdown may take before it is cut. */
const SHUTDOWN_GRACE_MS = 2000;

/** The close codes the endpoint uses (RFC 6455 section 7.4.1). */
const CLOSE = {
  /** TEXTDONE sent. */
  done: 1000,
  /** The service shuts down. */
  goingAway: 1001,
  /** The audio is not what `audioFormat` says. */
  unsupportedData: 1003,
  /** Protocol errors, refused credentials, the idle timeout. */
  policy: 1008,
  /** Audio over the cap. */
  tooBig: 1009,
  /** The dictation or the endpoint failed. */
  internalError: 1011,
  /** A temporary refusal: throttled logins, the user's places taken. */
  tryAgainLater: 1013,
} as const;

export interface WebSocketOptions {
  /**
   * Close a socket that sends no audio for this long before AUDIODONE (ERROR `timeout`, close 1008).
   * @default 30000
   */
  idleTimeoutMs?: number;
  /** Total audio accepted per socket (ERROR `too-large`, close 1009), as for uploads. @default 21000000 */
  maxAudioBytes?: number;
}

interface SessionLimits {
  idleTimeoutMs: number;
  maxAudioBytes: number;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const errorMessage = (error: unknown, fallback: string): string => (error instanceof Error ? error.message : fallback);

function toBuffer(data: WebSocket.RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/** Where a session is: waiting for STARTDICTATION, checking credentials, taking audio, dictating, closed. */
type Phase = 'start' | 'auth' | 'audio' | 'dictating' | 'closed';

/** Who dictates, from STARTDICTATION and the credentials check. */
interface Speaker {
  user: string;
  tenant: string;
  profile: string | undefined;
}

/**
 * One socket's dictation. Messages are handled one at a time in arrival order (`#queue`); the
 * phase may change while a step awaits (the socket closes), so each step checks it after awaiting.
 */
class Session {
  #phase: Phase = 'start';
  readonly #abort = new AbortController();
  #spool: AudioSpool | undefined;
  #speaker: Speaker | undefined;
  /** Frees the user's place (per-user limit) once the socket is closed. */
  #release: (() => void) | undefined;
  #queue = Promise.resolve();
  #idle: NodeJS.Timeout | undefined;

  constructor(
    private readonly ws: WebSocket,
    private readonly client: string,
    private readonly deps: WebSocketDeps,
    private readonly limits: SessionLimits,
  ) {}

  /** Run the session; resolves once the socket is closed and its spool removed. */
  run(): Promise<void> {
    this.ws.on('message', (data, isBinary) => {
      this.#queue = this.#queue
        .then(() => this.#handle(data, isBinary))
        .catch((error: unknown) => {
          if (!this.#closed) this.#fail(CLOSE.internalError, 'internal', errorMessage(error, 'Internal error'));
        });
    });
    this.ws.on('error', () => undefined); // ws closes the socket itself (e.g. 1009 for an oversized message)
    this.#resetIdle();
    return new Promise<void>((resolve) => {
      this.ws.once('close', () => {
        this.#stop();
        this.#abort.abort();
        void this.#queue.then(() => this.#cleanUp()).catch(() => undefined).finally(resolve);
      });
    });
  }

  /** A getter: `#phase` changes while a step awaits. */
  get #closed(): boolean {
    return this.#phase === 'closed';
  }

  #send(method: string, data: Json): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ method, data }));
  }

  #stop(): void {
    this.#phase = 'closed';
    clearTimeout(this.#idle);
  }

  #end(code: number, reason: string): void {
    this.#stop();
    this.ws.close(code, reason);
  }

  #fail(code: number, reason: string, message: string, extra: Json = {}): void {
    this.#send('ERROR', { reason, message, ...extra });
    this.#end(code, reason);
  }

  #resetIdle(): void {
    clearTimeout(this.#idle);
    const { idleTimeoutMs } = this.limits;
    this.#idle = setTimeout(() => this.#fail(CLOSE.policy, 'timeout', `No audio for ${idleTimeoutMs} ms`), idleTimeoutMs);
  }

  async #cleanUp(): Promise<void> {
    this.#release?.();
    await this.#spool?.discard();
  }

  async #handle(data: WebSocket.RawData, isBinary: boolean): Promise<void> {
    if (this.#closed) return;
    if (isBinary) {
      if (this.#phase !== 'audio') return this.#fail(CLOSE.policy, 'protocol', 'Audio before a successful STARTDICTATION');
      return this.#append(toBuffer(data));
    }
    let message: unknown;
    try {
      message = JSON.parse(toBuffer(data).toString('utf8'));
    } catch {
      return this.#fail(CLOSE.policy, 'protocol', 'Message is not valid JSON');
    }
    const method = isRecord(message) ? message['method'] : undefined;
    if (!isRecord(message) || typeof method !== 'string') return this.#fail(CLOSE.policy, 'protocol', 'Message has no method');
    if (method === 'STARTDICTATION' && this.#phase === 'start') return this.#start(message);
    if (method === 'AUDIODONE' && this.#phase === 'audio') return this.#finish();
    if (method === 'BOUNDARYREQUEST' && this.#phase === 'audio') return; // all text is stable at AUDIODONE
    return this.#fail(CLOSE.policy, 'protocol', `Unexpected method ${method.slice(0, 40)} in state ${this.#phase}`);
  }

  #refuse(status: number, reason: string, retryAfterS?: number): void {
    this.#send('STARTDICTATION', { success: false, status, reason, ...(retryAfterS === undefined ? {} : { retryAfterS }) });
    this.#end(status === 429 || status === 503 ? CLOSE.tryAgainLater : CLOSE.policy, 'refused');
  }

  /** STARTDICTATION: check the parameters and credentials, then open the spool and take audio. */
  async #start(message: Json): Promise<void> {
    const params = isRecord(message['params']) ? message['params'] : {};
    const username = optionalString(params['username']);
    const format = optionalString(params['audioFormat'] ?? message['audioFormat']) ?? 'pcm-16khz';
    if (username === undefined || username === '') return this.#refuse(400, 'params.username is required');
    if (!SPOOL_FORMATS.has(format)) return this.#refuse(400, `audioFormat must be pcm-16khz or ogg, not ${format}`);
    this.#phase = 'auth';
    const password = optionalString(params['password']);
    const apiKey = optionalString(params['apiKey']);
    // Neither secret: an empty password, refused like any wrong one (same timing).
    const creds: Credentials = password === undefined && apiKey !== undefined
      ? { scheme: 'apikey', username, apiKey }
      : { scheme: 'basic', username, password: password ?? '' };
    const auth = await this.deps.authenticate(creds, this.client);
    if (auth.ok) this.#release = auth.release;
    if (this.#closed) return this.#release?.();
    if (!auth.ok) return this.#refuse(auth.status, auth.reason, auth.retryAfterS);
    this.#speaker = { user: auth.user, tenant: auth.tenant, profile: optionalString(params['profile'] ?? message['profile']) };
    this.#spool = await AudioSpool.open(this.deps.dataDir, format);
    if (this.#closed) return;
    this.#phase = 'audio';
    this.#send('STARTDICTATION', { success: true });
    this.#resetIdle();
  }

  /** A binary message: more audio, within the session's cap. */
  async #append(chunk: Buffer): Promise<void> {
    const spool = this.#spool;
    if (spool === undefined) return;
    const { maxAudioBytes } = this.limits;
    if (spool.bytes + chunk.length > maxAudioBytes) return this.#fail(CLOSE.tooBig, 'too-large', `Audio exceeds ${maxAudioBytes} bytes`);
    this.#resetIdle();
    await spool.append(chunk);
  }

  /** AUDIODONE: end the spool, dictate it and send the text. */
  async #finish(): Promise<void> {
    const spool = this.#spool;
    if (spool === undefined || this.#speaker === undefined) return;
    this.#phase = 'dictating';
    clearTimeout(this.#idle);
    await spool.finish();
    const input = { ...this.#speaker, audioPath: spool.path, audioFormat: spool.format, signal: this.#abort.signal };
    const result = await this.deps.dictate(input).catch((error: unknown) => {
      if (!this.#closed) this.#dictationFailed(error);
      return undefined;
    });
    if (result === undefined || this.#closed) return;
    const { text, substitutedText } = result;
    this.#send('HYPOTHESISTEXT', { kind: 'HYPOTHESISTEXT', text, substitutedText });
    for (const chunk of stableChunks(result)) {
      const markers = toWordMarkersJson(chunk.markers);
      this.#send('STABLETEXT', { kind: 'STABLETEXT', text: chunk.text, substitutedText: chunk.text, markers });
    }
    const markers = toWordMarkersJson(result.markers);
    this.#send('TEXTDONE', { kind: 'TEXTDONE', textDone: true, dictationId: result.dictationId, text, substitutedText, markers });
    this.#end(CLOSE.done, 'done');
  }

  #dictationFailed(error: unknown): void {
    const message = errorMessage(error, 'Dictation failed');
    // Audio that is not what audioFormat says is refused as data the endpoint cannot take.
    if (isDictclipError(error, 'E_UNSUPPORTED_MEDIA_TYPE'))
      this.#fail(CLOSE.unsupportedData, 'unsupported-audio', message, { code: error.code });
    else this.#fail(CLOSE.internalError, 'dictation-failed', message, isDictclipError(error) ? { code: error.code } : {});
  }
}

/**
 * Serve WebSocket dictation on `server` at {@link WEBSOCKET_PATH}; upgrades on other paths get a
 * 404. Audio is spooled to `<dataDir>/ws/` (a WAV for `pcm-16khz`, the raw Ogg for `ogg`) and
 * handed to `deps.dictate` at AUDIODONE; in-flight dictations are aborted when the socket closes.
 * `close()` stops accepting sockets, closes open ones (1001) and waits for their cleanup.
 */
export function attachWebSocket(server: Server, deps: WebSocketDeps, options: WebSocketOptions = {}): { close(): Promise<void> } {
  const limits: SessionLimits = {
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    maxAudioBytes: options.maxAudioBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const sessions = new Set<Promise<void>>();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== WEBSOCKET_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n', () => socket.destroy());
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const session = new Session(ws, request.socket.remoteAddress ?? '', deps, limits).run().finally(() => sessions.delete(session));
      sessions.add(session);
    });
  };
  server.on('upgrade', onUpgrade);

  return {
    async close(): Promise<void> {
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) {
        ws.close(CLOSE.goingAway, 'service closing');
        setTimeout(() => ws.terminate(), SHUTDOWN_GRACE_MS).unref();
      }
      await Promise.all([...sessions]);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

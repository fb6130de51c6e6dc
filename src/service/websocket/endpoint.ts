/**
 * WebSocket dictation endpoint of the embedded service (`/SCDictation/websocket`, extension; see
 * docs/design.md "WebSocket protocol"). JSON text messages, binary audio chunks, one dictation
 * per socket. Close codes: 1000 after TEXTDONE; 1008 for protocol errors, refused credentials
 * and the idle timeout (no audio for `idleTimeoutMs` before AUDIODONE); 1009 for audio over
 * 21,000,000 bytes (or one message over 1 MiB); 1003 when the audio is not what `audioFormat` says
 * (e.g. not an Ogg stream); 1011 when the dictation fails; 1001 on shutdown.
 */
import { randomUUID } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, Server } from 'node:http';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { HEADER_BYTES, writeMonoHeader } from '../../wav-header.js';
import type { Credentials } from '../../credentials.js';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../../upload-audio.js';
import { isDictclipError } from '../../errors.js';
import { stableChunks, toWordMarkersJson } from '../transcript/index.js';
import type { WebSocketDeps } from './deps.js';
import { FILE_MODE, makePrivateDir } from '../private-files.js';

/** Path of the WebSocket endpoint (any query string is ignored). */
export const WEBSOCKET_PATH = '/SCDictation/websocket';
const MAX_MESSAGE_BYTES = 1024 * 1024;
const FORMATS = new Set(['pcm-16khz', 'ogg']);

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

/** 44-byte header of a 16 kHz mono signed 16-bit PCM WAV holding `dataBytes` of samples. */
function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  writeMonoHeader(header, 16_000, dataBytes);
  return header;
}

function toBuffer(data: WebSocket.RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/** Run one socket's dictation; resolves once the socket is closed and its temp file removed. */
function runSession(ws: WebSocket, client: string, deps: WebSocketDeps, { idleTimeoutMs, maxAudioBytes }: SessionLimits): Promise<void> {
  let phase: 'start' | 'auth' | 'audio' | 'dictating' | 'closed' = 'start';
  const controller = new AbortController();
  let audio: { path: string; handle: FileHandle | undefined; format: string; bytes: number } | undefined;
  let user: { user: string; tenant: string; profile: string | undefined } | undefined;
  /** Frees the user's place (per-user limit) once the socket is closed. */
  let release: (() => void) | undefined;
  let queue = Promise.resolve();
  let idle: NodeJS.Timeout | undefined;
  /** Read through a function: `phase` changes while this session awaits. */
  const isClosed = (): boolean => phase === 'closed';

  const send = (method: string, data: Json): void => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ method, data }));
  };
  const end = (code: number, reason: string): void => {
    phase = 'closed';
    clearTimeout(idle);
    ws.close(code, reason);
  };
  const fail = (code: number, reason: string, message: string, extra: Json = {}): void => {
    send('ERROR', { reason, message, ...extra });
    end(code, reason);
  };
  const resetIdle = (): void => {
    clearTimeout(idle);
    idle = setTimeout(() => fail(1008, 'timeout', `No audio for ${idleTimeoutMs} ms`), idleTimeoutMs);
  };

  async function start(message: Json): Promise<void> {
    const params = isRecord(message['params']) ? message['params'] : {};
    const username = optionalString(params['username']);
    const format = optionalString(params['audioFormat'] ?? message['audioFormat']) ?? 'pcm-16khz';
    const refuse = (status: number, reason: string, retryAfterS?: number): void => {
      send('STARTDICTATION', { success: false, status, reason, ...(retryAfterS === undefined ? {} : { retryAfterS }) });
      // 1013 (try again later) when the refusal is temporary: throttled logins, the user's places taken.
      end(status === 429 || status === 503 ? 1013 : 1008, 'refused');
    };
    if (username === undefined || username === '') return refuse(400, 'params.username is required');
    if (!FORMATS.has(format)) return refuse(400, `audioFormat must be pcm-16khz or ogg, not ${format}`);
    phase = 'auth';
    const password = optionalString(params['password']);
    const apiKey = optionalString(params['apiKey']);
    // Neither secret: an empty password, refused like any wrong one (same timing).
    const creds: Credentials = password === undefined && apiKey !== undefined
      ? { scheme: 'apikey', username, apiKey }
      : { scheme: 'basic', username, password: password ?? '' };
    const auth = await deps.authenticate(creds, client);
    if (auth.ok) release = auth.release;
    if (isClosed()) return release?.();
    if (!auth.ok) return refuse(auth.status, auth.reason, auth.retryAfterS);
    user = { user: auth.user, tenant: auth.tenant, profile: optionalString(params['profile'] ?? message['profile']) };
    const dir = join(deps.dataDir, 'ws');
    await makePrivateDir(dir);
    audio = { path: join(dir, `${randomUUID()}.${format === 'ogg' ? 'ogg' : 'wav'}`), handle: undefined, format, bytes: 0 };
    audio.handle = await open(audio.path, 'w', FILE_MODE);
    if (format === 'pcm-16khz') await audio.handle.write(wavHeader(0), 0, HEADER_BYTES, 0);
    if (isClosed()) return;
    phase = 'audio';
    send('STARTDICTATION', { success: true });
    resetIdle();
  }

  async function writeAudio(chunk: Buffer): Promise<void> {
    if (audio?.handle === undefined) return;
    if (audio.bytes + chunk.length > maxAudioBytes) {
      return fail(1009, 'too-large', `Audio exceeds ${maxAudioBytes} bytes`);
    }
    const offset = (audio.format === 'pcm-16khz' ? 44 : 0) + audio.bytes;
    audio.bytes += chunk.length;
    resetIdle();
    await audio.handle.write(chunk, 0, chunk.length, offset);
  }

  async function finish(): Promise<void> {
    if (audio?.handle === undefined || user === undefined) return;
    phase = 'dictating';
    clearTimeout(idle);
    if (audio.format === 'pcm-16khz') {
      const dataBytes = audio.bytes - (audio.bytes % 2); // whole samples only
      await audio.handle.write(wavHeader(dataBytes), 0, HEADER_BYTES, 0);
      await audio.handle.truncate(44 + dataBytes);
    }
    await audio.handle.close();
    audio.handle = undefined;
    const input = { ...user, audioPath: audio.path, audioFormat: audio.format, signal: controller.signal };
    const result = await deps.dictate(input).catch((error: unknown) => {
      if (!isClosed()) {
        const message = error instanceof Error ? error.message : 'Dictation failed';
        // Audio that is not what audioFormat says is refused as data the endpoint cannot take (1003).
        if (isDictclipError(error, 'E_UNSUPPORTED_MEDIA_TYPE')) fail(1003, 'unsupported-audio', message, { code: error.code });
        else fail(1011, 'dictation-failed', message, isDictclipError(error) ? { code: error.code } : {});
      }
      return undefined;
    });
    if (result === undefined || isClosed()) return;
    const { text, substitutedText } = result;
    send('HYPOTHESISTEXT', { kind: 'HYPOTHESISTEXT', text, substitutedText });
    for (const chunk of stableChunks(result)) {
      const markers = toWordMarkersJson(chunk.markers);
      send('STABLETEXT', { kind: 'STABLETEXT', text: chunk.text, substitutedText: chunk.text, markers });
    }
    const markers = toWordMarkersJson(result.markers);
    send('TEXTDONE', { kind: 'TEXTDONE', textDone: true, dictationId: result.dictationId, text, substitutedText, markers });
    end(1000, 'done');
  }

  async function handle(data: WebSocket.RawData, isBinary: boolean): Promise<void> {
    if (phase === 'closed') return;
    if (isBinary) {
      if (phase !== 'audio') return fail(1008, 'protocol', 'Audio before a successful STARTDICTATION');
      return writeAudio(toBuffer(data));
    }
    let message: unknown;
    try {
      message = JSON.parse(toBuffer(data).toString('utf8'));
    } catch {
      return fail(1008, 'protocol', 'Message is not valid JSON');
    }
    const method = isRecord(message) ? message['method'] : undefined;
    if (!isRecord(message) || typeof method !== 'string') return fail(1008, 'protocol', 'Message has no method');
    if (method === 'STARTDICTATION' && phase === 'start') return start(message);
    if (method === 'AUDIODONE' && phase === 'audio') return finish();
    if (method === 'BOUNDARYREQUEST' && phase === 'audio') return; // all text is stable at AUDIODONE
    return fail(1008, 'protocol', `Unexpected method ${method.slice(0, 40)} in state ${phase}`);
  }

  ws.on('message', (data, isBinary) => {
    queue = queue
      .then(() => handle(data, isBinary))
      .catch((error: unknown) => {
        if (!isClosed()) fail(1011, 'internal', error instanceof Error ? error.message : 'Internal error');
      });
  });
  ws.on('error', () => undefined); // ws closes the socket itself (e.g. 1009 for an oversized message)
  resetIdle();
  return new Promise<void>((resolve) => {
    ws.once('close', () => {
      phase = 'closed';
      clearTimeout(idle);
      controller.abort();
      void queue
        .then(async () => {
          release?.();
          await audio?.handle?.close();
          if (audio !== undefined) await rm(audio.path, { force: true });
        })
        .catch(() => undefined)
        .finally(resolve);
    });
  });
}

/**
 * Serve WebSocket dictation on `server` at {@link WEBSOCKET_PATH}; upgrades on other paths get a
 * 404. Audio is spooled to `<dataDir>/ws/` (a WAV for `pcm-16khz`, the raw Ogg for `ogg`) and
 * handed to `deps.dictate` at AUDIODONE; in-flight dictations are aborted when the socket closes.
 * `close()` stops accepting sockets, closes open ones (1001) and waits for their cleanup.
 */
export function attachWebSocket(server: Server, deps: WebSocketDeps, options: WebSocketOptions = {}): { close(): Promise<void> } {
  const limits: SessionLimits = { idleTimeoutMs: options.idleTimeoutMs ?? 30_000, maxAudioBytes: options.maxAudioBytes ?? DEFAULT_MAX_UPLOAD_BYTES };
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const sessions = new Set<Promise<void>>();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== WEBSOCKET_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n', () => socket.destroy());
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const session = runSession(ws, request.socket.remoteAddress ?? '', deps, limits).finally(() => sessions.delete(session));
      sessions.add(session);
    });
  };
  server.on('upgrade', onUpgrade);

  return {
    async close(): Promise<void> {
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) {
        ws.close(1001, 'service closing');
        setTimeout(() => ws.terminate(), 2000).unref();
      }
      await Promise.all([...sessions]);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

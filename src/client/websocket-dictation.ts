/**
 * WebSocket dictation (design.md, "WebSocket protocol"): STARTDICTATION with the credentials in
 * `params`, binary audio in chunks of about 300 ms, AUDIODONE, then HYPOTHESISTEXT / STABLETEXT
 * messages until TEXTDONE. Credentials travel inside the first message only; they never appear
 * in the URL, in an error or in a message.
 *
 * A hostile service cannot take the run down (docs/security.md): one message is at most
 * `maxResponseBytes` (ws's maxPayload; no per-message compression), and a session keeps at most
 * `maxResponseBytes` of stable text, `maxMarkers` markers and receives `maxMessages` messages;
 * past any of them the dictation fails with `E_RESPONSE_TOO_LARGE`. No redirect is followed.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import WebSocket from 'ws';
import type { RawWordMarker } from '../markers/model.js';
import { DictclipError, redactUrl } from '../errors.js';
import { CREDENTIAL_VARIABLES } from './authorization.js';
import { defaultWaitTimeoutMs } from './poll.js';
import { DEFAULT_RESPONSE_LIMITS, responseTooLarge, type ResponseLimits } from './limits.js';
import type { Credentials, WebSocketDictation } from './types.js';
import { readWavInfo } from '../wav-header.js';

export interface WebSocketDictationOptions {
  /** Base address of the service (http → ws, https → wss; a path prefix is kept). */
  baseUrl: string;
  credentials: Credentials;
  /** 16 kHz mono s16le WAV (header skipped), or a compressed file sent as it is. */
  audioPath: string;
  audioFormat: 'pcm-16khz' | 'ogg' | 'webm' | 'mp4';
  /** Profile name. @default undefined (not sent) */
  profile?: string;
  /** Duration of one binary chunk. @default 300 */
  chunkMs?: number;
  signal?: AbortSignal;
  /** Overall timeout. @default 120 s + 3 × the audio duration (Ogg: estimated at 32 kbit/s) */
  timeoutMs?: number;
  /** Cap of one message and of the stable text and markers a session keeps, bytes. @default 67108864 (64 MiB) */
  maxResponseBytes?: number;
  /** Cap of the word markers a session accumulates. @default 200000 */
  maxMarkers?: number;
  /** Cap of the messages a session receives. @default 200000 */
  maxMessages?: number;
}

function resolveLimits(options: WebSocketDictationOptions): ResponseLimits {
  return {
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_RESPONSE_LIMITS.maxResponseBytes,
    maxMarkers: options.maxMarkers ?? DEFAULT_RESPONSE_LIMITS.maxMarkers,
    maxMessages: options.maxMessages ?? DEFAULT_RESPONSE_LIMITS.maxMessages,
  };
}

/** `{base}/SCDictation/websocket` with ws: for http: and wss: for https:. */
export function webSocketUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new DictclipError('E_CONFIG', `The service base URL must start with http:// or https:// (got ${url.protocol})`, { key: 'baseUrl' });
  }
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/SCDictation/websocket`;
  return url.toString();
}

interface AudioSource { start: number; length: number; chunkBytes: number; durationMs: number }

async function audioSource(options: WebSocketDictationOptions, chunkMs: number): Promise<AudioSource> {
  if (options.audioFormat === 'pcm-16khz') {
    const wav = await readWavInfo(options.audioPath);
    return { start: wav.dataOffset, length: wav.dataBytes, chunkBytes: Math.max(2, Math.round(chunkMs * 32)), durationMs: wav.durationMs };
  }
  let size: number;
  try {
    size = (await stat(options.audioPath)).size;
  } catch (error) {
    throw new DictclipError('E_INPUT', `Cannot read ${options.audioPath}: ${(error as Error).message}`, { path: options.audioPath, cause: error });
  }
  return { start: 0, length: size, chunkBytes: Math.max(1024, Math.round(chunkMs * 4)), durationMs: size / 4 };
}

function startMessage(options: WebSocketDictationOptions): string {
  const { credentials } = options;
  const auth = credentials.scheme === 'basic'
    ? { username: credentials.username, password: credentials.password }
    : { username: credentials.username, apiKey: credentials.apiKey };
  const params = {
    ...auth, audioFormat: options.audioFormat, stableText: true,
    ...(options.profile === undefined ? {} : { profile: options.profile }),
  };
  return JSON.stringify({ method: 'STARTDICTATION', params });
}

interface Message { method?: unknown; data?: Record<string, unknown> }

/** Size of a received message in bytes (ws hands a Buffer, an ArrayBuffer or fragments). */
function messageBytes(raw: WebSocket.RawData): number {
  if (Array.isArray(raw)) return raw.reduce((sum, part) => sum + part.length, 0);
  return raw instanceof ArrayBuffer ? raw.byteLength : raw.length;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Dictate one recording over the WebSocket protocol and return the final text and markers
 * (raw, as the service sends them: seconds).
 * @throws DictclipError E_AUTH (refused credentials), E_WEBSOCKET (protocol error, refusal, timeout,
 * unexpected close), E_RESPONSE_TOO_LARGE (past a limit), E_ABORTED, E_AUDIO_INVALID / E_INPUT (unreadable audio).
 */
export async function dictateOverWebSocket(options: WebSocketDictationOptions): Promise<WebSocketDictation> {
  const chunkMs = options.chunkMs ?? 300;
  const source = await audioSource(options, chunkMs);
  const url = webSocketUrl(options.baseUrl);
  const safeUrl = redactUrl(url);
  const timeoutMs = options.timeoutMs ?? defaultWaitTimeoutMs(source.durationMs);
  if (options.signal?.aborted === true) {
    throw new DictclipError('E_ABORTED', `WebSocket dictation at ${safeUrl} was aborted`, { url: safeUrl, path: options.audioPath });
  }

  return new Promise<WebSocketDictation>((resolve, reject) => {
    const limits = resolveLimits(options);
    const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: limits.maxResponseBytes, followRedirects: false });
    const state = {
      dictationId: undefined as string | undefined, hypotheses: 0, stable: '', stableMarkers: [] as RawWordMarker[], settled: false,
      messages: 0, keptBytes: 0,
    };
    const tooLarge = (what: string, limit: number): void =>
      finish(responseTooLarge(what, limit, { url: safeUrl, path: options.audioPath }));
    const fail = (code: 'E_WEBSOCKET' | 'E_AUTH' | 'E_ABORTED' | 'E_INPUT', message: string, extra: { status?: number; cause?: unknown } = {}): void => {
      finish(new DictclipError(code, message, { url: safeUrl, path: options.audioPath, ...extra }));
    };
    const finish = (outcome: DictclipError | WebSocketDictation): void => {
      if (state.settled) return;
      state.settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (outcome instanceof DictclipError) {
        ws.terminate();
        reject(outcome);
      } else {
        ws.close(1000);
        resolve(outcome);
      }
    };
    const onAbort = (): void => fail('E_ABORTED', `WebSocket dictation at ${safeUrl} was aborted`, { cause: options.signal?.reason });
    const timer = setTimeout(() => fail('E_WEBSOCKET', `WebSocket dictation at ${safeUrl} did not finish within ${Math.round(timeoutMs)} ms`), timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const refused = (status: number | undefined, reason: string): void => {
      if (status === 401 || status === 403) {
        fail(
          'E_AUTH',
          `The service refused the WebSocket dictation (status ${status}: ${reason}). Check the credentials; a new account's password must be changed before its first use. Credentials come from ${CREDENTIAL_VARIABLES}.`,
          { status },
        );
      } else {
        fail(
          'E_WEBSOCKET',
          `The service refused the WebSocket dictation${status === undefined ? '' : ` (status ${status})`}: ${reason}`,
          status === undefined ? {} : { status },
        );
      }
    };

    const streamAudio = async (): Promise<void> => {
      const stream = createReadStream(options.audioPath, {
        start: source.start, end: source.start + source.length - 1, highWaterMark: source.chunkBytes,
      });
      let sending = false;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          if (state.settled) return;
          sending = true;
          // The callback fires once the frame is handed to the socket: waiting for it is the backpressure.
          await new Promise<void>((done, failed) => ws.send(chunk, { binary: true }, (error) => (error ? failed(error) : done())));
          sending = false;
        }
        if (!state.settled) ws.send(JSON.stringify({ method: 'AUDIODONE' }));
      } catch (error) {
        stream.destroy();
        if (state.settled) return;
        if (sending) fail('E_WEBSOCKET', `Sending audio to ${safeUrl} failed: ${(error as Error).message}`, { cause: error });
        else fail('E_INPUT', `Reading ${options.audioPath} failed: ${(error as Error).message}`, { cause: error });
      }
    };

    /** Append markers one by one (a spread of a huge array overflows the stack); false past the cap. */
    const keepMarkers = (markers: readonly unknown[]): boolean => {
      if (state.stableMarkers.length + markers.length > limits.maxMarkers) return false;
      for (const marker of markers) state.stableMarkers.push(marker as RawWordMarker);
      return true;
    };

    const onMessage = (raw: WebSocket.RawData, isBinary: boolean): void => {
      if (state.settled) return;
      state.messages += 1;
      if (state.messages > limits.maxMessages) {
        tooLarge('the number of messages of the WebSocket session', limits.maxMessages);
        return;
      }
      if (isBinary) return;
      let message: Message;
      try {
        message = JSON.parse(raw.toString()) as Message;
      } catch (error) {
        fail('E_WEBSOCKET', `The service sent a WebSocket message that is not JSON`, { cause: error });
        return;
      }
      const data = message.data ?? {};
      switch (message.method) {
        case 'STARTDICTATION':
          if (data['success'] === true) {
            state.dictationId = text(data['dictationId']);
            void streamAudio();
          } else {
            refused(typeof data['status'] === 'number' ? data['status'] : undefined, text(data['reason']) ?? 'no reason given');
          }
          break;
        case 'HYPOTHESISTEXT':
          state.hypotheses += 1;
          break;
        case 'STABLETEXT':
          state.keptBytes += messageBytes(raw);
          if (state.keptBytes > limits.maxResponseBytes) {
            tooLarge('the stable text and markers kept by the WebSocket session (bytes)', limits.maxResponseBytes);
            return;
          }
          state.stable += text(data['substitutedText']) ?? text(data['text']) ?? '';
          if (Array.isArray(data['markers']) && !keepMarkers(data['markers'])) {
            tooLarge('the number of word markers of the WebSocket session', limits.maxMarkers);
            return;
          }
          break;
        case 'TEXTDONE':
          if (data['textDone'] !== true) break;
          if (Array.isArray(data['markers']) && data['markers'].length > limits.maxMarkers) {
            tooLarge('the number of word markers of the WebSocket session', limits.maxMarkers);
            return;
          }
          finish({
            // design.md puts the id in the STARTDICTATION answer; a TEXTDONE that carries one is accepted too.
            dictationId: text(data['dictationId']) ?? state.dictationId,
            text: text(data['text']) ?? state.stable,
            substitutedText: text(data['substitutedText']) ?? text(data['text']) ?? state.stable,
            markers: Array.isArray(data['markers']) ? (data['markers'] as RawWordMarker[]) : state.stableMarkers,
            hypotheses: state.hypotheses,
          });
          break;
        case 'ERROR':
          fail('E_WEBSOCKET', `The service ended the WebSocket dictation: ${text(data['reason']) ?? 'no reason given'}`);
          break;
        default:
          break;
      }
    };

    ws.on('open', () => ws.send(startMessage(options)));
    ws.on('message', onMessage);
    ws.on('unexpected-response', (request, response) => {
      request.destroy();
      refused(response.statusCode, `HTTP ${response.statusCode ?? '?'} on the WebSocket handshake`);
    });
    ws.on('error', (error) => {
      if ((error as { code?: unknown }).code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
        tooLarge('one WebSocket message (bytes)', limits.maxResponseBytes);
        return;
      }
      fail('E_WEBSOCKET', `WebSocket dictation at ${safeUrl} failed: ${error.message}`, { cause: error });
    });
    ws.on('close', (code, reason) => {
      fail(
        'E_WEBSOCKET',
        `The service closed the WebSocket before the text was done (code ${code}${reason.length > 0 ? `: ${reason.toString()}` : ''})`,
      );
    });
  });
}

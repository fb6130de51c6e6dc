/** The dictation service client: HTTP (spec section 4) and WebSocket (extension). */
export { DictationClient } from './client.js';
export { dictateOverWebSocket, type WebSocketDictationOptions } from './websocket-dictation.js';
export { contentTypeForFormat, AUDIO_FORMATS } from '../upload-audio.js';
export type { RetryEvent, RetryOptions } from './retry.js';
export type {
  CallOptions, ClientOptions, CreateDictationParams, Credentials, DictationDetails, WaitOptions, WebSocketDictation,
} from './types.js';

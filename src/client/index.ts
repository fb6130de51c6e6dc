/** The dictation service client: HTTP (spec section 4), WebSocket (extension), credentials. */
export { DictationClient } from './client.js';
export { dictateOverWebSocket, webSocketUrl, type WebSocketDictationOptions } from './websocket.js';
export { contentTypeForFormat, AUDIO_FORMATS } from '../audio-formats.js';
export { authorizationHeader, CREDENTIAL_VARIABLES } from './auth.js';
export { parseDictationXml, parsePropertiesXml } from './xml.js';
export { defaultWaitTimeoutMs } from './poll.js';
export { parseRetryAfter, retryDelayMs, type BackoffOptions } from './backoff.js';
export { credentialsFromEnv, describeCredentials } from '../config/credentials.js';
export type {
  CallOptions, ClientOptions, CreateDictationParams, Credentials, DictationDetails, WaitOptions, WebSocketDictation,
} from './types.js';

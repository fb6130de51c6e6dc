/** The embedded dictation service (public API). */
export { startService } from './server.js';
export type { ServiceOptions, RunningService } from './options.js';
export { addAccount, addApiKeyAccount, setPassword, createApiKey } from './accounts.js';
export { createScriptedEngine, loadScriptFile, validateScriptFile } from './engines/index.js';
export type { ScriptFile, ScriptEntry, ScriptWord } from './engines/index.js';
export type { PocketSphinxOptions } from './engines/pocketsphinx.js';
export type { WebSocketDeps } from './websocket/deps.js';
export type * from './types.js';

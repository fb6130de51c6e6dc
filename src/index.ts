/**
 * dictclip as a library: the same pieces the CLI uses, in data-flow order.
 * scan → transcode → dictate (client or embedded service) → markers → clips → manifest.
 */
export { DictclipError, isDictclipError, redactUrl } from './errors.js';
export type { ErrorCode, ErrorContext } from './errors.js';

export { runPipeline, scanRecordings } from './pipeline/index.js';
export type { RunOptions, RunResult, RunSummary, ManifestRow, FailureRow, PipelineEvents, ClipMode, ClipKind } from './pipeline/index.js';
export { loadRunOptions, configReferenceMarkdown, generateConfigSchema } from './config/index.js';
export { credentialsFromEnv, describeCredentials } from './config/credentials.js';

export { DictationClient, dictateOverWebSocket, contentTypeForFormat } from './client/index.js';
export type { ClientOptions, Credentials, CreateDictationParams, DictationDetails, WaitOptions, WebSocketDictation } from './client/index.js';

export { decodeNewMarkers, decodeOldMarkers, validateMarkers, planClips, bytesToMs, parseNumberList } from './markers/index.js';
export type { WordMarker, RawWordMarker, MarkerMethod, MarkerUnit, DictationResult, PlannedClip, ClipPlanOptions } from './markers/index.js';

export { resolveFfmpeg, transcodeToWav, readWavInfo, cutClips, writeWavRange, findSplitPoints, msToSample } from './audio/index.js';
export type { WavInfo } from './audio/index.js';

export { startService, addAccount, setPassword, createApiKey, createScriptedEngine, loadScriptFile } from './service/index.js';
export type { ServiceOptions, RunningService, ScriptFile, Engine, Recognition, RecognizedWord, Profile, SubstitutionRule } from './service/index.js';

export { writeSupercut } from './extracts/index.js';
export type { SupercutOptions, SupercutResult } from './extracts/index.js';
export { exportDataset, EXPORT_FORMATS } from './dataset/index.js';
export type { ExportFormat, ExportOptions, ExportResult } from './dataset/index.js';

/**
 * dictclip as a library. What a program building on it needs, and nothing else (everything not
 * exported here is internal and may change without notice):
 *
 * - **run**: {@link runPipeline} — a folder of recordings in, clips + `manifest.csv` out. Only
 *   `inputDir` and `outDir` are required; the other options default as for the CLI. The library
 *   reads no environment variable: pass `credentials` for a remote `baseUrl`.
 * - **serve**: {@link startService} — the embedded dictation service, with its account helpers.
 * - **client**: {@link DictationClient} (HTTP) and {@link dictateOverWebSocket}.
 * - **review**: {@link startReview} — the correction page's server over a run output.
 * - **markers**: decode, validate and plan clips from word markers (pure functions).
 * - **errors**: every failure is a {@link DictclipError} with a stable `code` ({@link ERROR_CODES}).
 */

// errors
export { DictclipError, isDictclipError, ERROR_CODES } from './errors.js';
export type { ErrorCode, ErrorContext, ErrorInfo, DictclipErrorOptions } from './errors.js';
export type { Credentials } from './credentials.js';

// run
export { runPipeline } from './pipeline/run.js';
export type { RunOptions } from './config/options.js';
export type { RunResult, PipelineEvents, StageChange, PlanEntry, RedoReason, ClipMode, ClipKind } from './pipeline/types.js';
export type { Agreement } from './align/text.js';
export type { SubtitleFormat, SubtitleLevel } from './timed/index.js';

// run output (the files a run writes)
export { MANIFEST_COLUMNS } from './run-output/rows.js';
export type { RunSummary, ManifestRow, FailureRow, Stage, ReferenceAgreement, RecordingConfidence } from './run-output/rows.js';

// serve
export { startService } from './service/server.js';
export type { ServiceOptions, RunningService } from './service/options.js';
export type { LoginLimits } from './service/login-throttle.js';
export type { PocketSphinxOptions } from './service/engines/pocketsphinx.js';
export type { DictationFault } from './service/faults/corrupt.js';
export { addAccount, addApiKeyAccount, setPassword, createApiKey } from './service/accounts.js';
export { createScriptedEngine, loadScriptFile } from './service/engines/index.js';
export type { ScriptFile, ScriptEntry, ScriptWord } from './service/engines/index.js';
export type { Engine, Recognition, RecognizedWord, RecognizeOptions, Profile, SubstitutionRule } from './service/types.js';

// client
export { DictationClient } from './client/client.js';
export { dictateOverWebSocket } from './client/websocket-dictation.js';
export type { WebSocketDictationOptions } from './client/websocket-dictation.js';
export type { RetryEvent, RetryOptions } from './client/retry.js';
export type {
  ClientOptions, CallOptions, CreateDictationParams, DictationDetails, WaitOptions, WebSocketDictation,
} from './client/types.js';

// markers
export { decodeNewMarkers, decodeOldMarkers, validateMarkers, planClips } from './markers/index.js';
export type {
  WordMarker, RawWordMarker, MarkerMethod, MarkerUnit, DictationResult, PlannedClip, ClipPlanOptions,
  DecodeNewOptions, OldMarkerInput, ValidateOptions, ClipFilters, PadMode, SnapWindow,
} from './markers/index.js';

// audio extracts
export { writeSupercut } from './extracts/index.js';
export type { SupercutOptions, SupercutResult } from './extracts/index.js';

// dataset export
export { exportDataset, EXPORT_FORMATS } from './dataset/index.js';
export type { ExportFormat, ExportOptions, ExportResult, GroupBy, GroupTotal, SplitName, SplitSpec } from './dataset/index.js';

export { buildReport } from './report/index.js';

// review (the correction page)
export { startReview } from './review/index.js';
export type { ReviewServerOptions, RunningReview } from './review/index.js';

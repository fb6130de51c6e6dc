/** The main job: scan a folder of recordings, dictate them, cut clips, write the manifest. */
export { runPipeline } from './run.js';
export { scanRecordings, AUDIO_EXTENSIONS, isAudioFileName } from './scan.js';
export type { Recording, ScanOptions, ScanResult } from './scan.js';
export { clipFileName, recordingKey, slugify } from './naming.js';
export { manifestCsv, failuresCsv } from './manifest.js';
export * from './types.js';

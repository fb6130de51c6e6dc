/** The main job: scan a folder of recordings, dictate them, cut clips, write the manifest. */
export { runPipeline } from './run.js';
export { scanRecordings, AUDIO_EXTENSIONS, isAudioFileName } from './run/scan.js';
export type { Recording, ScanOptions, ScanResult } from './run/scan.js';
export * from './types.js';

/** Dataset export: a run's output → Hugging Face, NeMo, LJSpeech, Kaldi, lhotse or WebDataset. */
export { exportDataset } from './export.js';
export type { ExportResult } from './export.js';
export { EXPORT_FORMATS, parseGroupBy, parseSplitSpec, resolveExportOptions } from './options.js';
export type { ExportFormat, ExportOptions, ResolvedExportOptions } from './options.js';
export { assignSplits, groupOf, SPLIT_NAMES } from './splits.js';
export type { GroupBy, GroupTotal, SplitName, SplitSpec } from './splits.js';

/** Word markers: decode (new and old method), validate against transcript and audio, plan clips. */
export * from './model.js';
export { decodeNewMarkers } from './new-method.js';
export type { DecodeNewOptions } from './new-method.js';
export { bytesToMs, decodeOldMarkers, parseNumberList } from './old-method.js';
export type { OldMarkerInput } from './old-method.js';
export { chooseOldTranscript } from './old-transcript.js';
export { validateMarkers } from './validate.js';
export type { ValidateOptions } from './validate.js';
export { planClips } from './plan.js';
export type { ClipKind, ClipMode, ClipPlanOptions, PlannedClip } from './plan.js';
export { CLIP_FLAGS, addFlag, parseFlags, timingFlags } from './timing.js';
export type { ClipFlag } from './timing.js';
export { hasFilters, keepClip } from './filter.js';
export type { ClipFilters } from './filter.js';
export type { SnapWindow } from './plan.js';
export { findPhrases, isSearchablePhrase, phraseParts } from './find.js';
export { firstAtLeast } from './search.js';
export type { FindMatch } from './find.js';

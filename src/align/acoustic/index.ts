/** Acoustic alignment of reference words with the local recognizer's grammar search. */
export { alignAcoustic } from './align.js';
export type { AcousticAlignment, AcousticRecognizerOptions, AcousticSpan, AlignAcousticOptions, WordEvidence } from './types.js';

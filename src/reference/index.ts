/** Reference transcripts: finding and reading them, tokens with offsets, spoken forms for matching. */
export { tokenize } from './tokenize.js';
export type { ReferenceToken } from './tokenize.js';
export { spokenForm } from './normalize.js';
export { decodeUtf8, readReferenceFile, referenceFromText } from './read.js';
export type { Reference } from './read.js';
export { openReferences } from './source.js';
export type { ReferenceSet } from './source.js';
export { parseTable } from './tables.js';
export type { TableRow } from './tables.js';

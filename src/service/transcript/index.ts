/** Transcript building of the embedded service: recognition → text, substitutions, markers. */
import type { Profile, Recognition, TranscriptResult } from '../types.js';
import { composeText } from './compose.js';
import { applySubstitutions } from './substitute.js';

export { composeText, type ComposedText } from './compose.js';
export { toWordMarkersJson } from './markers-json.js';
export { stableChunks, type StableChunk } from './stable-chunks.js';
export { applySubstitutions, compileRule, type MarkedText } from './substitute.js';

/**
 * Turn a recognition into the dictation result: sentence-case text with a final period, the
 * profile's substitutions applied last, markers indexing into the substituted text, mean
 * confidence. Without a profile (or rules) `substitutedText` equals `text`. A result collapsed to
 * one marker (spec 2.3) spans the audio to `recognition.endMs`.
 * Throws E_CONFIG when a rule's pattern is invalid.
 */
export function composeTranscript(recognition: Recognition, profile: Profile | undefined): TranscriptResult {
  const composed = composeText(recognition);
  const substituted = applySubstitutions(
    { text: composed.text, markers: composed.markers },
    profile?.substitutions ?? [],
  );
  return {
    text: composed.text,
    substitutedText: substituted.text,
    markers: spanCollapsedToEnd(substituted.markers, composed.markers.length, recognition.endMs),
    confidence: composed.confidence,
  };
}

/** One marker left from several (a collapse): its audio runs to the end of the recognition. */
function spanCollapsedToEnd(markers: TranscriptResult['markers'], composedCount: number, endMs: number): TranscriptResult['markers'] {
  const [only] = markers;
  if (only === undefined || markers.length > 1 || composedCount < 2) return markers;
  return [{ ...only, endMs: Math.max(only.endMs, endMs) }];
}

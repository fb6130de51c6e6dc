import type { WordMarker } from './model.js';

/**
 * Detect the substitution effect of spec 2.3: exactly one marker that covers a transcript of
 * several whitespace-separated words. Returns the warning to report, or undefined.
 */
export function collapseWarning(transcript: string, markers: readonly WordMarker[]): string | undefined {
  const [marker] = markers;
  if (markers.length !== 1 || marker === undefined) return undefined;
  const trimmed = transcript.trim();
  const words = trimmed === '' ? 0 : trimmed.split(/\s+/).length;
  if (words < 2) return undefined;
  const first = transcript.length - transcript.trimStart().length;
  const afterLast = transcript.trimEnd().length;
  if (marker.textStart > first || marker.textStart + marker.textLength < afterLast) return undefined;
  return `only one word marker spans the whole ${words}-word transcript: a profile substitution ` +
    'rewrote the whole transcript into one replacement (spec 2.3), so the result is one utterance clip; ' +
    'remove or narrow that substitution rule to get word markers back';
}

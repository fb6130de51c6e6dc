import { collapseWarning } from './collapse.js';
import { describeMarker, markersInvalid } from './invalid.js';
import type { DictclipError } from '../errors.js';
import { wholeMsEnd } from './model.js';
import type { DictationResult, WordMarker } from './model.js';

/** Options of {@link validateMarkers}. */
export interface ValidateOptions {
  /**
   * Candidate transcripts in order of preference (e.g. `[substitutedText, text]`); the first one
   * the markers index consistently is the result's transcript. Undefined entries and duplicates
   * are skipped; an empty list means the empty transcript.
   */
  transcripts: readonly (string | undefined)[];
  /** Duration of the dictated audio in ms. */
  audioDurationMs: number;
  /** Marker ends up to this far past the audio are clamped to it; further is invalid. @default 50 */
  toleranceMs?: number | undefined;
}

/**
 * Check markers against their transcript and audio and build the {@link DictationResult}:
 * integer times with `startMs ≤ endMs`, non-decreasing starts, ends inside the audio (ends within
 * the tolerance are clamped to the audio's end in whole ms, `wholeMsEnd`), text offsets inside the
 * transcript in non-decreasing order, and each marker's text equal to the transcript at its offsets. Detects the collapsed
 * (single-marker) result of spec 2.3. Does not modify its input.
 * @throws DictclipError `E_MARKERS_INVALID` at the first violation, with `markerIndex`.
 */
export function validateMarkers(markers: readonly WordMarker[], options: ValidateOptions): DictationResult {
  if (!Number.isFinite(options.audioDurationMs) || options.audioDurationMs < 0) {
    throw markersInvalid(`audio duration must be a non-negative number of ms (got ${options.audioDurationMs})`);
  }
  const duration = wholeMsEnd(options.audioDurationMs);
  const tolerance = options.toleranceMs ?? 50;
  const candidates = [...new Set(options.transcripts.filter((t): t is string => t !== undefined))];
  if (candidates.length === 0) candidates.push('');
  let firstError: DictclipError | undefined;
  for (const transcript of candidates) {
    const error = firstViolation(markers, transcript, duration, tolerance);
    if (error === undefined) return buildResult(markers, transcript, duration);
    firstError ??= error;
  }
  if (candidates.length > 1 && firstError !== undefined) {
    throw markersInvalid(
      `${firstError.message} (no candidate transcript matched: checked ${candidates.length})`,
      firstError.context.markerIndex,
      firstError,
    );
  }
  throw firstError ?? markersInvalid('markers could not be validated');
}

function firstViolation(
  markers: readonly WordMarker[],
  transcript: string,
  duration: number,
  tolerance: number,
): DictclipError | undefined {
  let previous: WordMarker | undefined;
  for (const [index, marker] of markers.entries()) {
    const problem = markerProblem(marker, previous, transcript, duration, tolerance);
    if (problem !== undefined) return markersInvalid(`${describeMarker(index, marker)}: ${problem}`, index);
    previous = marker;
  }
  return undefined;
}

function markerProblem(
  m: WordMarker,
  previous: WordMarker | undefined,
  transcript: string,
  duration: number,
  tolerance: number,
): string | undefined {
  if (!Number.isInteger(m.startMs) || !Number.isInteger(m.endMs)) return 'times are not integer milliseconds';
  if (m.startMs < 0) return 'starts before the audio';
  if (m.endMs < m.startMs) return 'ends before it starts';
  if (previous !== undefined && m.startMs < previous.startMs) {
    return `starts before the previous marker (${previous.startMs} ms)`;
  }
  if (m.endMs > duration + tolerance) {
    return `ends past the audio (${duration} ms, tolerance ${tolerance} ms)`;
  }
  if (!Number.isInteger(m.textStart) || !Number.isInteger(m.textLength) || m.textStart < 0 || m.textLength < 1) {
    return 'text offsets are not a non-negative start and a positive length';
  }
  if (m.textStart + m.textLength > transcript.length) {
    return `text offsets lie past the transcript (length ${transcript.length})`;
  }
  if (previous !== undefined && m.textStart < previous.textStart) {
    return `text starts before the previous marker's text (${previous.textStart})`;
  }
  const actual = transcript.slice(m.textStart, m.textStart + m.textLength);
  if (actual !== m.text) return `the transcript has ${JSON.stringify(actual)} at these offsets`;
  return undefined;
}

function buildResult(markers: readonly WordMarker[], transcript: string, duration: number): DictationResult {
  const warnings: string[] = [];
  let clamped = 0;
  const normalized = markers.map((m): WordMarker => {
    if (m.endMs <= duration) return { ...m };
    clamped += 1;
    return { ...m, startMs: Math.min(m.startMs, duration), endMs: duration };
  });
  if (clamped > 0) {
    warnings.push(`${clamped} marker(s) ended slightly past the audio (${duration} ms) and were clamped to its end`);
  }
  if (markers.length === 0 && transcript.trim() !== '') {
    warnings.push('the transcript has text but the service returned no word markers: no clips can be cut');
  }
  const collapse = collapseWarning(transcript, normalized);
  if (collapse !== undefined) warnings.push(collapse);
  return { transcript, markers: normalized, collapsed: collapse !== undefined, warnings };
}

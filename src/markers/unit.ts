/**
 * Choosing the unit of new-method markers when the configuration says `auto`.
 *
 * Rule, with `end` the largest `audioStart + audioLength` and `D` the audio duration in ms:
 * - `end × 1000 ≤ D + tolerance` (the seconds reading fits the audio) and `end < D / 100` (the
 *   milliseconds reading would put all speech in the first hundredth of the audio): seconds.
 * - The seconds reading overshoots the audio but `end ≤ D + tolerance`: milliseconds.
 * - Both readings plausible (only possible for very short audio): seconds, with a warning.
 * - Neither reading fits, or the duration is unknown: seconds, with a warning; validation then
 *   reports the markers that lie beyond the audio.
 */

/** Tolerance, in ms, for marker ends past the end of the audio. */
export const UNIT_TOLERANCE_MS = 50;

const HOW_TO_SET = "set markerUnit to 'seconds' or 'milliseconds' to choose explicitly";

/** The decided unit and the warning that goes with it (if any). */
export interface UnitDecision {
  unit: 'seconds' | 'milliseconds';
  warning?: string;
}

/**
 * Decide the unit of raw marker values from the largest marker end and the audio duration.
 * @param maxEnd largest `audioStart + audioLength` of the markers (raw value, unit unknown)
 * @param audioDurationMs duration of the dictated audio; undefined when unknown
 */
export function detectUnit(maxEnd: number, audioDurationMs: number | undefined): UnitDecision {
  if (audioDurationMs === undefined || !Number.isFinite(audioDurationMs) || audioDurationMs < 0) {
    return {
      unit: 'seconds',
      warning: `word marker unit 'auto' needs the audio duration, which is unknown: read as seconds; ${HOW_TO_SET}`,
    };
  }
  const limit = audioDurationMs + UNIT_TOLERANCE_MS;
  const secondsFit = maxEnd * 1000 <= limit;
  const millisecondsFit = maxEnd <= limit;
  const millisecondsPlausible = millisecondsFit && maxEnd >= audioDurationMs / 100;
  if (secondsFit && !millisecondsPlausible) return { unit: 'seconds' };
  if (!secondsFit && millisecondsFit) return { unit: 'milliseconds' };
  if (secondsFit) {
    return {
      unit: 'seconds',
      warning: `word marker unit is ambiguous: the last marker ends at ${maxEnd}, which fits ` +
        `${audioDurationMs} ms of audio read as seconds or as milliseconds; read as seconds; ${HOW_TO_SET}`,
    };
  }
  return {
    unit: 'seconds',
    warning: `word marker unit could not be detected: the last marker ends at ${maxEnd}, beyond ` +
      `${audioDurationMs} ms of audio read as seconds or as milliseconds; read as seconds; ${HOW_TO_SET}`,
  };
}

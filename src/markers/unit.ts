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
import { DictclipError } from '../errors.js';
import { isPunctuation } from './model.js';

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

/** A word shorter than this many ms is implausible (a sign of seconds read as milliseconds). */
export const MIN_PLAUSIBLE_WORD_MS = 5;

/** A raw new-method marker's values (unit unknown). */
interface RawSpan { audioStart: number; audioLength: number; text: string }

/**
 * Why raw markers cannot be in the configured `unit` for `audioDurationMs` of audio (undefined
 * when they can), with `end` the largest `audioStart + audioLength`, `D` the duration:
 * - milliseconds: `end < D / 100` (all speech in the first hundredth of the audio), or more than
 *   half the words shorter than {@link MIN_PLAUSIBLE_WORD_MS} ms;
 * - seconds: `end × 1000 > D + tolerance` while `end ≤ D + tolerance` (it fits only as milliseconds).
 */
export function unitMisfit(raw: readonly RawSpan[], unit: 'seconds' | 'milliseconds', audioDurationMs: number): string | undefined {
  if (raw.length === 0 || !(audioDurationMs > 0)) return undefined;
  const end = Math.max(...raw.map((m) => m.audioStart + m.audioLength));
  const limit = audioDurationMs + UNIT_TOLERANCE_MS;
  const shown = Number(end.toFixed(3));
  if (unit === 'seconds') {
    return end * 1000 > limit && end <= limit
      ? `the last word ends at ${shown} s, past the ${audioDurationMs} ms of audio (it fits read as milliseconds)`
      : undefined;
  }
  if (end < audioDurationMs / 100) return `every word ends within the first ${shown} ms of ${audioDurationMs} ms of audio`;
  const words = raw.filter((m) => !isPunctuation(m.text));
  const tiny = words.filter((m) => m.audioLength < MIN_PLAUSIBLE_WORD_MS).length;
  return tiny * 2 > words.length ? `${tiny} of ${words.length} words are shorter than ${MIN_PLAUSIBLE_WORD_MS} ms` : undefined;
}

/**
 * @throws DictclipError `E_MARKER_UNIT` naming `--marker-unit` and `auto` when {@link unitMisfit}
 * finds the configured unit impossible.
 */
export function checkUnitFits(raw: readonly RawSpan[], unit: 'seconds' | 'milliseconds', audioDurationMs: number | undefined): void {
  const reason = audioDurationMs === undefined ? undefined : unitMisfit(raw, unit, audioDurationMs);
  if (reason === undefined) return;
  const other = unit === 'seconds' ? 'milliseconds' : 'seconds';
  throw new DictclipError(
    'E_MARKER_UNIT',
    `word markers read as ${unit} cannot fit the audio: ${reason}; no clips were cut. ` +
      `Fix: pass --marker-unit ${other} (markerUnit in the config), or --marker-unit auto to detect the unit per recording.`,
  );
}

import { checkUnitFits, detectUnit } from './unit.js';
import { markersInvalid, show } from './invalid.js';
import type { MarkerUnit, RawWordMarker, WordMarker } from './model.js';

/** Options of {@link decodeNewMarkers}. */
export interface DecodeNewOptions {
  /** Unit of `audioStart`/`audioLength`; `auto` decides from `audioDurationMs`. @default 'seconds' (RunOptions.markerUnit) */
  unit: MarkerUnit;
  /** Duration of the dictated audio in ms; used by `unit: 'auto'`. @default undefined */
  audioDurationMs?: number | undefined;
}

/**
 * Decode new-method word markers (spec 2.3): the JSON array of the `wordMarkers` entry, as text
 * or already parsed (WebSocket). Times are converted to integer milliseconds by rounding
 * (`0.71999997` s → 720 ms); `endMs` is `round((audioStart + audioLength) × 1000)`.
 * A marker's `confidence` (the embedded service's extension) is kept when it is a number from 0
 * to 1, else left out with a warning. A blank string means no markers. Offsets are not checked
 * against a transcript here: see `validateMarkers`.
 * @throws DictclipError `E_MARKERS_INVALID` for malformed JSON or fields, naming the index;
 * `E_MARKER_UNIT` when the markers cannot be in the configured unit (see `unitMisfit`).
 */
export function decodeNewMarkers(
  raw: string | readonly RawWordMarker[],
  options: DecodeNewOptions,
): { markers: WordMarker[]; warnings: string[] } {
  const entries = typeof raw === 'string' ? parseJson(raw) : raw;
  if (!Array.isArray(entries)) {
    throw markersInvalid(`wordMarkers is not a JSON array (got ${show(entries)})`);
  }
  const checked = (entries as readonly unknown[]).map((entry, index) => checkEntry(entry, index));
  const warnings: string[] = [];
  const ignored = checked.filter((m, i) => m.confidence === undefined && (entries as Record<string, unknown>[])[i]!['confidence'] !== undefined);
  if (ignored.length > 0) warnings.push(`${ignored.length} word markers carry a confidence that is not a number from 0 to 1: ignored`);
  let unit = options.unit;
  if (unit === 'auto') {
    if (checked.length === 0) {
      unit = 'seconds';
    } else {
      const maxEnd = Math.max(...checked.map((m) => m.audioStart + m.audioLength));
      const decision = detectUnit(maxEnd, options.audioDurationMs);
      unit = decision.unit;
      if (decision.warning !== undefined) warnings.push(decision.warning);
    }
  } else {
    checkUnitFits(checked, unit, options.audioDurationMs);
  }
  const scale = unit === 'seconds' ? 1000 : 1;
  const markers = checked.map((m): WordMarker => ({
    text: m.text,
    textStart: m.textStart,
    textLength: m.textLength,
    startMs: Math.round(m.audioStart * scale),
    endMs: Math.round((m.audioStart + m.audioLength) * scale),
    ...(m.confidence === undefined ? {} : { confidence: m.confidence }),
  }));
  return { markers, warnings };
}

function parseJson(raw: string): unknown {
  if (raw.trim() === '') return [];
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw markersInvalid(`wordMarkers is not valid JSON: ${detail}`, undefined, error);
  }
}

function checkEntry(entry: unknown, index: number): RawWordMarker {
  const where = `wordMarkers[${index}]`;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw markersInvalid(`${where} is not an object (got ${show(entry)})`, index);
  }
  const record = entry as Record<string, unknown>;
  const number = (key: keyof RawWordMarker, integer: boolean): number => {
    const value = record[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw markersInvalid(`${where}.${key} is not a finite number (got ${show(value)})`, index);
    }
    if (value < 0) throw markersInvalid(`${where}.${key} is negative (${value})`, index);
    if (integer && !Number.isInteger(value)) {
      throw markersInvalid(`${where}.${key} is not an integer (${value})`, index);
    }
    return value;
  };
  const text = record['text'];
  if (typeof text !== 'string' || text === '') {
    throw markersInvalid(`${where}.text is missing or not a non-empty string (got ${show(text)})`, index);
  }
  return {
    text,
    audioStart: number('audioStart', false),
    audioLength: number('audioLength', false),
    textStart: number('textStart', true),
    textLength: number('textLength', true),
    ...wordConfidence(record['confidence']),
  };
}

/** A marker's `confidence` (ours, not in spec 2.3) when it is a number from 0 to 1; anything else is left out. */
function wordConfidence(value: unknown): { confidence?: number } {
  return typeof value === 'number' && value >= 0 && value <= 1 ? { confidence: value } : {};
}

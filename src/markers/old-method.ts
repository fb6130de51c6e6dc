import { markersInvalid, show } from './invalid.js';
import type { WordMarker } from './model.js';

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Parse a statistics list value: a JSON array (`[1, 2]`, pairs as nested arrays are flattened:
 * `[[1, 2], [3, 4]]`), or numbers separated by commas and/or whitespace (`1, 2 3`). A blank value
 * is an empty list.
 * @throws DictclipError `E_MARKERS_INVALID` for anything that is not a number.
 */
export function parseNumberList(value: string): number[] {
  const text = value.trim();
  if (text === '') return [];
  if (text.startsWith('[')) return parseJsonList(text);
  return text.split(/\s*,\s*|\s+/).map((token, position) => {
    if (!NUMBER.test(token)) {
      throw markersInvalid(`number list entry ${position} is not a number (got ${show(token)} in ${show(text)})`);
    }
    return Number(token);
  });
}

function parseJsonList(text: string): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    throw markersInvalid(`number list is not valid JSON (${show(text)})`, undefined, error);
  }
  if (!Array.isArray(parsed)) throw markersInvalid(`number list is not an array (${show(text)})`);
  const flat = (parsed as unknown[]).flatMap((item) => (Array.isArray(item) ? (item as unknown[]) : [item]));
  return flat.map((item, position) => {
    if (typeof item !== 'number') {
      throw markersInvalid(`number list entry ${position} is not a number (got ${show(item)})`);
    }
    return item;
  });
}

/**
 * Byte count into 16-bit 16 kHz PCM → integer milliseconds, exactly the spec's formula
 * `floor((bytes / 2) / 16000 * 1000)` evaluated in that order in double precision.
 * 3518 → 109, 23358 → 729.
 *
 * This deliberately follows the spec to the letter rather than the exact `floor(bytes / 32)`:
 * the two differ for a few byte counts (32032 bytes → 1000 here, 1001 exactly), and clip
 * boundaries must match what the spec's arithmetic gives. Our embedded service emits byte
 * counts one sample into each millisecond (ms × 32 + 2), on which both readings agree.
 * @throws DictclipError `E_MARKERS_INVALID` for a negative or non-finite count.
 */
export function bytesToMs(bytes: number): number {
  if (!Number.isFinite(bytes) || bytes < 0) {
    throw markersInvalid(`byte count must be a non-negative number (got ${bytes})`);
  }
  return Math.floor(((bytes / 2) / 16000) * 1000);
}

/** Inputs of {@link decodeOldMarkers}: raw statistics values and the transcript they index. */
export interface OldMarkerInput {
  /** `WordAudioMarkers` of the audio statistics: start/end byte pairs. */
  wordAudioMarkers: string;
  /** `WordTextMarkers` of the text statistics: start/end character pairs, end inclusive. */
  wordTextMarkers: string;
  /** The transcript the text pairs index (Transcription or SubstitutedText). */
  transcript: string;
}

/**
 * Decode old-method markers (spec 2.6). Pair k of `WordAudioMarkers` and pair k of
 * `WordTextMarkers` are marker k; the text end index is inclusive, so a one-character token has
 * equal start and end and `textLength = end − start + 1`; text is `transcript.slice(start, end + 1)`.
 * (`AudioMarkers`/`TextMarkers` may be invalid and are never used.)
 * @throws DictclipError `E_MARKERS_INVALID` for odd or unequal lengths, non-integers, negatives,
 * reversed pairs, or text indexes beyond the transcript.
 */
export function decodeOldMarkers(input: OldMarkerInput): WordMarker[] {
  const audio = parseNumberList(input.wordAudioMarkers);
  const text = parseNumberList(input.wordTextMarkers);
  if (audio.length % 2 !== 0) {
    throw markersInvalid(`WordAudioMarkers has an odd number of entries (${audio.length}); expected start/end pairs`);
  }
  if (text.length % 2 !== 0) {
    throw markersInvalid(`WordTextMarkers has an odd number of entries (${text.length}); expected start/end pairs`);
  }
  if (audio.length !== text.length) {
    throw markersInvalid(
      `WordAudioMarkers has ${audio.length / 2} pairs but WordTextMarkers has ${text.length / 2}; they must match`,
    );
  }
  const markers: WordMarker[] = [];
  for (let k = 0; k < audio.length / 2; k += 1) {
    const [startByte, endByte] = pair(audio, k, 'WordAudioMarkers');
    const [start, end] = pair(text, k, 'WordTextMarkers');
    if (end >= input.transcript.length) {
      throw markersInvalid(
        `marker ${k}: WordTextMarkers end index ${end} is beyond the transcript (length ${input.transcript.length})`,
        k,
      );
    }
    markers.push({
      text: input.transcript.slice(start, end + 1),
      textStart: start,
      textLength: end - start + 1,
      startMs: bytesToMs(startByte),
      endMs: bytesToMs(endByte),
    });
  }
  return markers;
}

function pair(list: readonly number[], k: number, name: string): [number, number] {
  const start = list[2 * k] ?? Number.NaN;
  const end = list[2 * k + 1] ?? Number.NaN;
  for (const value of [start, end]) {
    if (!Number.isInteger(value) || value < 0) {
      throw markersInvalid(`marker ${k}: ${name} entry ${show(value)} is not a non-negative integer`, k);
    }
  }
  if (end < start) throw markersInvalid(`marker ${k}: ${name} pair ${start}, ${end} ends before it starts`, k);
  return [start, end];
}

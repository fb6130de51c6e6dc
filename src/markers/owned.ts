/**
 * Which audio a marker owns, for padding: a marker with audio (`endMs > startMs`) owns it and
 * padding never runs into it; a zero-length marker owns nothing and padding passes it by.
 * Punctuation the engine did not hear (a closing mark glued to the last word and stretched to the
 * audio's end) is given no audio, so it neither stops the last word's padding nor becomes a clip.
 */
import { isPunctuation } from './model.js';
import type { WordMarker } from './model.js';

/** True when a marker owns audio: `endMs > startMs`. */
export function ownsAudio(marker: WordMarker): boolean {
  return marker.endMs > marker.startMs;
}

/**
 * True for punctuation the engine did not hear: a punctuation marker that starts exactly where the
 * previous marker ends (`start = previous.end`) and runs to the audio's end (`end ≥ duration`),
 * with audio of its own. A spoken "period" on the real service starts at its own onset and ends
 * with its speech, so it keeps its audio.
 */
export function isUnheardPunctuation(marker: WordMarker, previous: WordMarker | undefined, audioDurationMs: number): boolean {
  return (
    previous !== undefined &&
    isPunctuation(marker.text) &&
    ownsAudio(marker) &&
    marker.startMs === previous.endMs &&
    marker.endMs >= audioDurationMs
  );
}

/**
 * The markers with unheard punctuation ({@link isUnheardPunctuation}) made zero-length at its
 * start: `end = start = previous.end`. Other markers are returned as they are.
 */
export function withoutUnheardAudio(markers: readonly WordMarker[], audioDurationMs: number): WordMarker[] {
  return markers.map((marker, i) =>
    isUnheardPunctuation(marker, markers[i - 1], audioDurationMs) ? { ...marker, endMs: marker.startMs } : marker,
  );
}

/**
 * The nearest marker owning audio before index `from` (`step = -1`) or after it (`step = 1`);
 * undefined when there is none. Zero-length markers are passed by.
 */
export function audioNeighbour(markers: readonly WordMarker[], from: number, step: -1 | 1): WordMarker | undefined {
  for (let i = from + step; i >= 0 && i < markers.length; i += step) {
    const marker = markers[i];
    if (marker !== undefined && ownsAudio(marker)) return marker;
  }
  return undefined;
}

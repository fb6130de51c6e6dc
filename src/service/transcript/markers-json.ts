/** Word markers (ms) → new-method wire markers (seconds), as HTTP and WebSocket send them. */
import type { RawWordMarker, WordMarker } from '../../markers/model.js';

/**
 * Convert markers to the wire shape of spec 2.3: `audioStart`/`audioLength` in seconds
 * (`startMs / 1000`, `(endMs − startMs) / 1000`), text indexes unchanged, and (ours, beyond the
 * spec) the word's confidence when the recognizer gave one. The one conversion used
 * by the dictation XML `wordMarkers` entry and by every WebSocket message.
 */
export function toWordMarkersJson(markers: readonly WordMarker[]): RawWordMarker[] {
  return markers.map((m) => ({
    audioStart: m.startMs / 1000,
    audioLength: (m.endMs - m.startMs) / 1000,
    textStart: m.textStart,
    textLength: m.textLength,
    text: m.text,
    ...(m.confidence === undefined ? {} : { confidence: m.confidence }),
  }));
}

/** Split a transcript into sentence chunks for WebSocket STABLETEXT messages. */
import { SENTENCE_END, type WordMarker } from '../../markers/model.js';
import type { TranscriptResult } from '../types.js';

/** One sentence of the substituted transcript with its markers. */
export interface StableChunk {
  /** The chunk's slice of the substituted text (the chunks concatenate to the whole text). */
  text: string;
  /** Where the chunk starts in the substituted text. */
  textStart: number;
  /** Markers of the chunk; their indexes still point into the whole substituted text. */
  markers: WordMarker[];
}

function endsSentence(marker: WordMarker): boolean {
  return SENTENCE_END.has(marker.text.trimEnd().slice(-1));
}

/**
 * Split after every marker ending in `.`, `!` or `?`; a chunk runs up to the first marker of the
 * next sentence, so the spaces between sentences stay with the earlier chunk and the chunks'
 * texts concatenate to `substitutedText`. Empty text → no chunks.
 */
export function stableChunks(result: TranscriptResult): StableChunk[] {
  const text = result.substitutedText;
  if (text === '') return [];
  const groups: WordMarker[][] = [[]];
  for (const marker of result.markers) {
    const open = groups.at(-1);
    if (open === undefined) break;
    open.push(marker);
    if (endsSentence(marker)) groups.push([]);
  }
  if (groups.length > 1 && groups.at(-1)?.length === 0) groups.pop();
  return groups.map((markers, index) => {
    const textStart = index === 0 ? 0 : (markers[0]?.textStart ?? text.length);
    const next = groups[index + 1]?.[0]?.textStart ?? text.length;
    return { text: text.slice(textStart, next), textStart, markers };
  });
}

import type { DictationResult, WordMarker } from '../../src/markers/index.js';

/** Markers over `transcript`, one per `[token, startMs, endMs]`, found left to right. */
export function result(transcript: string, tokens: readonly (readonly [string, number, number])[]): DictationResult {
  let at = 0;
  const markers: WordMarker[] = tokens.map(([text, startMs, endMs]) => {
    const textStart = transcript.indexOf(text, at);
    at = textStart + text.length;
    return { text, textStart, textLength: text.length, startMs, endMs };
  });
  return { transcript, markers, collapsed: false, warnings: [] };
}

export const LIMITS = { maxGapMs: 700, maxPhraseMs: 15_000 };

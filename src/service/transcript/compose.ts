/** Words of a recognition → sentence-case transcript with one marker per word (with its confidence) and the final period. */
import type { WordMarker } from '../../markers/model.js';
import type { Recognition } from '../types.js';

/** The transcript before substitutions: text, markers indexing into it, mean confidence. */
export interface ComposedText {
  text: string;
  markers: WordMarker[];
  confidence: number;
}

/** `i` and its contractions (`i'm`, `i'll` …) are written with a capital I. */
function casedWord(word: string, first: boolean): string {
  const cased = /^i(?:'|$)/.test(word) ? `I${word.slice(1)}` : word;
  return first ? cased.charAt(0).toUpperCase() + cased.slice(1) : cased;
}

/**
 * Join recognized words into sentence case (first letter capitalised, `i` → `I`), single spaces
 * between words, and a final `.` written directly after the last word as its own marker. The
 * engine did not hear the period, so it owns no audio: zero-length at the last word's end (the
 * silence after the last word stays free for padding). No words → empty text, no markers,
 * confidence 0.
 */
export function composeText(recognition: Recognition): ComposedText {
  const words = recognition.words.map((w) => ({ ...w, word: w.word.trim() })).filter((w) => w.word !== '');
  const markers: WordMarker[] = [];
  let text = '';
  for (const [index, w] of words.entries()) {
    if (index > 0) text += ' ';
    const token = casedWord(w.word, index === 0);
    const { startMs, endMs, confidence } = w;
    markers.push({ text: token, textStart: text.length, textLength: token.length, startMs, endMs, confidence });
    text += token;
  }
  const last = markers.at(-1);
  if (last === undefined) return { text: '', markers: [], confidence: 0 };
  markers.push({ text: '.', textStart: text.length, textLength: 1, startMs: last.endMs, endMs: last.endMs });
  text += '.';
  const confidence = words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
  return { text, markers, confidence };
}

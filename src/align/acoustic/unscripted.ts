/**
 * Speech the text does not hold (a sentence said but missing from the reference). The grammar
 * search has no word for it, so it stretches reference words over it (putting them on other
 * words' audio) and, having run out of words, calls other speech silence. That shows: loud frames
 * the search gave no word. When a piece has a long stretch of them, it is searched again with a
 * garbage loop at every word boundary (grammar.ts), which takes the unscripted speech so the words
 * after it keep their own audio. Only then: the loop costs about 3.5 times the search's CPU. Pure.
 */
import { garbageName, tokenIndex, type UnscriptedSpeech } from './grammar.js';
import type { HypSegment } from './hypseg.js';

/**
 * The garbage loop's phones: a few broad vowels and consonants of the model (all of its ~40 phones
 * cost ~30 times the search; these 12 took a 7 s sentence missing from its text as well as all did).
 */
export const UNSCRIPTED_SPEECH: UnscriptedSpeech = {
  phones: ['AA', 'AH', 'IY', 'UW', 'ER', 'N', 'M', 'S', 'T', 'K', 'L', 'R'],
  enter: 1e-10,
  stay: 1e-2,
};

/**
 * Frames of speech left to silence that make a piece be searched again: 1 s, longer than any
 * single word, so a word the search skipped does not by itself trigger it.
 */
export const UNCOVERED_SPEECH_FRAMES = 100;

/** A 10 ms frame is loud (speech, for this purpose) at this many dB over the recording's noise floor. */
export const LOUD_OVER_FLOOR_DB = 15;

/** Loud frames of `loud` from a piece's frame `start` to `end` (end exclusive), `offsetFrame` being the piece's first frame. */
function loudIn(loud: Uint8Array, offsetFrame: number, start: number, end: number): number {
  let frames = 0;
  for (let f = Math.max(0, offsetFrame + start); f < offsetFrame + end && f < loud.length; f++) frames += loud[f]!;
  return frames;
}

/**
 * Loud frames (`loud`: per 10 ms frame of the recording, 1 when loud) inside each stretch the
 * grammar search gave no word (silence or fillers between placed words, and before the first and
 * after the last), `offsetFrame` being the piece's first frame; the largest count.
 */
export function uncoveredSpeechFrames(grammar: readonly HypSegment[], loud: Uint8Array, offsetFrame: number): number {
  let best = 0;
  let from: number | undefined;
  for (const segment of grammar) {
    const isWord = tokenIndex(segment.word) !== undefined;
    if (!isWord && from === undefined) from = segment.startFrame;
    if (isWord && from !== undefined) {
      best = Math.max(best, loudIn(loud, offsetFrame, from, segment.startFrame));
      from = undefined;
    }
  }
  if (from !== undefined) best = Math.max(best, loudIn(loud, offsetFrame, from, grammar.at(-1)!.endFrame));
  return best;
}

/**
 * A search with the garbage loop is kept only when the garbage took at most this share of the loud
 * frames given to words or garbage: a text that leaves most of the speech to the loop is not this
 * audio's text with something missing but another text, and the first search (whose poor fit the
 * mismatch decision reads) stands.
 */
export const MAX_UNSCRIPTED_SHARE = 0.5;

/** Of the loud frames the search gave to words or to the garbage loop, the garbage's share (0 with none). */
export function unscriptedShare(grammar: readonly HypSegment[], loud: Uint8Array, offsetFrame: number): number {
  const garbage = garbageName('');
  let words = 0;
  let unscripted = 0;
  for (const segment of grammar) {
    const isGarbage = segment.word.startsWith(garbage);
    if (!isGarbage && tokenIndex(segment.word) === undefined) continue;
    const frames = loudIn(loud, offsetFrame, segment.startFrame, segment.endFrame);
    if (isGarbage) unscripted += frames;
    else words += frames;
  }
  return words + unscripted === 0 ? 0 : unscripted / (words + unscripted);
}

/** The stretches (frames, end exclusive) of consecutive garbage-loop segments in a search's result. */
export function garbageStretches(grammar: readonly HypSegment[]): [number, number][] {
  const garbage = garbageName('');
  const out: [number, number][] = [];
  for (const segment of grammar) {
    if (!segment.word.startsWith(garbage)) continue;
    const last = out.at(-1);
    if (last !== undefined && last[1] === segment.startFrame) last[1] = segment.endFrame;
    else out.push([segment.startFrame, segment.endFrame]);
  }
  return out;
}

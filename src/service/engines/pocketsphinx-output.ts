/**
 * Reading the words of `pocketsphinx_batch -backtrace yes` from its log: one row per segment,
 * `word startFrame endFrame pprob ascr lscr lback`, frames of 10 ms, `<s>`/`</s>`/`<sil>` and
 * noise tokens around and between the words.
 */
import type { RecognizedWord } from '../types.js';

/** Frames per second of the acoustic front end (`-frate 100`): one frame is 10 ms. */
export const FRAME_MS = 10;
/** A backtrace row: token, start frame, end frame (inclusive), posterior probability, three scores. */
const ROW = /^(\S+)\s+(\d+)\s+(\d+)\s+(\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s+-?\d+\s+-?\d+\s+-?\d+\s*$/i;
/** Pronunciation variant suffix: `to(2)` → `to`. */
const VARIANT = /\(\d+\)$/;

/** True for tokens that are not words: `<s>`, `</s>`, `<sil>`, `[NOISE]`, `++BREATH++`, `(NULL)` … */
export function isFiller(token: string): boolean {
  return /^<.*>$/.test(token) || /^\[.*\]$/.test(token) || /^\+\+.*\+\+$/.test(token) || /^\(.*\)$/.test(token);
}

/**
 * One backtrace row of the log: `undefined` for any other line; else the segment's end in ms
 * (end frame + 1, × 10) and, unless it is a filler, the word (`(n)` variant dropped, times in ms
 * from the stretch start, pprob as the confidence, clamped to 0..1).
 */
export function parseBacktraceRow(line: string): { endMs: number; word?: RecognizedWord } | undefined {
  const match = ROW.exec(line.trim());
  if (match === null) return undefined;
  const [, token = '', start = '0', end = '0', pprob = '0'] = match;
  const startMs = Number(start) * FRAME_MS;
  const endMs = Math.max(startMs, (Number(end) + 1) * FRAME_MS);
  const word = token.replace(VARIANT, '');
  if (isFiller(token) || word === '') return { endMs };
  return { endMs, word: { word, startMs, endMs, confidence: Math.min(1, Math.max(0, Number(pprob))) } };
}

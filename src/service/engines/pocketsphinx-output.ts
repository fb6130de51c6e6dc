/**
 * Parser for the stdout of `pocketsphinx_continuous -time yes`: one hypothesis line per utterance,
 * then one `word start end confidence` line per segment (times in seconds), with `<s>`/`</s>`
 * around each utterance. Long audio yields several utterances; all words are kept in time order.
 */
import type { Recognition, RecognizedWord } from '../types.js';

/** A segment line: the token and three numbers (no other line has exactly this shape). */
const SEGMENT_LINE = /^(\S+)\s+(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s+(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s+(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/i;
/** Pronunciation variant suffix: `to(2)` → `to`. */
const VARIANT = /\(\d+\)$/;

/** True for tokens that are not words: `<s>`, `</s>`, `<sil>`, `[NOISE]`, `++BREATH++`, `(NULL)` … */
export function isFiller(token: string): boolean {
  return (
    /^<.*>$/.test(token) ||
    /^\[.*\]$/.test(token) ||
    /^\+\+.*\+\+$/.test(token) ||
    /^\(.*\)$/.test(token)
  );
}

function toMs(seconds: number): number {
  return Math.max(0, Math.round(seconds * 1000));
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/**
 * Parse `pocketsphinx_continuous -time yes` stdout into words (fillers dropped, `(n)` variants
 * normalized, times in integer ms, confidence clamped to 0..1). Lines that are not exactly a
 * token plus three numbers (hypothesis lines, blank lines) are skipped. `endMs` is the end of the
 * last `</s>` or of the last word, whichever is later (0 when there is neither).
 */
export function parsePocketSphinxOutput(stdout: string): Recognition {
  const words: RecognizedWord[] = [];
  let endMs = 0;
  for (const rawLine of stdout.split(/\r?\n/)) {
    const match = SEGMENT_LINE.exec(rawLine.trim());
    if (match === null) continue;
    const [, token = '', start = '', end = '', confidence = ''] = match;
    const startMs = toMs(Number(start));
    const segmentEndMs = Math.max(startMs, toMs(Number(end)));
    if (token === '</s>') {
      endMs = Math.max(endMs, segmentEndMs);
      continue;
    }
    if (isFiller(token)) continue;
    const word = token.replace(VARIANT, '');
    if (word === '') continue;
    words.push({ word, startMs, endMs: segmentEndMs, confidence: clamp01(Number(confidence)) });
    endMs = Math.max(endMs, segmentEndMs);
  }
  // Utterances are printed in order; a stable sort guards against any out-of-order group.
  words.sort((a, b) => a.startMs - b.startMs);
  return { words, endMs };
}

/**
 * A second opinion on where each placed word starts: the placed words forced-aligned again, this
 * time with every phone its own grammar word, so no phone is modelled in the context of the word
 * beside it (the word search scores a word's first phone as a triphone that knows the word before
 * it) and the search can put each word boundary only where the phones on both sides fit. Where
 * the two searches agree the start is well determined; where the phone pass starts the word later
 * than the placed start, over speech-loud sound, the placed start likely took in sound that is
 * not the word's (the previous word's last consonant, a misplaced word's neighbour): the
 * confidence model reads that as `phoneLate` (src/align/confidence/edge-features.ts). Pure.
 */
import type { HypSegment } from './hypseg.js';
import { RIVAL_PROBABILITY, rivalPhoneName } from './rivals.js';
import type { AcousticSpan } from './types.js';

/** Placed words are forced-aligned in pieces of at most this long (the word search's window), ms. */
export const PHONE_PIECE_MS = 30_000;
/** A piece starts this long before its first word and ends this long after its last one (inside the audio), ms. */
export const PHONE_PIECE_MARGIN_MS = 300;

/** Dictionary name of phone `k` of word `word` in the phone pass. */
export function phoneName(word: number, k: number): string {
  return `w${word}_${k}`;
}

/** One piece of the phone pass: a stretch of audio and the placed words (indexes, ascending) forced into it in order. */
export interface PhonePiece {
  readonly startMs: number;
  readonly endMs: number;
  readonly words: readonly number[];
}

/**
 * The placed words (`spans`, null: not placed) grouped into pieces: consecutive placed words
 * while the piece from {@link PHONE_PIECE_MARGIN_MS} before the first to as much after the last
 * stays within {@link PHONE_PIECE_MS} (a single longer word gets its own piece).
 */
export function phonePieces(spans: readonly (AcousticSpan | null)[], durationMs: number): PhonePiece[] {
  const pieces: PhonePiece[] = [];
  let words: number[] = [];
  let startMs = 0;
  const close = (endMs: number): void => {
    if (words.length > 0) pieces.push({ startMs, endMs: Math.min(durationMs, endMs + PHONE_PIECE_MARGIN_MS), words });
    words = [];
  };
  let lastEnd = 0;
  spans.forEach((span, word) => {
    if (span === null || span.endMs <= span.startMs) return;
    if (words.length > 0 && span.endMs + PHONE_PIECE_MARGIN_MS - startMs > PHONE_PIECE_MS) close(lastEnd);
    if (words.length === 0) startMs = Math.max(0, span.startMs - PHONE_PIECE_MARGIN_MS);
    words.push(word);
    lastEnd = Math.max(lastEnd, span.endMs);
  });
  close(lastEnd);
  return pieces;
}

/**
 * The phone pass's dictionary lines for a piece's words (`phones`: per word its phones as the word search chose them; `rivals`: per
 * word its rivals' phones, rivals.ts).
 */
export function phoneDictionary(
  words: readonly number[],
  phones: ReadonlyMap<number, readonly string[]>,
  rivals: ReadonlyMap<number, readonly (readonly string[])[]> = new Map(),
): string[] {
  return words.flatMap((word) => [
    ...(phones.get(word) ?? []).map((phone, k) => `${phoneName(word, k)} ${phone}`),
    ...(rivals.get(word) ?? []).flatMap((rival, j) => rival.map((phone, k) => `${rivalPhoneName(word, j, k)} ${phone}`)),
  ]);
}

/**
 * FSG text forcing a piece's words' phones in order (silence may come between any two: the recognizer's fillers); beside each word
 * its rivals (rivals.ts), each entered with weight {@link RIVAL_PROBABILITY}.
 */
export function phoneGrammar(
  name: string,
  words: readonly number[],
  phones: ReadonlyMap<number, readonly string[]>,
  rivals: ReadonlyMap<number, readonly (readonly string[])[]> = new Map(),
): string {
  const chain: string[] = [];
  const beside: [from: number, to: number, names: string[]][] = [];
  let state = 0;
  for (const word of words) {
    const own = phones.get(word) ?? [];
    if (own.length === 0) continue;
    const from = state;
    own.forEach((_, k) => {
      chain.push(`TRANSITION ${state} ${state + 1} 1.0 ${phoneName(word, k)}`);
      state++;
    });
    (rivals.get(word) ?? []).forEach((rival, j) => beside.push([from, state, rival.map((_, k) => rivalPhoneName(word, j, k))]));
  }
  const final = state;
  const side: string[] = [];
  for (const [from, to, names] of beside) {
    // A rival's phones run through states of their own after the chain's, from the word's first state to its last.
    let at = from;
    names.forEach((phoneWord, k) => {
      const next = k === names.length - 1 ? to : ++state;
      side.push(`TRANSITION ${at} ${next} ${k === 0 ? RIVAL_PROBABILITY : '1.0'} ${phoneWord}`);
      at = next;
    });
  }
  return [`FSG_BEGIN ${name}`, `NUM_STATES ${state + 1}`, 'START_STATE 0', `FINAL_STATE ${final}`, ...chain, ...side, 'FSG_END', ''].join('\n');
}

/** Per word the start of its first phone in the phone pass, ms (`offsetFrame`: the piece's first frame; `frameMs`: a frame). */
export function phoneStarts(segments: readonly HypSegment[], offsetFrame: number, frameMs: number): Map<number, number> {
  const starts = new Map<number, number>();
  for (const segment of segments) {
    const match = /^w(\d+)_0$/.exec(segment.word);
    if (match !== null && !starts.has(Number(match[1]))) starts.set(Number(match[1]), (offsetFrame + segment.startFrame) * frameMs);
  }
  return starts;
}

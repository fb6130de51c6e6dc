/**
 * Cutting a recording into pieces that are aligned one by one: long audio is cut in the pause
 * between two consecutive spoken words that are both anchored (already placed), so no word is
 * split and every piece's words are exactly the reference words between its cuts. Pure.
 */
import type { AcousticAnchor } from './types.js';

/** A stretch of the recording and the words (indexes, ascending) spoken in it. */
export interface Piece {
  readonly startMs: number;
  readonly endMs: number;
  readonly words: readonly number[];
}

interface Cut {
  /** Position in `spoken` of the last word before the cut. */
  readonly after: number;
  readonly atMs: number;
  readonly gapMs: number;
}

/**
 * Pieces of at most about `maxPieceMs` (longer only where no cut is possible). `spoken` are the
 * indexes of the words that have tokens, ascending.
 */
export function planPieces(spoken: readonly number[], anchors: readonly AcousticAnchor[], durationMs: number, maxPieceMs: number): Piece[] {
  if (spoken.length === 0) return [];
  const byWord = new Map(anchors.map((a) => [a.word, a]));
  const cuts: Cut[] = [];
  for (let j = 0; j + 1 < spoken.length; j++) {
    const a = byWord.get(spoken[j]!);
    const b = byWord.get(spoken[j + 1]!);
    if (a === undefined || b === undefined || b.startMs < a.endMs) continue;
    cuts.push({ after: j, atMs: (a.endMs + b.startMs) / 2, gapMs: b.startMs - a.endMs });
  }
  const chosen: Cut[] = [];
  let from = 0;
  let next = 0;
  while (durationMs - from > maxPieceMs) {
    while (next < cuts.length && cuts[next]!.atMs <= from) next++;
    const reachable: Cut[] = [];
    for (let k = next; k < cuts.length && cuts[k]!.atMs - from <= maxPieceMs; k++) reachable.push(cuts[k]!);
    // The widest pause in the second half of the reachable span; the first cut past it when none is reachable.
    const late = reachable.filter((c) => c.atMs - from >= maxPieceMs / 2);
    const pick =
      (late.length > 0 ? late : reachable).reduce<Cut | undefined>(
        (best, c) => (best === undefined || c.gapMs > best.gapMs ? c : best),
        undefined,
      ) ?? cuts[next];
    if (pick === undefined || pick.atMs >= durationMs) break;
    chosen.push(pick);
    from = pick.atMs;
  }
  const pieces: Piece[] = [];
  let start = 0;
  let startMs = 0;
  for (const cut of [...chosen, undefined]) {
    const end = cut === undefined ? spoken.length : cut.after + 1;
    pieces.push({ startMs, endMs: cut?.atMs ?? durationMs, words: spoken.slice(start, end) });
    start = end;
    startMs = cut?.atMs ?? durationMs;
  }
  return pieces;
}

/**
 * Sound no word was given: after the edges are refined, a stretch of sound between two words
 * placed one after the other in the text, apart from both by a pause, belongs to no word of the
 * text, so one of the two was put on another word's audio (the search labelled the stretch as
 * silence and squeezed the word in beside its neighbour). Each of the two words is searched for
 * again on the island alone and moved there when it fits it better. Measured: the one such case of
 * the real and synthetic sets (a Scottish voice's "the", put on the start of "baker" after a
 * 280 ms stretch it was said in) moves onto its own audio; synthetic words on another word's audio
 * 1 → 0, placed 376 → 377 of 380; no other word of the real or synthetic sets moves.
 *
 * A word leaves its place only for an island holding at least as much loud sound as that place
 * ({@link loudMsIn}): a stutter's syllable before a word, or the breath and room noise before a
 * sentence joined to others, is such a stretch, and the word, searched for again on it, can score
 * better a frame there than on its own audio (a short stretch of noise fits the phone loop badly
 * too), which it would leave to no word. Measured (`node bench/run.mjs --only confidence` at
 * 7b64fc4 against 6a7ec2c): with a reference, the confidence benchmark's wrong clips 159 → 152,
 * its voices never fitted on 88 → 81 (words that had moved onto a repeated syllable or another
 * stretch of sound beside them keep their own audio, among them a synthetic voice's two stuttered
 * "to"); the alignment benchmark's figures are the same. Pure.
 */
import { frameRuns } from './frame-runs.js';
import { scorePerFrame } from './evidence.js';
import { EXTEND_OVER_DB } from './extend-loud.js';
import { ENERGY_FRAME_MS, steadyNoise, type FrameLevels } from './frame-levels.js';
import { QUIET_END_DB } from './trim-quiet.js';
import type { AcousticSpan } from './types.js';
import type { Piece } from './windows.js';

/** Audio searched on each side of an island when a word is searched for again on it, ms (never past the other word's edge). */
export const ISLAND_MARGIN_MS = 50;
/** An island counts when it holds at least this much sound louder than {@link EXTEND_OVER_DB} over the floor, ms (a word's worth). */
export const MIN_ISLAND_MS = 100;

/** A stretch of sound no word covers, and the placed words just before and after it (consecutive in the text). */
export interface Island {
  readonly startMs: number;
  readonly endMs: number;
  readonly before: number;
  readonly after: number;
}

/**
 * The islands between consecutive placed words of `spans`: runs of frames more than
 * {@link QUIET_END_DB} over the floor with a quiet frame between them and either word, holding
 * at least {@link MIN_ISLAND_MS} of frames more than {@link EXTEND_OVER_DB} over it that are not
 * steady noise (`steady`, per frame 1; steady-noise.ts: a stretch of noise is no word's).
 */
export function unclaimedIslands(
  spans: readonly (AcousticSpan | null)[],
  levels: FrameLevels,
  steady: Uint8Array = steadyNoise(levels),
): Island[] {
  const sound = levels.floorDb + QUIET_END_DB;
  const islands: Island[] = [];
  for (let i = 0; i + 1 < spans.length; i++) {
    const a = spans[i];
    const b = spans[i + 1];
    if (a === null || b === null || a === undefined || b === undefined) continue;
    const gapStart = Math.ceil(a.endMs / ENERGY_FRAME_MS);
    const gapEnd = Math.min(levels.db.length, Math.floor(b.startMs / ENERGY_FRAME_MS));
    for (const [f, end] of frameRuns(gapStart, gapEnd, (k) => levels.db[k]! > sound)) {
      if (f > gapStart && end < gapEnd && loudMsIn(levels, steady, f * ENERGY_FRAME_MS, end * ENERGY_FRAME_MS) >= MIN_ISLAND_MS) {
        islands.push({ startMs: f * ENERGY_FRAME_MS, endMs: end * ENERGY_FRAME_MS, before: i, after: i + 1 });
      }
    }
  }
  return islands;
}

/**
 * One piece per word beside an island (each word once, for its first island): the island and
 * {@link ISLAND_MARGIN_MS} around it, never reaching into the other placed word beside it.
 */
export function islandPieces(islands: readonly Island[], spans: readonly (AcousticSpan | null)[], durationMs: number): Piece[] {
  const tried = new Set<number>();
  const pieces: Piece[] = [];
  for (const island of islands) {
    const from = Math.max(0, spans[island.before]!.endMs, island.startMs - ISLAND_MARGIN_MS);
    const to = Math.min(durationMs, spans[island.after]!.startMs, island.endMs + ISLAND_MARGIN_MS);
    for (const word of [island.before, island.after]) {
      if (tried.has(word)) continue;
      tried.add(word);
      pieces.push({ startMs: from, endMs: to, words: [word] });
    }
  }
  return pieces;
}

/**
 * Sound in `[startMs, endMs)` of `levels` louder than {@link EXTEND_OVER_DB} over the floor and not
 * steady noise (`steady`, per frame 1), ms.
 */
export function loudMsIn(levels: FrameLevels, steady: Uint8Array, startMs: number, endMs: number): number {
  const loud = levels.floorDb + EXTEND_OVER_DB;
  const last = Math.min(levels.db.length, Math.ceil(endMs / ENERGY_FRAME_MS));
  let frames = 0;
  for (let f = Math.max(0, Math.floor(startMs / ENERGY_FRAME_MS)); f < last; f++) {
    if (levels.db[f]! > loud && steady[f] === 0) frames++;
  }
  return frames * ENERGY_FRAME_MS;
}

/**
 * `found` with each word of `again` (searched for anew on an island) moved there when it scores
 * better there (aligned minus phone-loop score a frame) than where `found` has it and the new span
 * holds at least as much loud sound as the old (`loudMs`, as {@link loudMsIn}; see the module
 * comment), its evidence marked `island`; null when none moves (or a score is missing).
 */
export function movedToIslands(
  found: ReadonlyMap<number, AcousticSpan>,
  again: ReadonlyMap<number, AcousticSpan>,
  loudMs: (span: AcousticSpan) => number,
): Map<number, AcousticSpan> | null {
  let moved: Map<number, AcousticSpan> | null = null;
  for (const [word, span] of again) {
    const old = found.get(word);
    const now = span.evidence === undefined ? null : scorePerFrame(span.evidence);
    const before = old?.evidence === undefined ? null : scorePerFrame(old.evidence);
    if (now === null || before === null || now <= before || loudMs(span) < loudMs(old!)) continue;
    moved ??= new Map(found);
    moved.set(word, { ...span, evidence: { ...span.evidence!, island: true } });
  }
  return moved;
}

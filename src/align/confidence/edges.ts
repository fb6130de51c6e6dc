/**
 * Does a clip's edge cut into speech? (pure; the `cut-edge` flag). In connected speech most words
 * touch, so a loud first or last millisecond says nothing; what a person rejects is a clip that
 * starts or ends inside sound no word owns (its own word goes on past the edge: the word was cut
 * short) or that holds a neighbouring word's audible speech. Measured on the recording's 10 ms
 * frames (quiet = at most 9 dB over its noise floor, in a speaker's noise bed, or near the own
 * floor of a long take, a sentence joined to others: levels.ts `edgeQuiet`):
 * - outside an edge, at least {@link EDGE_SPEECH_MS} of consecutive frames that are not quiet,
 *   starting at the edge and running on into a neighbouring word at least {@link CLOSE_MS} away
 *   (closer, the sound is the passage from one word to the next in connected speech) or falling
 *   quiet within {@link MAX_TAIL_MS} (a longer stretch of sound that falls quiet before the
 *   neighbour is speech no word was given: a word the recognizer missed, not this one going on); or
 * - inside the clip, at least {@link EDGE_SPEECH_MS} of frames that are not quiet within a
 *   neighbouring word's span.
 */
import { FRAME_MS, frameRange, type RecordingLevels } from './levels.js';

/**
 * Sound between a word and a neighbour closer than this, ms, is the passage from one word to the
 * next in connected speech, not sound no word was given (on the demo's espeak-ng sentences with
 * their texts, right words 100 to 150 ms apart had sound all through the gap).
 */
export const CLOSE_MS = 150;

/** Audible speech shorter than this beyond or inside an edge is not counted, ms (the tolerance of a right edge). */
export const EDGE_SPEECH_MS = 50;
/** Sound past an edge longer than this that falls quiet before the neighbouring word is another, unlabelled word, ms. */
export const MAX_TAIL_MS = 250;

/** A span of audio, ms. */
export interface TimeSpan { readonly startMs: number; readonly endMs: number }

function loudFrames(levels: Pick<RecordingLevels, 'edgeQuiet' | 'db'>, startMs: number, endMs: number): number {
  const [first, end] = frameRange(levels, startMs, endMs);
  let n = 0;
  for (let f = first; f < end; f++) if (levels.edgeQuiet[f] === 0) n++;
  return n;
}

/** Consecutive frames that are not quiet from `fromMs` going `direction` (+1 later, −1 earlier), stopping at `limitMs`. */
function loudRun({ edgeQuiet: quiet }: Pick<RecordingLevels, 'edgeQuiet'>, fromMs: number, direction: 1 | -1, limitMs: number): number {
  let run = 0;
  if (direction === 1) {
    for (let f = Math.ceil(fromMs / FRAME_MS); f * FRAME_MS < limitMs && f < quiet.length && quiet[f] === 0; f++) run++;
  } else {
    for (let f = Math.floor(fromMs / FRAME_MS) - 1; f >= 0 && (f + 1) * FRAME_MS > limitMs && quiet[f] === 0; f--) run++;
  }
  return run * FRAME_MS;
}

/**
 * True when the clip `clip` cuts into speech (see the module comment). `previous` and `next` are
 * the nearest words owning audio before the clip's first word and after its last one.
 */
export function cutsIntoSpeech(
  clip: TimeSpan,
  previous: TimeSpan | undefined,
  next: TimeSpan | undefined,
  levels: Pick<RecordingLevels, 'edgeQuiet' | 'db'>,
): boolean {
  const frames = EDGE_SPEECH_MS / FRAME_MS;
  if (
    previous !== undefined &&
    loudFrames(levels, Math.max(clip.startMs, previous.startMs), Math.min(clip.endMs, previous.endMs)) >= frames
  )
    return true;
  if (next !== undefined && loudFrames(levels, Math.max(clip.startMs, next.startMs), Math.min(clip.endMs, next.endMs)) >= frames)
    return true;
  const before = Math.max(previous?.endMs ?? 0, 0);
  if (cutsOutside(clip.startMs - before, loudRun(levels, clip.startMs, -1, before))) return true;
  const after = next?.startMs ?? levels.edgeQuiet.length * FRAME_MS;
  return cutsOutside(after - clip.endMs, loudRun(levels, clip.endMs, 1, after));
}

/**
 * Sound of `run` ms past an edge with `room` ms to the neighbouring word (see the module comment);
 * sound all through a gap shorter than {@link CLOSE_MS} is the passage from one word to the next.
 */
function cutsOutside(room: number, run: number): boolean {
  if (room < EDGE_SPEECH_MS || run < EDGE_SPEECH_MS) return false;
  if (run >= room - FRAME_MS) return room >= CLOSE_MS;
  return run <= MAX_TAIL_MS;
}

/**
 * A recording's clips judged (pure): each clip's confidence (its lowest word's), whether it falls
 * below the run's threshold (`low-confidence`), and whether an edge cuts into speech (`cut-edge`).
 */
import { cutsIntoSpeech, type TimeSpan } from './edges.js';
import type { ScoredWord } from './scored-word.js';
import type { RecordingLevels } from './levels.js';

/** A word of the recording with its place in the text and its confidence. */
export type JudgedWord = ScoredWord & { readonly textStart: number; readonly confidence: number };

/** What a clip gets: its confidence (undefined when it holds no timed word) and its two flags. */
export interface ClipJudgement {
  confidence: number | undefined;
  lowConfidence: boolean;
  cutEdge: boolean;
}

/** The first of `words` (ascending by `textStart`) whose text starts at or after `at`: a binary search. */
function firstFrom(words: readonly JudgedWord[], at: number): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (words[middle]!.textStart < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The words (ascending by `textStart`, each owning audio) whose text starts in [from, to): found by
 * binary search (a scan from the first word for each clip took 3.3 s for the 11,880 clips of the memory benchmark's 3-hour
 * recording: `node --cpu-prof dist/cli/index.js run` with its command, BENCHMARKS.md).
 */
function wordsIn(words: readonly JudgedWord[], from: number, to: number): { first: number; end: number } {
  const first = firstFrom(words, from);
  return { first, end: Math.max(first, firstFrom(words, to)) };
}

/**
 * Judge `clips` (their final cut, padding included) over the recording's `words` (ascending by
 * `textStart`; words without audio left out): confidence = the lowest of the clip's words.
 */
export function judgeClips(
  clips: readonly (TimeSpan & { textStart: number; textLength: number })[],
  words: readonly JudgedWord[],
  levels: Pick<RecordingLevels, 'edgeQuiet' | 'db'>,
  threshold: number,
): ClipJudgement[] {
  const timed = words.filter((w) => w.endMs > w.startMs);
  return clips.map((clip) => {
    const { first, end } = wordsIn(timed, clip.textStart, clip.textStart + Math.max(1, clip.textLength));
    const own = timed.slice(first, end);
    const confidence = own.length === 0 ? undefined : Math.min(...own.map((w) => w.confidence));
    const cutEdge = cutsIntoSpeech(clip, timed[first - 1], timed[end], levels);
    return { confidence, lowConfidence: confidence !== undefined && confidence < threshold, cutEdge };
  });
}

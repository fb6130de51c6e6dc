/**
 * The run's use of the confidence model (src/align/confidence): every word of a recording scored
 * from the work audio (and the aligner's evidence when it measured the word, or the service's own
 * confidence in a word it recognized), then each planned
 * clip given its confidence and the `low-confidence` and `cut-edge` flags.
 */
import { isPunctuation } from '../../markers/index.js';
import { addFlag } from '../../markers/index.js';
import type { DictationResult, WordMarker } from '../../markers/index.js';
import { judgeClips, readRecordingLevels, scoreWords } from '../../align/confidence/index.js';
import type { JudgedWord, ScoredWord, WordSource } from '../../align/confidence/index.js';
import { byTrust } from '../../run-output/trust.js';
import type { RecordingConfidence, RunSummary } from '../../run-output/rows.js';
import type { AlignedWord, Placement } from '../../run-output/alignments.js';
import { withFields } from '../../with-fields.js';

/** How the model sees each placement: a word a person timed in dictclip review counts as aligned. */
const SOURCE_OF: Readonly<Record<Placement, WordSource>> = {
  matched: 'matched',
  substituted: 'substituted',
  acoustic: 'acoustic',
  edited: 'acoustic',
  unaligned: 'estimated',
};

/**
 * The words of a recording as the model scores them: the reference's placed words, else the
 * recognized ones (text order), each with the service's own confidence in it when it gave one. A
 * reference word matched as written takes the lowest confidence of the recognized words
 * (`dictated`, the dictation's markers) it got its times from; a substituted one takes none (the
 * service was sure of another word).
 */
export function wordsToScore(
  result: DictationResult,
  aligned: readonly AlignedWord[] | undefined,
  dictated: readonly WordMarker[] = [],
): (ScoredWord & { textStart: number })[] {
  if (aligned !== undefined) {
    const unplaced = (i: number): boolean => aligned[i]?.placement === 'unaligned';
    return aligned.flatMap((w, i) => (w.startMs === null || w.endMs === null ? [] : [{
      text: w.text, textStart: w.textStart, startMs: w.startMs, endMs: w.endMs, source: SOURCE_OF[w.placement], heard: w.heard,
      evidence: w.evidence, posterior: w.placement === 'matched' ? lowestWithin(dictated, w.startMs, w.endMs) : undefined,
      besideUnplaced: unplaced(i - 1) || unplaced(i + 1),
    }]));
  }
  return result.markers
    .filter((m) => !isPunctuation(m.text))
    .map((m) => ({
      text: m.text, textStart: m.textStart, startMs: m.startMs, endMs: m.endMs, source: 'recognized' as const, posterior: m.confidence,
    }));
}

/** The lowest confidence of the words among `markers` that lie within startMs–endMs; undefined when none has one. */
function lowestWithin(markers: readonly WordMarker[], startMs: number, endMs: number): number | undefined {
  let lowest: number | undefined;
  for (const m of markers) {
    if (m.confidence === undefined || isPunctuation(m.text) || m.startMs < startMs || m.endMs > endMs) continue;
    lowest = Math.min(lowest ?? 1, m.confidence);
  }
  return lowest;
}

/** A recording's words with their confidence, by text offset (what transcripts/ and alignments/ carry). */
export type WordConfidences = ReadonlyMap<number, number>;

/** Score the words of a recording whose work audio is `wavPath`. */
export async function scoreRecording(
  wavPath: string,
  words: readonly (ScoredWord & { textStart: number })[],
): Promise<{ words: JudgedWord[]; levels: Awaited<ReturnType<typeof readRecordingLevels>> }> {
  // The spectral bands feed `echo`, which only the model of words with the aligner's evidence reads.
  const levels = await readRecordingLevels(wavPath, { bands: words.some((w) => w.evidence !== undefined) });
  const scores = scoreWords(words, levels);
  return { words: words.map((w, i) => withFields(w, { confidence: scores[i]! })), levels };
}

/** `clips` with their confidence and the `cut-edge` and `low-confidence` flags added. */
export function judgeRecordingClips<T extends { startMs: number; endMs: number; textStart: number; textLength: number; flags: string }>(
  clips: readonly T[],
  scored: Awaited<ReturnType<typeof scoreRecording>>,
  threshold: number,
): (T & { confidence: number | undefined })[] {
  const judged = judgeClips(clips, scored.words, scored.levels, threshold);
  return clips.map((clip, i) => {
    const { confidence, lowConfidence, cutEdge } = judged[i]!;
    let flags = clip.flags;
    if (cutEdge && !flags.split(' ').includes('utterance')) flags = addFlag(flags, 'cut-edge');
    // A clip of a word never found already says so (`unaligned`); its confidence is 0 (scoreWords).
    if (lowConfidence && !flags.split(' ').includes('unaligned')) flags = addFlag(flags, 'low-confidence');
    return withFields(clip, { flags, confidence });
  });
}

/** The confidences of scored words by text offset. */
export function confidenceByOffset(words: readonly JudgedWord[]): Map<number, number> {
  return new Map(words.map((w) => [w.textStart, w.confidence]));
}

/** How far a recording's words can be trusted: its scored words, and with a reference its aligned words (unplaced ones included). */
export function recordingConfidence(
  scored: readonly JudgedWord[],
  aligned: readonly AlignedWord[] | undefined,
  threshold: number,
): RecordingConfidence {
  const timed = scored.filter((w) => w.source !== 'estimated');
  const mean = scored.length === 0 ? null : Math.round((1000 * scored.reduce((sum, w) => sum + w.confidence, 0)) / scored.length) / 1000;
  return {
    words: aligned?.length ?? scored.length,
    placed: timed.length,
    unaligned: aligned?.filter((w) => w.placement === 'unaligned').length ?? 0,
    lowConfidence: timed.filter((w) => w.confidence < threshold).length,
    meanConfidence: mean,
  };
}

/** The summary's confidence part: per recording, the least trusted first (none when no recording has one). */
export function confidenceSummary(entries: readonly ({ source: string } & RecordingConfidence)[]): Pick<RunSummary, 'confidence'> {
  if (entries.length === 0) return {};
  return {
    confidence: [...entries].sort(byTrust),
  };
}

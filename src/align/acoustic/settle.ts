/**
 * What follows the searches: the spans they found (by word) become the recording's placed words.
 * Words far faster than the recording's own pace are left out, the edges are refined on the audio's
 * energy, words far fainter than the others that also score poorly are left out, and the edges are
 * put on the sample.
 */
import { readFrameEnergies } from '../../audio/index.js';
import type { WavInfo } from '../../wav-header.js';
import { medianFramesPerPhone, squeezedForPace } from './evidence.js';
import { dropFaintAndPoor, ENERGY_FRAME_MS, frameLevels, refineEdges } from './refine.js';
import { edgesOnSamples } from './sample-edges.js';
import type { AcousticSpan } from './types.js';

/** Per word of `wordCount` its settled span or null, from the spans the searches found (see the module comment). */
export async function settleSpans(
  found: ReadonlyMap<number, AcousticSpan>,
  wordCount: number,
  wav: WavInfo & { path: string },
): Promise<(AcousticSpan | null)[]> {
  const result: (AcousticSpan | null)[] = Array.from({ length: wordCount }, () => null);
  // A word far faster than the recording's own pace was squeezed in: it was never spoken.
  const pace = medianFramesPerPhone([...found.values()].flatMap((span) => (span.evidence === undefined ? [] : [span.evidence])));
  for (const [word, span] of found) if (span.evidence === undefined || !squeezedForPace(span.evidence, pace)) result[word] = span;
  const frameSamples = (wav.sampleRate * ENERGY_FRAME_MS) / 1000;
  const levels = frameLevels(await readFrameEnergies(wav, frameSamples), frameSamples);
  const refined = await edgesOnSamples(dropFaintAndPoor(refineEdges(result, levels), levels), wav, levels);
  return refined.map((span) =>
    span === null ? null : { ...span, startMs: Math.min(span.startMs, wav.durationMs), endMs: Math.min(span.endMs, wav.durationMs) },
  );
}

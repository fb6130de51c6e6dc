/**
 * What follows the searches: the spans they found (by word) become the recording's placed words.
 * Words far faster than the recording's own pace are left out, and so are words squeezed beside a
 * word of the text that found no place (which of the two was said is doubtful); the edges are
 * refined on the audio's energy (the speaker's own noise bed, where one stands out, counted as
 * floor: noise-bed.ts; a long take, a sentence joined to others over a fainter floor, measured
 * from its own floor: take-floors.ts), words far fainter than the others that also score poorly
 * are left out, the edges are put on the sample, and where a bed stands out an end carried over the
 * floor between two takes into the next one's head moves back to that floor (floor-gaps.ts), a
 * junction just inside a word's onset is moved to the onset, each end is moved to its word's last sound over its take's
 * own noise, back from that noise or on to a faint last sound before the take's cliff, and a start
 * put at its take's rise on to its word's first sound; in every recording a start put after its
 * take's first sound moves back to it (take-tails.ts).
 */
import { readFrameStats } from '../../audio/index.js';
import type { WavInfo } from '../../wav-header.js';
import { medianFramesPerPhone, squeezedBesideMissing, squeezedForPace } from './evidence.js';
import { dropFaintAndPoor } from './faint-words.js';
import { crossingRateOf, ENERGY_FRAME_MS, frameLevels, steadyNoise, type FrameLevels } from './frame-levels.js';
import { refineEdges } from './refine.js';
import { overTakeFloors } from './take-floors.js';
import { noiseBedDb, noiseLikeBedDb, overNoiseBed } from './noise-bed.js';
import { edgesOnSamples } from './sample-edges.js';
import { endsAtFloorGaps, startsAfterFloorGaps } from './floor-gaps.js';
import {
  endsBeforeTakeNoise,
  endsToTakeCliff,
  junctionsAtTakeOnsets,
  startsAfterTakeNoise,
  startsBackToTakeRise,
  takeLevels,
  type TakeLevels,
} from './take-tails.js';
import type { AcousticSpan } from './types.js';

/**
 * A recording's levels as settling reads them: in energy frames, the same with its noise bed put at
 * the floor and its long takes measured from their own floors (take-floors.ts), and the bed's level
 * (null: none stands out; noise-bed.ts).
 */
export interface SettleLevels {
  readonly energy: FrameLevels;
  readonly edges: FrameLevels;
  readonly bedDb: number | null;
  /** Per energy frame 1 when it is steady noise (steady-noise.ts), found on `energy`. */
  readonly steady: Uint8Array;
  /** The takes' levels in energy frames (take-tails.ts). */
  readonly takes: TakeLevels;
  /** Whether a bed stands out (either test of noise-bed.ts): only then do the take tails trim edges (see {@link onTakeSound}). */
  readonly bedded: boolean;
}

/**
 * The recording's levels in energy frames (`energy`, with each frame's zero crossings, and `edges`: the
 * same over its noise bed, whose level is `bedDb`) and in the search's frames of `searchFrameMs` (`search`, a whole number of
 * energy frames), from one read of the audio: a frame's energy is a sum of squares, so a search
 * frame's is the sum of the energy frames it holds.
 */
export async function recordingLevels(
  wav: WavInfo & { path: string },
  searchFrameMs: number,
): Promise<SettleLevels & { search: FrameLevels }> {
  const frameSamples = (wav.sampleRate * ENERGY_FRAME_MS) / 1000;
  const { energies, crossings, peaks } = await readFrameStats(wav, frameSamples, undefined, { peaks: true });
  const per = searchFrameMs / ENERGY_FRAME_MS;
  const coarse = new Float64Array(Math.ceil(energies.length / per));
  energies.forEach((e, f) => { coarse[Math.floor(f / per)]! += e; });
  const energy = frameLevels(energies, frameSamples, crossings);
  const bedDb = noiseBedDb(energy);
  const bedded = bedDb !== null || noiseLikeBedDb(energy, crossingRateOf(crossings, frameSamples)) !== null;
  const takes = takeLevels(peaks!, ENERGY_FRAME_MS);
  return {
    energy,
    edges: overTakeFloors(overNoiseBed(energy, bedDb), ENERGY_FRAME_MS),
    bedDb,
    steady: steadyNoise(energy),
    takes,
    bedded,
    search: frameLevels(coarse, per * frameSamples),
  };
}

/**
 * Per word its settled span or null, from the spans the searches found (see the module comment);
 * `wordPhones`: per word of the text the phones of its first pronunciation (0: not aligned).
 */
export async function settleSpans(
  found: ReadonlyMap<number, AcousticSpan>,
  wordPhones: readonly number[],
  wav: WavInfo & { path: string },
  levels: SettleLevels,
): Promise<(AcousticSpan | null)[]> {
  const paced: (AcousticSpan | null)[] = wordPhones.map(() => null);
  // A word far faster than the recording's own pace was squeezed in: it was never spoken.
  const pace = medianFramesPerPhone([...found.values()].flatMap((span) => (span.evidence === undefined ? [] : [span.evidence])));
  for (const [word, span] of found) if (span.evidence === undefined || !squeezedForPace(span.evidence, pace)) paced[word] = span;
  // A squeezed word beside a word of the text that found no place, whose phones would fit its audio at the recording's pace: the two
  // competed for the same audio, and which one was said is doubtful.
  const result = paced.map((span, word) => {
    if (span?.evidence === undefined) return span;
    const missing = [word - 1, word + 1].filter((n) => n >= 0 && n < paced.length && paced[n] === null && (wordPhones[n] ?? 0) > 0);
    return missing.some((n) => squeezedBesideMissing(span.evidence!, wordPhones[n]!, pace)) ? null : span;
  });
  const edged = refineEdges(result, levels.edges, levels.bedDb, levels.steady);
  const onSamples = await edgesOnSamples(dropFaintAndPoor(edged, levels.energy), wav, levels.edges);
  const refined = onTakeSound(onSamples, levels.takes, levels.bedded);
  return refined.map((span) =>
    span === null ? null : { ...span, startMs: Math.min(span.startMs, wav.durationMs), endMs: Math.min(span.endMs, wav.durationMs) },
  );
}

/**
 * Each span's edges moved onto its word's own sound over its take's noise (take-tails.ts). Where a bed stands out (`bedded`):
 * ends carried over the gap into the next take back to it, and starts in the previous take's tail on past it (floor-gaps.ts),
 * junctions to the next word's onset, ends back, then on, then starts on (at the take's rise, or touching the previous word's
 * end), then back. Elsewhere starts on past a floor gap, then back only: the other moves trim edges or carry ends on by a take
 * noise that, without a bed, is a stop's closure or a word's faint tail (see take-tails.ts), while a start moved back to its
 * take's first sound after the rise takes in sound of its own take that no earlier word holds, and one moved on past a floor gap
 * leaves to the previous take the sound that leads back to its word (floor-gaps.ts).
 */
function onTakeSound(spans: readonly (AcousticSpan | null)[], takes: TakeLevels, bedded: boolean): (AcousticSpan | null)[] {
  if (!bedded) return startsBackToTakeRise(startsAfterFloorGaps(spans, takes, ENERGY_FRAME_MS), takes, ENERGY_FRAME_MS);
  const gaps = startsAfterFloorGaps(endsAtFloorGaps(spans, takes, ENERGY_FRAME_MS), takes, ENERGY_FRAME_MS);
  const atOnsets = junctionsAtTakeOnsets(gaps, takes, ENERGY_FRAME_MS);
  const ends = endsToTakeCliff(endsBeforeTakeNoise(atOnsets, takes, ENERGY_FRAME_MS), takes, ENERGY_FRAME_MS);
  return startsBackToTakeRise(startsAfterTakeNoise(ends, takes, ENERGY_FRAME_MS), takes, ENERGY_FRAME_MS);
}

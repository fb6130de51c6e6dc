import type { DictationResult, WordMarker } from '../markers/index.js';
import type { DictationOutcome } from './dictate.js';

/** Samples per millisecond of the 16 kHz work audio. */
export const SAMPLES_PER_MS = 16;
/** Bytes kept free under the cap so that rounding split points to whole ms never overshoots it. */
export const ROUNDING_MARGIN_BYTES = 2 * SAMPLES_PER_MS * 2;

/** One chunk of a long recording: samples [startSample, endSample) of the work WAV. */
export interface Chunk {
  startSample: number;
  endSample: number;
  /** Offset of the chunk in the recording, whole ms (startSample / 16). */
  offsetMs: number;
}

/** A chunk's dictation, ready to stitch. */
export interface ChunkDictation {
  offsetMs: number;
  outcome: DictationOutcome;
}

/** Stitched result of a recording's chunk dictations. */
export interface StitchedDictation {
  result: DictationResult;
  /** Dictation ids in chunk order. */
  dictationIds: string[];
  /** For each marker of `result.markers`, the dictation id of its chunk. */
  markerDictationIds: string[];
}

/**
 * Chunks from split sample indexes: each split is rounded down to a multiple of 16 samples (so
 * chunk offsets are whole milliseconds); empty chunks are dropped.
 */
export function chunksFromSplits(splits: readonly number[], totalSamples: number): Chunk[] {
  const bounds = [0, ...splits.map((s) => Math.floor(s / SAMPLES_PER_MS) * SAMPLES_PER_MS), totalSamples];
  const chunks: Chunk[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const start = chunks.at(-1)?.endSample ?? 0;
    const end = Math.min(Math.max(bounds[i + 1] ?? totalSamples, start), totalSamples);
    if (end > start) chunks.push({ startSample: start, endSample: end, offsetMs: start / SAMPLES_PER_MS });
  }
  return chunks;
}

/**
 * Stitch chunk dictations into one result: markers shifted by the chunk's offsetMs, transcripts
 * joined with one space (empty ones skipped), textStart shifted by the text length before the
 * chunk. `collapsed` is true when any chunk collapsed; warnings are prefixed with the chunk number.
 */
export function stitchChunks(chunks: readonly ChunkDictation[]): StitchedDictation {
  let transcript = '';
  const markers: WordMarker[] = [];
  const markerDictationIds: string[] = [];
  const warnings: string[] = [];
  for (const [i, { offsetMs, outcome }] of chunks.entries()) {
    const textOffset = transcript === '' || outcome.transcript === '' ? transcript.length : transcript.length + 1;
    if (outcome.transcript !== '') transcript = transcript === '' ? outcome.transcript : `${transcript} ${outcome.transcript}`;
    for (const marker of outcome.markers) {
      markers.push({
        ...marker,
        textStart: marker.textStart + textOffset,
        startMs: marker.startMs + offsetMs,
        endMs: marker.endMs + offsetMs,
      });
      markerDictationIds.push(outcome.dictationId);
    }
    const prefix = chunks.length > 1 ? `chunk ${i + 1}: ` : '';
    warnings.push(...outcome.warnings.map((w) => prefix + w));
  }
  return {
    result: { transcript, markers, collapsed: chunks.some((c) => c.outcome.collapsed), warnings },
    dictationIds: chunks.map((c) => c.outcome.dictationId),
    markerDictationIds,
  };
}

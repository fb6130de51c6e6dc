import { rm } from 'node:fs/promises';
import path from 'node:path';
import { findSplitPoints, writeWavRange } from '../audio/index.js';
import type { WavInfo } from '../audio/index.js';
import type { DictationResult, WordMarker } from '../markers/index.js';
import type { DictationOutcome } from './dictate.js';

/** Samples per millisecond of the 16 kHz work audio. */
const SAMPLES_PER_MS = 16;
/** Bytes kept free under the cap so that rounding split points to whole ms never overshoots it. */
const ROUNDING_MARGIN_BYTES = 2 * SAMPLES_PER_MS * 2;

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

/**
 * Dictate a work WAV larger than the upload cap: split at quiet points, write each chunk into
 * `workDir`, dictate the chunks concurrently through `dictateOne` (which must take its own
 * dictation slot), stitch, and remove the chunk files.
 */
export async function dictateInChunks(
  wav: WavInfo & { path: string },
  options: {
    maxUploadBytes: number;
    workDir: string;
    key: string;
    onStage: (stage: 'split') => void;
    dictateOne: (chunkPath: string, durationMs: number) => Promise<DictationOutcome>;
  },
): Promise<StitchedDictation> {
  options.onStage('split');
  const splits = await findSplitPoints(wav, Math.max(options.maxUploadBytes - ROUNDING_MARGIN_BYTES, 1));
  const chunks = chunksFromSplits(splits, wav.samples);
  const paths = chunks.map((_, i) => path.join(options.workDir, `${options.key}.part${String(i).padStart(3, '0')}.wav`));
  try {
    for (const [i, chunk] of chunks.entries()) {
      await writeWavRange(wav.path, chunk.startSample, chunk.endSample, paths[i] ?? '');
    }
    const settled = await Promise.allSettled(chunks.map(async (chunk, i): Promise<ChunkDictation> => ({
      offsetMs: chunk.offsetMs,
      outcome: await options.dictateOne(paths[i] ?? '', (chunk.endSample - chunk.startSample) / SAMPLES_PER_MS),
    })));
    const dictations: ChunkDictation[] = [];
    for (const entry of settled) {
      if (entry.status === 'rejected') throw entry.reason;
      dictations.push(entry.value);
    }
    return stitchChunks(dictations);
  } finally {
    await Promise.all(paths.map((p) => rm(p, { force: true })));
  }
}

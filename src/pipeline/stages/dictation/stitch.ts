import type { DictationResult, WordMarker } from '../../../markers/index.js';
import type { DictationOutcome } from './methods/index.js';

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
  /** Length of the chunk's audio, ms (its end on the work timeline is offsetMs + durationMs). */
  durationMs: number;
  outcome: DictationOutcome;
}

/** Where a chunk lies on the recording's (work audio's) timeline, ms. */
export interface ChunkSpan {
  startMs: number;
  endMs: number;
}

/** Stitched result of a recording's chunk dictations. */
export interface StitchedDictation {
  result: DictationResult;
  /** Dictation ids in chunk order. */
  dictationIds: string[];
  /** For each marker of `result.markers`, the dictation id of its chunk. */
  markerDictationIds: string[];
  /** The chunks the recording was dictated in, in order (one for a recording sent whole). */
  chunks: ChunkSpan[];
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

/** A `.` that owns no audio: punctuation the engine wrote without hearing it. */
function isInventedPeriod(marker: WordMarker | undefined): boolean {
  return marker !== undefined && marker.text === '.' && marker.endMs === marker.startMs;
}

/**
 * A chunk's outcome with an invented sentence break at a seam undone: the closing `.` that owns
 * no audio dropped when `endsAtSeam`, and the first word lower-cased again when `startsAtSeam`
 * and the previous chunk's period was dropped (never `I`, `I'm` …). Punctuation the service
 * heard (it owns audio) is kept.
 */
function unseam(
  outcome: DictationOutcome,
  startsLowered: boolean,
  endsAtSeam: boolean,
): { outcome: DictationOutcome; droppedPeriod: boolean } {
  let { transcript, markers } = outcome;
  const last = markers.at(-1);
  const droppedPeriod = endsAtSeam && isInventedPeriod(last) && last !== undefined && last.textStart + 1 === transcript.length;
  if (droppedPeriod) {
    markers = markers.slice(0, -1);
    transcript = transcript.slice(0, -1);
  }
  const first = markers[0];
  if (
    startsLowered &&
    first !== undefined &&
    /^\p{Lu}/u.test(first.text) &&
    !/^I(?:'|$)/.test(first.text) &&
    transcript.slice(first.textStart, first.textStart + first.textLength) === first.text
  ) {
    const lowered = first.text.charAt(0).toLowerCase() + first.text.slice(1);
    markers = [{ ...first, text: lowered }, ...markers.slice(1)];
    transcript = transcript.slice(0, first.textStart) + lowered + transcript.slice(first.textStart + first.textLength);
  }
  return { outcome: { ...outcome, transcript, markers }, droppedPeriod };
}

/**
 * Stitch chunk dictations into one result: markers shifted by the chunk's offsetMs, transcripts
 * joined with one space (empty ones skipped), textStart shifted by the text length before the
 * chunk. A seam is not a sentence break: a chunk's closing period that owns no audio (the engine
 * did not hear it) is dropped, and the next chunk's capitalised first word lower-cased again.
 * `collapsed` is true when any chunk collapsed; warnings are prefixed with the chunk number.
 */
export function stitchChunks(chunks: readonly ChunkDictation[]): StitchedDictation {
  let transcript = '';
  const markers: WordMarker[] = [];
  const markerDictationIds: string[] = [];
  const warnings: string[] = [];
  let lowerNext = false;
  for (const [i, chunk] of chunks.entries()) {
    const { offsetMs } = chunk;
    const laterHasWords = chunks.slice(i + 1).some((c) => c.outcome.markers.length > 0);
    const { outcome, droppedPeriod } = unseam(chunk.outcome, lowerNext, laterHasWords);
    if (outcome.markers.length > 0) lowerNext = droppedPeriod;
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
    chunks: chunks.map((c) => ({ startMs: c.offsetMs, endMs: c.offsetMs + c.durationMs })),
  };
}

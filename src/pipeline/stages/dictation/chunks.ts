import { rm } from 'node:fs/promises';
import path from 'node:path';
import { encodeWavRange, ENCODINGS, findPauseSplits, findSplitPoints, writeWavRange } from '../../../audio/index.js';
import type { CompressedFormat, WavInfo } from '../../../audio/index.js';
import { wholeMsEnd } from '../../../markers/index.js';
import type { DictationOutcome } from './methods/index.js';
import { chunksFromSplits, ROUNDING_MARGIN_BYTES, SAMPLES_PER_MS, stitchChunks } from './stitch.js';
import type { Chunk, ChunkDictation, StitchedDictation } from './stitch.js';

/** The upload format of a run: PCM (the work WAV as is) or one of the compressed formats. */
export type UploadFormat = 'pcm' | CompressedFormat;

/** Share of the cap a compressed chunk is sized for by its format's byte rate bound. */
const ENCODED_CAP_SHARE = 0.9;

/** One upload of a recording: its file, its audio-format value and its place on the work timeline. */
interface Upload extends Chunk {
  file: string;
  /** True when the file is a temporary chunk file (removed afterwards). */
  temporary: boolean;
}

/** The samples of one upload on the work audio, [startSample, endSample). */
export interface ChunkSpan { startSample: number; endSample: number }

/** What {@link dictateInChunks} needs besides the work WAV. */
export interface ChunkOptions {
  maxUploadBytes: number;
  uploadFormat: UploadFormat;
  ffmpegPath: string;
  signal?: AbortSignal | undefined;
  workDir: string;
  key: string;
  onStage: (stage: 'split') => void;
  /** Told the chunk count once split, then after each chunk dictated; never for a single upload. @default undefined */
  onChunks?: ((done: number, total: number) => void) | undefined;
  /** Dictate one upload (must take its own dictation slot); `span`: its samples on the work audio. */
  dictateOne: (file: string, durationMs: number, span: ChunkSpan) => Promise<DictationOutcome>;
}

/**
 * Dictate a work WAV in as few uploads as the cap allows: PCM uploads the WAV itself when it fits,
 * else chunks split at its longest pauses; a compressed format encodes each chunk once (chunks
 * sized by the format's byte-rate bound, so 40 minutes of Ogg Vorbis is one upload; a chunk whose
 * encode still exceeds the cap is split again). Chunks are dictated concurrently through
 * `dictateOne`, stitched on the work timeline, and their files removed.
 */
export async function dictateInChunks(wav: WavInfo & { path: string }, options: ChunkOptions): Promise<StitchedDictation> {
  const uploads: Upload[] = [];
  try {
    if (options.uploadFormat === 'pcm') await pcmUploads(wav, options, uploads);
    else await encodedUploads(wav, options.uploadFormat, options, uploads);
    let done = 0;
    const onChunks = uploads.length > 1 ? options.onChunks : undefined;
    onChunks?.(done, uploads.length);
    const settled = await Promise.allSettled(uploads.map(async (upload): Promise<ChunkDictation> => {
      const durationMs = wholeMsEnd((upload.endSample - upload.startSample) / SAMPLES_PER_MS);
      const outcome = await options.dictateOne(upload.file, durationMs, { startSample: upload.startSample, endSample: upload.endSample });
      done += 1;
      onChunks?.(done, uploads.length);
      return { offsetMs: upload.offsetMs, durationMs, outcome };
    }));
    const dictations: ChunkDictation[] = [];
    for (const entry of settled) {
      if (entry.status === 'rejected') throw entry.reason;
      dictations.push(entry.value);
    }
    return stitchChunks(dictations);
  } finally {
    await Promise.all(uploads.filter((u) => u.temporary).map((u) => rm(u.file, { force: true })));
  }
}

function chunkPath(options: ChunkOptions, index: number, extension: string): string {
  return path.join(options.workDir, `${options.key}.part${String(index).padStart(3, '0')}.${extension}`);
}

async function pcmUploads(wav: WavInfo & { path: string }, options: ChunkOptions, uploads: Upload[]): Promise<void> {
  const splits = await findSplitPoints(wav, Math.max(options.maxUploadBytes - ROUNDING_MARGIN_BYTES, 1));
  if (splits.length === 0) {
    uploads.push({ startSample: 0, endSample: wav.samples, offsetMs: 0, file: wav.path, temporary: false });
    return;
  }
  options.onStage('split');
  for (const [i, chunk] of chunksFromSplits(splits, wav.samples).entries()) {
    const upload = { ...chunk, file: chunkPath(options, i, 'wav'), temporary: true };
    uploads.push(upload);
    await writeWavRange(wav.path, chunk.startSample, chunk.endSample, upload.file);
  }
}

async function encodedUploads(
  wav: WavInfo & { path: string },
  format: CompressedFormat,
  options: ChunkOptions,
  uploads: Upload[],
): Promise<void> {
  const encode = async (chunk: Chunk): Promise<number> => {
    const upload = { ...chunk, file: chunkPath(options, uploads.length, format), temporary: true };
    uploads.push(upload);
    return encodeWavRange(wav.path, chunk.startSample, chunk.endSample, format, upload.file, options);
  };
  const bytesPerSample = ENCODINGS[format].maxBytesPerSecond / (SAMPLES_PER_MS * 1000);
  const pending = [
    { startSample: 0, endSample: wav.samples, maxSamples: Math.floor((options.maxUploadBytes * ENCODED_CAP_SHARE) / bytesPerSample) },
  ];
  while (pending.length > 0) {
    const { startSample, endSample, maxSamples } = pending.shift()!;
    const pieces = await splitRange(wav, startSample, endSample, maxSamples);
    if (pieces.length > 1) options.onStage('split');
    for (const piece of pieces) {
      const bytes = await encode(piece);
      // Under 4 s and still over the cap cannot happen with these codecs; it is sent as is (the service answers 413).
      if (bytes <= options.maxUploadBytes || piece.endSample - piece.startSample < 4 * SAMPLES_PER_MS * 1000) continue;
      const removed = uploads.pop()!;
      await rm(removed.file, { force: true });
      pending.push({ ...piece, maxSamples: Math.floor((piece.endSample - piece.startSample) / 2) });
    }
  }
  uploads.sort((a, b) => a.startSample - b.startSample);
}

/** Chunks of [startSample, endSample) of at most maxSamples each, split at the longest pauses (whole ms). */
async function splitRange(wav: WavInfo & { path: string }, startSample: number, endSample: number, maxSamples: number): Promise<Chunk[]> {
  const splits = await findPauseSplits(wav, { maxSamples: Math.max(maxSamples, 2 * SAMPLES_PER_MS * 1000), startSample, endSample });
  const bounds = [startSample, ...splits.map((s) => Math.floor(s / SAMPLES_PER_MS) * SAMPLES_PER_MS), endSample];
  const chunks: Chunk[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    if (bounds[i + 1]! > bounds[i]!)
      chunks.push({ startSample: bounds[i]!, endSample: bounds[i + 1]!, offsetMs: bounds[i]! / SAMPLES_PER_MS });
  }
  return chunks;
}

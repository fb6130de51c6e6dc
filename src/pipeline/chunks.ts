import { rm } from 'node:fs/promises';
import path from 'node:path';
import { findSplitPoints, writeWavRange } from '../audio/index.js';
import type { WavInfo } from '../audio/index.js';
import type { DictationOutcome } from './dictate.js';
import { chunksFromSplits, ROUNDING_MARGIN_BYTES, SAMPLES_PER_MS, stitchChunks } from './stitch.js';
import type { ChunkDictation, StitchedDictation } from './stitch.js';

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
    /** Told the chunk count once split, then after each chunk dictated. @default undefined */
    onChunks?: (done: number, total: number) => void;
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
    let done = 0;
    options.onChunks?.(done, chunks.length);
    const settled = await Promise.allSettled(chunks.map(async (chunk, i): Promise<ChunkDictation> => {
      const durationMs = (chunk.endSample - chunk.startSample) / SAMPLES_PER_MS;
      const outcome = await options.dictateOne(paths[i] ?? '', durationMs);
      done += 1;
      options.onChunks?.(done, chunks.length);
      return { offsetMs: chunk.offsetMs, durationMs, outcome };
    }));
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

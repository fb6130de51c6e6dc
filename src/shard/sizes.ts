/**
 * Sizing N before a sharded run (`dictclip run … --shard K/N --dry-run`): how many recordings and
 * how many hours of audio each shard of N gets.
 */
import { availableParallelism } from 'node:os';
import { execa } from 'execa';
import pLimit from 'p-limit';
import { ffmpegInputArgs, readWavInfo } from '../audio/index.js';
import { shardOf } from './select.js';

/** One shard's share of the input. */
export interface ShardSize {
  shard: string;
  recordings: number;
  /** Total audio duration, ms, of the recordings whose duration could be read. */
  durationMs: number;
  /** Recordings whose duration could not be read (counted, not timed). */
  unknown: number;
}

/** Duration of a recording, ms: from the header of a PCM WAV, else from ffmpeg's reading of the container; undefined when neither says. */
export async function recordingDurationMs(file: string, ffmpegPath: string): Promise<number | undefined> {
  if (/\.wav$/i.test(file)) {
    const info = await readWavInfo(file).catch(() => undefined);
    if (info !== undefined) return info.durationMs;
  }
  // `ffmpeg -i <file>` with no output prints the container's Duration and exits 1; nothing is decoded.
  const result = await execa(ffmpegPath, ['-hide_banner', '-nostdin', ...ffmpegInputArgs(file)], { reject: false, timeout: 60_000 });
  const match = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(result.stderr);
  if (match === null) return undefined;
  return ((Number(match[1]) * 60 + Number(match[2])) * 60 + Number(match[3])) * 1000;
}

/** Recordings and audio per shard of `count`, for `recordings` (as the pipeline's scan lists them). */
export async function shardSizes(
  recordings: readonly { relPath: string; path: string }[],
  count: number,
  options: { ffmpegPath: string },
): Promise<ShardSize[]> {
  const sizes: ShardSize[] = Array.from({ length: count }, (_, index) => ({
    shard: `${index}/${count}`,
    recordings: 0,
    durationMs: 0,
    unknown: 0,
  }));
  const limit = pLimit(availableParallelism());
  await Promise.all(
    recordings.map((recording) =>
      limit(async () => {
        const size = sizes[shardOf(recording.relPath, count)];
        if (size === undefined) return;
        const duration = await recordingDurationMs(recording.path, options.ffmpegPath);
        size.recordings += 1;
        if (duration === undefined) size.unknown += 1;
        else size.durationMs += duration;
      }),
    ),
  );
  return sizes;
}

/** `dictclip run … --shard K/N --dry-run`: each shard's recordings and audio hours, to size N. */
import { resolveFfmpeg } from '../audio/index.js';
import type { LoadedRunOptions } from '../config/load.js';
import { scanRecordings } from '../pipeline/run/scan.js';
import { shardSizes } from '../shard/sizes.js';
import type { CliIo } from './io.js';

/** Print one line per shard of the run's N (nothing when the run is not sharded). */
export async function printShardSizes(options: LoadedRunOptions, io: CliIo): Promise<void> {
  const count = Number(options.shard?.split('/')[1]);
  if (!(count >= 1)) return;
  const ffmpegPath = await resolveFfmpeg(options.ffmpegPath);
  const scan = await scanRecordings(options.inputDir, {
    leaveOut: [options.outDir, options.workDir],
    include: options.include,
    exclude: options.exclude,
  });
  const sizes = await shardSizes(scan.recordings, count, { ffmpegPath });
  io.stdout.write(`shards of ${count} (first 8 bytes of sha256(path relative to the input folder) mod ${count}):\n`);
  const width = String(count).length * 2 + 1;
  for (const size of sizes) {
    const unknown = size.unknown > 0 ? ` + ${size.unknown} of unknown duration` : '';
    const mark = size.shard === options.shard ? '  ← this shard' : '';
    io.stdout.write(`  ${size.shard.padEnd(width)}  ${line(size.recordings, size.durationMs)}${unknown}${mark}\n`);
  }
  const total = sizes.reduce((sum, size) => sum + size.durationMs, 0);
  io.stdout.write(`  ${'all'.padEnd(width)}  ${line(sizes.reduce((sum, size) => sum + size.recordings, 0), total)}\n`);
}

/** `    12 recordings     3.41 h (3:24:36)`. */
function line(recordings: number, ms: number): string {
  const s = Math.round(ms / 1000);
  const clock = `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return `${String(recordings).padStart(7)} ${recordings === 1 ? 'recording ' : 'recordings'} ${(ms / 3_600_000).toFixed(2).padStart(9)} h (${clock})`;
}

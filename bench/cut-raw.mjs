/**
 * The limit for cutting: write the same files with the same byte sizes (44-byte header + PCM
 * of each clip) with no audio logic — a plain sequential loop of writeFile, or with
 * `inFlight` > 1 that many writeFile calls at once (the thread pool's parallelism; dictclip's cutter writes each clip with direct calls
 * instead).
 * Usage: node bench/cut-raw.mjs <clips.json> <outDir> [inFlight=1]
 */
import { writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [clipsPath, outDir, inFlightArg = '1'] = process.argv.slice(2);
const inFlight = Number(inFlightArg);
/** @type {{ startMs: number, endMs: number }[]} */
const clips = JSON.parse(readFileSync(clipsPath, 'utf8'));
const bytes = clips.map((c) => 44 + 2 * (Math.round(c.endMs * 16) - Math.round(c.startMs * 16)));
const buffer = Buffer.alloc(Math.max(...bytes));
const write = (i) => writeFile(join(outDir, `${String(i).padStart(5, '0')}.wav`), buffer.subarray(0, bytes[i]));
if (inFlight <= 1) {
  for (let i = 0; i < clips.length; i++) await write(i);
} else {
  let next = 0;
  const worker = async () => {
    while (next < clips.length) await write(next++);
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}

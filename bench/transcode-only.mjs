/**
 * The ffmpeg share of a pipeline run: transcodeToWav (dist/audio) over every recording of a
 * folder with `concurrency` transcodes at once, as runPipeline's transcode limit does.
 * Prints { wallMs }. Usage: node bench/transcode-only.mjs <inputDir> <outDir> <concurrency>
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { importDist } from './lib.mjs';

const [inputDir, outDir, concurrencyArg] = process.argv.slice(2);
const audio = await importDist('audio/index.js');
const ffmpegPath = await audio.resolveFfmpeg();
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
const files = (await readdir(inputDir)).sort();
let next = 0;
const t0 = performance.now();
await Promise.all(Array.from({ length: Number(concurrencyArg) }, async () => {
  while (next < files.length) {
    const name = files[next++];
    await audio.transcodeToWav(join(inputDir, name), join(outDir, `${name}.wav`), { ffmpegPath });
  }
}));
console.log(JSON.stringify({ wallMs: performance.now() - t0, files: files.length }));

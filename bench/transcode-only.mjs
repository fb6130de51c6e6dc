/**
 * The transcode share of a pipeline run: toWorkWav (dist/audio) — what runPipeline's transcode
 * stage runs: a link for inputs already in the work format, ffmpeg for the rest — over every
 * recording of a folder with `concurrency` at once, as runPipeline's transcode limit does.
 * With `ffmpeg` as 4th argument, transcodeToWav (ffmpeg for every file) instead.
 * Prints { wallMs }. Usage: node bench/transcode-only.mjs <inputDir> <outDir> <concurrency> [ffmpeg]
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { importDist } from './lib.mjs';

const [inputDir, outDir, concurrencyArg, mode] = process.argv.slice(2);
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
    const place = mode === 'ffmpeg' ? audio.transcodeToWav : audio.toWorkWav;
    await place(join(inputDir, name), join(outDir, `${name}.wav`), { ffmpegPath });
  }
}));
console.log(JSON.stringify({ wallMs: performance.now() - t0, files: files.length }));

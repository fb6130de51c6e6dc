#!/usr/bin/env node
// Which recordings carry a speaker's noise bed, as the aligner's settling finds one (built:
// `npm run build`): per 16 kHz mono 16-bit WAV, the bed of src/align/acoustic/noise-bed.ts's
// noiseBedDb (counted as floor by the edges), that of its looser noiseLikeBedDb (only the take
// tails and `cut-edge` read it), and, with either, the take noise peak the take tails trim to
// (src/align/acoustic/take-tails.ts). Levels in dB of the 5 ms frames' mean square.
// Usage: node scripts/noise-beds.mjs <wav>... (for instance bench/out/confidence/in/*.wav after
// `node bench/run.mjs --only confidence`).
import { basename } from 'node:path';
import { readFrameStats } from '../dist/audio/index.js';
import { crossingRateOf, ENERGY_FRAME_MS, frameLevels } from '../dist/align/acoustic/frame-levels.js';
import { noiseBedDb, noiseLikeBedDb } from '../dist/align/acoustic/noise-bed.js';
import { takeNoisePeak } from '../dist/align/acoustic/take-tails.js';
import { readWavInfo } from '../dist/wav-header.js';

const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error('usage: node scripts/noise-beds.mjs <wav>...');
  process.exit(2);
}
const level = (db) => (db === null ? '–' : `${db.toFixed(1)} dB`);
let failed = 0;
for (const path of paths) {
  try {
    console.log(await describe(path));
  } catch (error) {
    console.error(`${basename(path)}: ${error.message}`);
    failed++;
  }
}
if (failed > 0) process.exitCode = 1;

/** One line for the WAV at `path`. */
async function describe(path) {
  const wav = { ...(await readWavInfo(path)), path };
  if (wav.sampleRate !== 16000) throw new Error(`expected 16 kHz audio, as the work audio is (ffmpeg -i in -ar 16000 -ac 1 out.wav), got ${wav.sampleRate} Hz`);
  const frameSamples = (wav.sampleRate * ENERGY_FRAME_MS) / 1000;
  const { energies, crossings, peaks } = await readFrameStats(wav, frameSamples, undefined, { peaks: true });
  const levels = frameLevels(energies, frameSamples, crossings);
  const bed = noiseBedDb(levels);
  const noiseLike = noiseLikeBedDb(levels, crossingRateOf(crossings, frameSamples));
  const takes = bed === null && noiseLike === null ? '–' : String(takeNoisePeak(peaks, ENERGY_FRAME_MS));
  return `${basename(path)}\tfloor ${level(levels.floorDb)}\tbed ${level(bed)}\tnoise-like bed ${level(noiseLike)}\ttake noise peak ${takes}`;
}

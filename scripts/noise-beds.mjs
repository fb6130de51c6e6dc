#!/usr/bin/env node
// Which recordings carry a speaker's noise bed, as the aligner's settling reads them (built:
// `npm run build`; src/align/acoustic/settle.ts recordingLevels): per 16 kHz mono 16-bit WAV, the
// floor, the bed of noise-bed.ts's noiseBedDb (counted as floor by the edges), and whether the
// take tails trim ends there (either bed test, src/align/acoustic/take-tails.ts) with the take
// noise peak they trim to. Levels in dB of the 5 ms frames' mean square.
// Usage: node scripts/noise-beds.mjs <wav>... (for instance bench/out/confidence/in/*.wav after
// `node bench/run.mjs --only confidence`).
import { basename } from 'node:path';
import { recordingLevels } from '../dist/align/acoustic/settle.js';
import { readWavInfo } from '../dist/wav-header.js';

/** The search frames recordingLevels also measures (a whole number of 5 ms frames; unused here). */
const SEARCH_FRAME_MS = 10;

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
  const { energy, bedDb, takes, bedded } = await recordingLevels(wav, SEARCH_FRAME_MS);
  const tails = bedded ? `take tails: trimmed to a noise peak of ${takes.noise}` : 'take tails: starts only';
  return `${basename(path)}\tfloor ${level(energy.floorDb)}\tbed ${level(bedDb)}\t${tails}`;
}

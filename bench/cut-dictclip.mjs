/**
 * dictclip's cutter: cutClips from the built library over every clip of the list.
 * Usage: node bench/cut-dictclip.mjs <wav> <clips.json> <outDir>
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importDist } from './lib.mjs';

const [wavPath, clipsPath, outDir] = process.argv.slice(2);
const audio = (await importDist('audio/index.js')) ?? (await importDist('audio/cut.js'));
if (audio?.cutClips === undefined) throw new Error('cutClips not built (dist/audio/index.js or dist/audio/cut.js)');
/** @type {{ startMs: number, endMs: number }[]} */
const clips = JSON.parse(readFileSync(clipsPath, 'utf8'));
const jobs = clips.map((c, i) => ({ ...c, outPath: join(outDir, `${String(i).padStart(5, '0')}.wav`) }));
const results = await audio.cutClips(wavPath, jobs);
if (results.length !== jobs.length) throw new Error(`cutClips returned ${results.length} results for ${jobs.length} clips`);

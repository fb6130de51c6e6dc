/**
 * dictclip's cutter as the pipeline runs it: cutClips from the built library over every clip of
 * the list, written straight into `<outDir>.tmp` (atomic: false), which is then renamed to
 * `<outDir>` (the pipeline makes each recording's clip folder appear whole the same way).
 * Usage: node bench/cut-dictclip.mjs <wav> <clips.json> <outDir>
 */
import { readFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { importDist } from './lib.mjs';

const [wavPath, clipsPath, outDir] = process.argv.slice(2);
// The cutter's own module (the audio barrel also loads the transcoding and peaks modules).
const audio = (await importDist('audio/cut.js')) ?? (await importDist('audio/index.js'));
if (audio?.cutClips === undefined) throw new Error('cutClips not built (dist/audio/index.js or dist/audio/cut.js)');
/** @type {{ startMs: number, endMs: number }[]} */
const clips = JSON.parse(readFileSync(clipsPath, 'utf8'));
const temp = `${outDir}.tmp`;
await rm(temp, { recursive: true, force: true });
const jobs = clips.map((c, i) => ({ ...c, outPath: join(temp, `${String(i).padStart(5, '0')}.wav`) }));
const results = await audio.cutClips(wavPath, jobs, { atomic: false });
await rm(outDir, { recursive: true, force: true });
await rename(temp, outDir);
if (results.length !== jobs.length) throw new Error(`cutClips returned ${results.length} results for ${jobs.length} clips`);

/**
 * The supercut of a run folder with the built library.
 * Usage: node bench/supercut-run.mjs <runDir> <name> [gapMs=500]
 */
import { importDist } from './lib.mjs';

const [runDir, name, gapMs = '500'] = process.argv.slice(2);
const extracts = await importDist('extracts/index.js');
if (extracts?.writeSupercut === undefined) throw new Error('writeSupercut not built (dist/extracts/index.js)');
const result = await extracts.writeSupercut({ runDir, name, gapMs: Number(gapMs) });
console.log(`${result.clips} clips, ${result.durationMs} ms, ${result.sampleRate} Hz × ${result.channels}`);

/**
 * Benchmark runner (`npm run bench`): builds the library, runs each part (or only those named
 * with `--only a,b`), then regenerates BENCHMARKS.md. Never part of `npm test`.
 * Usage: node bench/run.mjs [--only cutting,overhead,…,confidence,reference-run] [--no-build]
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { OUT, ROOT, saveResult } from './lib.mjs';
import { PARTS, writeReport } from './report.mjs';

const args = process.argv.slice(2);
const only = args.flatMap((a, i) => (a === '--only' ? (args[i + 1] ?? '').split(',') : a.startsWith('--only=') ? a.slice(7).split(',') : [])).filter(Boolean);
const unknown = only.filter((p) => !PARTS.includes(p));
if (unknown.length > 0) {
  console.error(`unknown part(s): ${unknown.join(', ')}; parts: ${PARTS.join(', ')}`);
  process.exitCode = 2;
} else {
  const start = performance.now();
  if (!args.includes('--no-build')) {
    // tsc emits even when another module fails to type-check, so a partial build is still usable.
    console.log('building dist/ (node scripts/build-pages.mjs, npx tsc -p tsconfig.build.json) …');
    await promisify(execFile)(process.execPath, ['scripts/build-pages.mjs'], { cwd: ROOT, maxBuffer: 1 << 24 });
    try {
      await promisify(execFile)('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, maxBuffer: 1 << 24 });
    } catch (error) {
      const errors = String(error.stdout ?? '').split('\n').filter((l) => l.includes('error TS'));
      console.warn(`build reported ${errors.length} type error(s); benchmarking what was emitted:\n${errors.slice(0, 5).join('\n')}`);
    }
  }
  for (const part of only.length > 0 ? only : PARTS) {
    console.log(`\n== ${part}`);
    const t0 = performance.now();
    try {
      const { default: bench } = await import(`./${part}.mjs`);
      await bench();
    } catch (error) {
      console.error(`${part} failed: ${error.stack ?? error}`);
      await saveResult(part, { title: part, error: String(error.message ?? error).split('\n')[0] });
    }
    console.log(`== ${part} took ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  const path = await writeReport({ totalS: (performance.now() - start) / 1000, load: loadavg().map((l) => l.toFixed(1)).join(' ') });
  console.log(`\nwrote ${path} (inputs and raw results under ${join(OUT)})`);
}

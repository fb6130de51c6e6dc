#!/usr/bin/env node
/** The `dictclip` binary: real process io, SIGINT/SIGTERM → abort, then exit with main's code. */
import { setFlagsFromString } from 'node:v8';

// WebAssembly baseline code only. The one wasm module here is undici's HTTP parser (llhttp); V8's
// optimizing tier-up of it runs on a worker thread whose compiler memory glibc keeps resident in
// that thread's malloc arena for the rest of the run, and our few small responses gain nothing
// from it. Set before the first request compiles the module.
setFlagsFromString('--liftoff-only');
// Old-generation growth of 1.5x the live heap after each full GC (V8 picks 2-4x for a small heap):
// a long run's dead per-clip objects and the big JSON strings of its outputs otherwise pile up in
// old space with no full GC until the report, and become most of its peak memory. It costs some
// CPU, little next to recognition; BENCHMARKS.md (memory) has the figures.
setFlagsFromString('--heap-growing-percent=50');
// The young generation kept at its first size (two 1 MB semi-spaces) instead of growing to two
// 16 MB ones: a run's objects are either short-lived or kept for its whole length, and the grown
// semi-spaces stayed resident. Peak RSS of the memory benchmark's commands (`/usr/bin/time`, three
// runs each, builds of 5446ac4 and 74553c5): 3 h 187–205 → 154–180 MB, 30 min 128–133 → 104–108
// MB; median CPU ratio 1.01 over eight alternating runs of the 30-minute command.
// Only this flag acts at run time (`--max-semi-space-size` is read when the heap is set up), and
// only on what is not yet grown: it is set before the program's modules load, as is every flag here.
setFlagsFromString('--semi-space-growth-factor=1');

const { EXIT_INTERRUPTED } = await import('./commands/run.js');
const { main } = await import('./main.js');

const controller = new AbortController();
let interrupts = 0;
const onSignal = (signal: NodeJS.Signals): void => {
  interrupts += 1;
  if (interrupts > 1) process.exit(EXIT_INTERRUPTED);
  controller.abort(new Error(`received ${signal}`));
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const code = await main(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
  isTTY: process.stderr.isTTY,
  columns: process.stdout.isTTY ? process.stdout.columns : undefined,
  signal: controller.signal,
});
process.exit(code);

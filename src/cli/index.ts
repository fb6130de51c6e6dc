#!/usr/bin/env node
/** The `dictclip` binary: real process io, SIGINT/SIGTERM → abort, then exit with main's code. */
import { setFlagsFromString } from 'node:v8';
import { EXIT_INTERRUPTED } from './commands/run.js';
import { main } from './main.js';

// WebAssembly baseline code only. The one wasm module here is undici's HTTP parser (llhttp); V8's
// optimizing tier-up of it runs on a worker thread whose ~36 MB of compiler memory glibc keeps
// resident in that thread's malloc arena for the rest of the run (BENCHMARKS.md, memory). Parsing
// our few small responses gains nothing from it. Set before the first request compiles the module.
setFlagsFromString('--liftoff-only');
// Old-generation growth of 1.5× the live heap after each full GC (V8 picks 2–4× for a small heap).
// A 3-hour run has 25–35 MB live; with V8's factor, dead per-clip objects, upload bookkeeping and
// the big JSON strings of the outputs piled up to ~60 MB of old space with no full GC from the
// upload to the report, about 30 MB of the run's peak RSS (BENCHMARKS.md, memory). Its price: CPU
// ×1.24 and wall ×1.15 on the scripted 3-hour run (about 1 s), nothing next to real recognition.
setFlagsFromString('--heap-growing-percent=50');

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

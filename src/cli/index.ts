#!/usr/bin/env node
/** The `dictclip` binary: real process io, SIGINT/SIGTERM → abort, then exit with main's code. */
import { main } from './main.js';

const controller = new AbortController();
let interrupts = 0;
const onSignal = (signal: NodeJS.Signals): void => {
  interrupts += 1;
  if (interrupts > 1) process.exit(130);
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
  signal: controller.signal,
});
process.exit(code);

/**
 * The command line, testable in-process: `main(argv, io)` returns the exit code instead of
 * exiting. Usage and configuration errors exit 2, failed recordings and fatal errors exit 1.
 */
import { exitStatusOf, isDictclipError, type DictclipError } from '../errors.js';
import { accountCommand } from './commands/account.js';
import { exportCommand } from './commands/export.js';
import { reportCommand } from './commands/report.js';
import { reviewCommand } from './commands/review.js';
import { runCommand } from './commands/run.js';
import { mergeCommand } from './commands/merge.js';
import { serveCommand } from './commands/serve.js';
import { subtitlesCommand } from './commands/subtitles.js';
import { helpFor } from './help.js';
import { printable, usageError, type CliIo } from './io.js';
import { packageVersion } from './version.js';

export type { CliIo } from './io.js';

const COMMANDS: Record<string, (args: string[], io: CliIo) => Promise<number>> = {
  run: runCommand,
  serve: serveCommand,
  account: accountCommand,
  export: exportCommand,
  report: reportCommand,
  review: reviewCommand,
  merge: mergeCommand,
  subtitles: subtitlesCommand,
};


/** Run the CLI with `argv` (without node and the script) and return the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    return report(error, io);
  }
}

async function dispatch(argv: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr.write(helpFor(undefined) ?? '');
    return 2;
  }
  if (first === '--help' || first === '-h') {
    io.stdout.write(helpFor(undefined) ?? '');
    return 0;
  }
  if (first === '--version' || first === '-v') {
    io.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  if (first === 'help') {
    const text = helpFor(rest[0], io.columns);
    if (text === undefined) throw usageError(`unknown command "${rest[0] ?? ''}"`);
    io.stdout.write(text);
    return 0;
  }
  const command = COMMANDS[first];
  if (command === undefined) {
    throw usageError(first.startsWith('-') ? `unknown option ${first}` : `unknown command "${first}"; commands are ${Object.keys(COMMANDS).join(', ')}, help`);
  }
  return command(rest, io);
}

function report(error: unknown, io: CliIo): number {
  if (isDictclipError(error)) {
    const e: DictclipError = error;
    io.stderr.write(`dictclip: ${e.code}: ${printable(e.message)}\n`);
    if (e.code === 'E_USAGE') io.stderr.write('Run "dictclip --help" for usage.\n');
    return exitStatusOf(e.code);
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  io.stderr.write(`dictclip: internal error: ${printable(detail, true)}\n`);
  return 1;
}

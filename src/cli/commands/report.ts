/** `dictclip report <out-dir>`: rebuild the HTML QA report of a finished run from its output alone. */
import path from 'node:path';
import { expectPositionals, parseCommandArgs } from '../args.js';
import { REPORT_HELP } from '../help.js';
import type { CliIo } from '../io.js';

export async function reportCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('report', args, { help: { type: 'boolean', short: 'h' } });
  if (values['help'] === true) {
    io.stdout.write(REPORT_HELP);
    return 0;
  }
  const [outArg = ''] = expectPositionals(positionals, ['out-dir'], 'report');
  const outDir = path.resolve(io.cwd, outArg);
  const { buildReport } = await import('../../report/index.js');
  io.stdout.write(`report: ${await buildReport(outDir)}\n`);
  return 0;
}

/** `dictclip serve --data <dir> [options]`: the embedded service until SIGINT/SIGTERM. */
import { resolve } from 'node:path';
import { ffmpegPathFlag, intFlag, parseCommandArgs, requiredString, stringValue } from '../args.js';
import { MAX_DONE_HOLD_MS } from '../../service/options.js';
import { SERVE_HELP } from '../help.js';
import { usageError, waitForAbort, type CliIo } from '../io.js';

const OPTIONS = {
  data: { type: 'string' },
  host: { type: 'string' },
  'public-url': { type: 'string' },
  port: { type: 'string' },
  engine: { type: 'string' },
  script: { type: 'string' },
  jobs: { type: 'string' },
  'per-user-limit': { type: 'string' },
  'login-failures': { type: 'string' },
  'login-failures-total': { type: 'string' },
  'done-hold-ms': { type: 'string' },
  'max-upload-bytes': { type: 'string' },
  'max-stored-bytes': { type: 'string' },
  faults: { type: 'string' },
  'ffmpeg-path': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function serveCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('serve', args, OPTIONS);
  if (values['help'] === true) {
    io.stdout.write(SERVE_HELP);
    return 0;
  }
  if (positionals.length > 0) throw usageError(`dictclip serve: unexpected argument "${positionals[0] ?? ''}"`);
  const dataDir = resolve(io.cwd, requiredString(values, 'data', 'serve'));
  const engine = stringValue(values, 'engine');
  if (engine !== undefined && engine !== 'pocketsphinx' && engine !== 'scripted') {
    throw usageError(`--engine: "${engine}" is not an engine. Fix: pass --engine pocketsphinx or --engine scripted.`);
  }
  const port = intFlag(values, 'port', 0, 65_535);
  const jobs = intFlag(values, 'jobs', 1, 256);
  const perUserLimit = intFlag(values, 'per-user-limit', 1, 10_000);
  const clientFailures = intFlag(values, 'login-failures', 1, 1_000_000);
  const globalFailures = intFlag(values, 'login-failures-total', 1, 1_000_000);
  const doneHoldMs = intFlag(values, 'done-hold-ms', 0, MAX_DONE_HOLD_MS);
  const maxUploadBytes = intFlag(values, 'max-upload-bytes', 1024, Number.MAX_SAFE_INTEGER);
  const maxStoredBytes = intFlag(values, 'max-stored-bytes', 1, Number.MAX_SAFE_INTEGER);
  const faults = stringValue(values, 'faults') ?? (io.env['DICTCLIP_FAULTS'] || undefined);
  const ffmpegPath = ffmpegPathFlag(values, io.env, io.cwd);
  const scriptPath = stringValue(values, 'script');
  const host = stringValue(values, 'host');
  const publicUrl = stringValue(values, 'public-url');

  const service = await import('../../service/index.js');
  const script = scriptPath === undefined ? undefined : await service.loadScriptFile(resolve(io.cwd, scriptPath));
  const running = await service.startService({
    dataDir,
    log: (line: string) => io.stderr.write(`${line}\n`),
    ...(host === undefined ? {} : { host }),
    ...(publicUrl === undefined ? {} : { publicUrl }),
    ...(port === undefined ? {} : { port }),
    ...(engine === undefined ? (script === undefined ? {} : { engine: 'scripted' as const }) : { engine }),
    ...(script === undefined ? {} : { script }),
    ...(jobs === undefined ? {} : { jobConcurrency: jobs }),
    ...(perUserLimit === undefined ? {} : { perUserLimit }),
    loginLimits: {
      ...(clientFailures === undefined ? {} : { clientFailures }),
      ...(globalFailures === undefined ? {} : { globalFailures }),
    },
    ...(doneHoldMs === undefined ? {} : { doneHoldMs }),
    ...(maxUploadBytes === undefined ? {} : { maxUploadBytes }),
    ...(maxStoredBytes === undefined ? {} : { maxStoredBytes }),
    ...(faults === undefined ? {} : { faults }),
    ...(ffmpegPath === undefined ? {} : { ffmpegPath }),
  });
  io.stdout.write(`dictclip service listening on ${running.url}\n`);
  await waitForAbort(io.signal);
  io.stderr.write('dictclip service stopping\n');
  await running.close();
  return 0;
}

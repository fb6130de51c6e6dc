/**
 * `dictclip export <run-out-dir> --format <f> [options]`, and the `--export` flags of `dictclip run`
 * (taken out of run's arguments before its own parsing, then exported after the run).
 */
import { join, resolve } from 'node:path';
import { keySpec } from '../../config/keys.js';
import { parseValue } from '../../config/validate.js';
import { EXPORT_FORMATS, exportDataset, resolveExportOptions } from '../../dataset/index.js';
import type { ExportFormat, ExportOptions, ExportResult } from '../../dataset/index.js';
import { expectPositionals, ffmpegPathFlag, parseCommandArgs, requiredString, stringValue, type Parsed } from '../args.js';
import { formatDuration, printable, usageError, type CliIo } from '../io.js';
import { wrap } from '../wrap.js';
import { EXPORT_KEYS, EXPORT_OPTIONS, exportOptionsHelp, FILTER_KEYS } from './export-keys.js';

export const EXPORT_HELP = `Usage: dictclip export <run-out-dir> --format <format> [options]

Writes a finished run's clips as a dataset a trainer loads: ${EXPORT_FORMATS.join(', ')}.
The export goes to a temp folder renamed into place at the end (a re-export replaces it whole);
the same export twice gives the same bytes. splits.csv (group,split,clips,duration_ms) is written beside it.

${exportOptionsHelp(80)}

Clips of several sample rates or channel counts (after --clip-source original) give a warning
naming each format and its clip count; --sample-rate and --channels convert them, and every
format's metadata states the converted rate, channels and durations. With --channels 1, --channel
keeps one channel (one speaker per channel, a dead channel) instead of averaging them; a clip (or,
for kaldi, a source recording) without that channel stops the export with E_CHANNEL (exit 2).

Exit codes: 0 written, 1 a clip could not be read or the export written, 2 usage error or a
folder that is not a run output (nothing is written).

Examples:
  dictclip export out --format hf --split train=80,dev=10,test=10 --seed 1
  dictclip export out --format kaldi --group-by dir --to data/dictclip
  dictclip export out --format webdataset --shard-size 500 --exclude-flagged
  dictclip export out --format hf,lhotse --sample-rate 16000 --channels 1
  dictclip export out --format hf --channels 1 --channel left
`;

/**
 * The export keys `dictclip run` takes as well (the split, the conversion, the confidence and flag
 * filters); their flags, switches and help line come from these rows of the export table.
 */
const RUN_EXPORT_KEYS: readonly string[] = ['split', 'seed', 'groupBy', 'sampleRate', 'channels', 'minConfidence', 'excludeFlags', 'excludeFlagged', 'onlyVerified'];
const RUN_EXPORT_SPECS = EXPORT_KEYS.filter((spec) => RUN_EXPORT_KEYS.includes(spec.key));

/** The shared flags of run's help, two or three a line in the flag column, beside their one text. */
function runSharedHelp(): string[] {
  const names = wrap(RUN_EXPORT_SPECS.map((spec) => `--${spec.flag},`).join(' ').replace(/,$/, ''), 30, '  ');
  const text = ["As for dictclip export (the run's --channel is the", 'channel kept by --channels 1)'];
  return names.map((line, i) => `${line.padEnd(32)}${text[i] ?? ''}`.trimEnd());
}

/** The lines `dictclip run --help` adds for exporting after the run. */
export const RUN_EXPORT_HELP = `Export after the run (see dictclip export --help):
  --export <f>[,<f>…]|all       Formats to write, comma-separated, or all:
                                ${EXPORT_FORMATS.join(', ')}
  --export-dir <dir>            Exports go to <dir>/<format>
                                [default: <out-dir>/exports]
${runSharedHelp().join('\n')}`;

function integer(values: Parsed['values'], name: string): number | undefined {
  const text = stringValue(values, name);
  if (text === undefined) return undefined;
  if (!/^[+-]?\d+$/.test(text.trim())) throw usageError(`--${name}: "${text}" is not a whole number`);
  return Number(text);
}

/**
 * The one parser of a format list (`export --format` and `run --export`): comma-separated names,
 * or `all` for every format; repeats are dropped, order kept.
 */
export function parseFormats(text: string, flag: string): ExportFormat[] {
  const names = [...new Set(text.split(',').map((f) => f.trim()).filter((f) => f !== ''))];
  if (names.length === 0) throw usageError(`${flag} needs at least one format: ${EXPORT_FORMATS.join(', ')} or all`);
  if (names.includes('all')) return [...EXPORT_FORMATS];
  for (const name of names) {
    if (!(EXPORT_FORMATS as readonly string[]).includes(name)) {
      throw usageError(`${flag}: unknown format "${name}"; the formats are ${EXPORT_FORMATS.join(', ')} (or all)`);
    }
  }
  return names as ExportFormat[];
}

/**
 * Options shared by both commands: split, seed, group-by, sample rate, channels and the confidence
 * and flag filters (run's `--channel` and duration filters are its own keys).
 */
function sharedOptions(values: Parsed['values']): Pick<ExportOptions, 'split' | 'seed' | 'groupBy' | 'sampleRate' | 'channels' | 'minConfidence' | 'excludeFlags' | 'excludeFlagged'> {
  const flags = values['exclude-flags'];
  return {
    split: stringValue(values, 'split'), seed: integer(values, 'seed'), groupBy: stringValue(values, 'group-by'),
    sampleRate: integer(values, 'sample-rate'), channels: integer(values, 'channels'), minConfidence: probability(values, 'min-confidence'),
    excludeFlags: Array.isArray(flags) ? flags.filter((f): f is string => typeof f === 'string') : typeof flags === 'string' ? [flags] : undefined,
    excludeFlagged: values['exclude-flagged'] === true,
  };
}

/** A `--<name> <p>` value from 0 to 1. */
function probability(values: Parsed['values'], name: string): number | undefined {
  const text = stringValue(values, name);
  if (text === undefined) return undefined;
  const n = /^(\d+\.?\d*|\.\d+)$/.test(text.trim()) ? Number(text) : NaN;
  if (!(n >= 0 && n <= 1)) throw usageError(`--${name}: ${JSON.stringify(text)} is not a number from 0 to 1`);
  return n;
}

function report(result: ExportResult, io: CliIo): void {
  const parts = Object.entries(result.splits).map(([name, t]) => `${name} ${t.clips} (${formatDuration(t.ms)})`);
  const reasons = Object.entries(result.droppedBy).map(([reason, clips]) => `${reason} ${clips}`).join(', ');
  const dropped = result.dropped.clips > 0 ? `; left out ${result.dropped.clips} (${formatDuration(result.dropped.ms)}${reasons === '' ? '' : `; ${reasons}`})` : '';
  io.stdout.write(`export ${result.format}: ${printable(result.to)}\n  ${parts.join(', ') || 'no clips'}${dropped}\n`);
  for (const warning of result.warnings) io.stderr.write(`warning: ${printable(warning)}\n`);
}

export async function exportCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('export', args, EXPORT_OPTIONS);
  if (values['help'] === true) {
    io.stdout.write(EXPORT_HELP);
    return 0;
  }
  const [runDir = ''] = expectPositionals(positionals, ['run-out-dir'], 'export');
  const formats = parseFormats(requiredString(values, 'format', 'export'), '--format');
  const filters: Partial<Record<(typeof FILTER_KEYS)[number], number>> = {};
  for (const key of FILTER_KEYS) {
    const spec = keySpec(key);
    const raw = values[spec.flag];
    if (typeof raw === 'string') filters[key] = parseValue(spec, raw, { kind: 'flag', flag: spec.flag, dir: io.cwd }) as number;
  }
  const to = stringValue(values, 'to');
  const inputDir = stringValue(values, 'input-dir');
  const optionsFor = (format: ExportFormat): ExportOptions => ({
    runDir: resolve(io.cwd, runDir), format, ...sharedOptions(values), ...filters,
    ffmpegPath: ffmpegPathFlag(values, io.env, io.cwd),
    // Several formats with --to: one folder each inside it.
    to: to === undefined ? undefined : formats.length === 1 ? resolve(io.cwd, to) : join(resolve(io.cwd, to), format),
    shardSize: integer(values, 'shard-size'),
    channel: stringValue(values, 'channel'),
    onlyVerified: values['only-verified'] === true,
    inputDir: inputDir === undefined ? undefined : resolve(io.cwd, inputDir),
  });
  for (const format of formats) resolveExportOptions(optionsFor(format)); // every refusal before anything is written
  for (const format of formats) report(await exportDataset(optionsFor(format)), io);
  return 0;
}

/** Run's export flags with a value: its own `--export` and `--export-dir`, and the shared ones. */
const RUN_FLAGS = new Set(['export', 'export-dir', ...RUN_EXPORT_SPECS.filter((spec) => spec.type.kind !== 'bool').map((spec) => spec.flag)]);
/** Run's export flags without a value. */
const RUN_SWITCHES = new Set(RUN_EXPORT_SPECS.filter((spec) => spec.type.kind === 'bool').map((spec) => spec.flag));
/** Run's export flags that may repeat, their values gathered. */
const RUN_LISTS = new Set(RUN_EXPORT_SPECS.filter((spec) => spec.type.kind === 'list').map((spec) => spec.flag));

/** Exports requested on `dictclip run`. */
export interface RunExports {
  /** Validate the export options for this run folder (exit 2 before the run starts). */
  check(runDir: string): void;
  /** The folders the exports go to (absolute). */
  folders(runDir: string): string[];
  /** Export; `ffmpegPath` is the run's (for conversions). */
  run(runDir: string, io: CliIo, ffmpegPath?: string): Promise<void>;
}

/**
 * Take `--export`, `--export-dir`, `--split`, `--seed`, `--group-by`, `--sample-rate`, `--channels`,
 * `--min-confidence`, `--exclude-flags` (with `--flag value` or `--flag=value`), `--exclude-flagged`
 * and `--only-verified` out of run's arguments; returns the rest and the exports to make after the run
 * (undefined without --export).
 */
export function takeRunExports(args: readonly string[], cwd: string): { rest: string[]; exports: RunExports | undefined } {
  const rest: string[] = [];
  const values: Parsed['values'] = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') {
      rest.push(...args.slice(i));
      break;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
    const name = match?.[1];
    if (name !== undefined && RUN_SWITCHES.has(name) && match?.[2] === undefined) {
      values[name] = true;
      continue;
    }
    if (name === undefined || !RUN_FLAGS.has(name)) {
      rest.push(arg);
      continue;
    }
    const value = match?.[2] ?? args[++i];
    if (value === undefined) throw usageError(`dictclip run: --${name} needs a value`);
    values[name] = RUN_LISTS.has(name) ? [...((values[name] as string[] | undefined) ?? []), value] : value;
  }
  const list = stringValue(values, 'export');
  if (list === undefined) {
    const stray = [...RUN_FLAGS, ...RUN_SWITCHES].find((flag) => values[flag] !== undefined);
    if (stray !== undefined) throw usageError(`dictclip run: --${stray} only applies with --export <format>`);
    return { rest, exports: undefined };
  }
  const formats = parseFormats(list, 'dictclip run: --export');
  const exportDir = stringValue(values, 'export-dir');
  const shared = sharedOptions(values);
  const optionsFor = (runDir: string, format: ExportFormat): ExportOptions => ({
    runDir, format, ...shared, onlyVerified: values['only-verified'] === true, ...(exportDir === undefined ? {} : { to: join(resolve(cwd, exportDir), format) }),
  });
  return {
    rest,
    exports: {
      check(runDir: string): void {
        for (const format of formats) resolveExportOptions(optionsFor(runDir, format));
      },
      folders: (runDir) => formats.map((format) => resolveExportOptions(optionsFor(runDir, format)).to),
      async run(runDir: string, io: CliIo, ffmpegPath?: string): Promise<void> {
        for (const format of formats) report(await exportDataset({ ...optionsFor(runDir, format), ffmpegPath }), io);
      },
    },
  };
}

/** `dictclip run <input-dir> --out <out-dir> [options]`: the pipeline with progress and a summary. */
import { basename, dirname, join } from 'node:path';
import { KEYS } from '../../config/keys.js';
import { loadRunOptions, type LoadedRunOptions } from '../../config/load.js';
import type { Credentials } from '../../credentials.js';
import { exitStatusOf, isDictclipError } from '../../errors.js';
import type { RunResult } from '../../pipeline/types.js';
import { MOSTLY_UNTRUSTED, untrustedShare } from '../../run-output/trust.js';
import { FAILURES_FILE, SKIPPED_FILE } from '../../run-output/layout.js';
import { expectPositionals, parseCommandArgs, requiredString, type OptionSpecs } from '../args.js';
import { credentialsFromEnv, requireCredentials } from '../credentials.js';
import { runHelp } from '../help.js';
import { formatDuration, plural, printable, type CliIo } from '../io.js';
import { createProgress } from '../progress.js';
import { takeRunExports } from './export.js';
import { printShardSizes } from '../shard-plan.js';
import { printPlan } from '../dry-run.js';
import { resolveShard } from '../../shard/env.js';

/** Exit code after an interrupt. */
export const EXIT_INTERRUPTED = 130;

function runOptionSpecs(): OptionSpecs {
  const specs: OptionSpecs = {
    out: { type: 'string', short: 'o' },
    config: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  };
  for (const spec of KEYS) {
    const short = spec.short === undefined ? {} : { short: spec.short };
    specs[spec.flag] = spec.type.kind === 'list' ? { type: 'string', multiple: true, ...short } : { type: spec.type.kind === 'bool' ? 'boolean' : 'string', ...short };
    if (spec.type.kind === 'bool') specs[`no-${spec.flag}`] = { type: 'boolean' };
  }
  return specs;
}

/** The library options of a CLI run: the loaded keys plus the credentials from the environment. */
export type CliRunOptions = LoadedRunOptions & { readonly credentials: Credentials | undefined };

/**
 * Parse the command line and load the configuration of a run (exported for tests). This is where
 * the environment becomes options: DICTCLIP_* keys (DICTCLIP_FAULTS and FFMPEG_PATH included) via
 * the key table, and the credentials.
 */
export function resolveRunOptions(args: string[], io: Pick<CliIo, 'env' | 'cwd'>): CliRunOptions | 'help' {
  const { values, positionals } = parseCommandArgs('run', args, runOptionSpecs());
  if (values['help'] === true) return 'help';
  const [inputDir = ''] = expectPositionals(positionals, ['input-dir'], 'run');
  const outDir = requiredString(values, 'out', 'run');
  const { out: _out, config, help: _help, ...flags } = values;
  const loaded = loadRunOptions({ flags, env: io.env, cwd: io.cwd, configPath: typeof config === 'string' ? config : undefined, inputDir, outDir });
  // `--shard auto/N`: K from the batch engine's environment (the library reads none).
  const options = loaded.shard === undefined ? loaded : { ...loaded, shard: resolveShard(loaded.shard, io.env) };
  // Fail before any work (exit 2) when a remote service has no credentials; a dry run never connects.
  const remote = options.baseUrl !== undefined && !options.dryRun;
  const credentials = remote && options.baseUrl !== undefined ? requireCredentials(io.env, options.baseUrl) : credentialsFromEnv(io.env);
  return { ...options, credentials };
}

export async function runCommand(args: string[], io: CliIo): Promise<number> {
  const { rest, exports } = takeRunExports(args, io.cwd);
  const options = resolveRunOptions(rest, io);
  if (options === 'help') {
    io.stdout.write(runHelp(io.columns));
    return 0;
  }
  exports?.check(options.outDir);
  const progress = createProgress({ stream: io.stderr, isTTY: io.isTTY === true, quiet: options.quiet });
  const { runPipeline } = await import('../../pipeline/index.js');
  let result: RunResult;
  try {
    result = await runPipeline(options, progress.events, io.signal);
  } catch (error) {
    progress.finish();
    if (io.signal?.aborted === true || isDictclipError(error, 'E_ABORTED')) {
      // The pipeline's E_ABORTED says what was kept, what was canceled and how to resume.
      io.stderr.write(isDictclipError(error, 'E_ABORTED') ? `dictclip: ${error.message}\n` : 'dictclip: interrupted\n');
      return EXIT_INTERRUPTED;
    }
    throw error;
  } finally {
    progress.finish();
  }
  if (options.dryRun) {
    await printPlan(result, io, options.ffmpegPath);
    printFailures(result, io);
    await printShardSizes(options, io);
    return 0;
  }
  if (!options.quiet) printSummary(result, io, exports?.folders(options.outDir) ?? []);
  if (options.report) {
    const { buildReport } = await import('../../report/index.js');
    const index = await buildReport(options.outDir);
    if (!options.quiet) io.stdout.write(`report: ${index}\n`);
  }
  if (options.supercut !== undefined) {
    const { writeSupercut } = await import('../../extracts/index.js');
    const cut = await writeSupercut({ runDir: options.outDir, name: options.supercut, gapMs: options.supercutGapMs });
    if (!options.quiet) io.stdout.write(`supercut: ${cut.wavPath} (${plural(cut.clips, 'clip')}, ${formatDuration(cut.durationMs)}) with ${basename(cut.vttPath)} and ${basename(cut.jsonPath)}\n`);
    if (!options.supercutAudioOnly && cut.clips > 0) {
      const { resolveFfmpeg } = await import('../../audio/index.js');
      const { supercutVideo } = await import('../../extracts/index.js');
      const video = await supercutVideo({
        runDir: options.outDir,
        name: options.supercut,
        gapMs: options.supercutGapMs,
        ffmpegPath: await resolveFfmpeg(options.ffmpegPath),
        signal: io.signal,
      });
      if (video.written !== undefined && !options.quiet) {
        const v = video.written;
        io.stdout.write(`supercut video: ${v.videoPath} (${v.width}x${v.height}, ${v.fps} fps, ${v.videoCodec} and AAC; --supercut-audio-only skips it)\n`);
      }
      if (video.written === undefined && video.reason !== undefined && !options.quiet) io.stdout.write(`note: supercut written as audio only: ${video.reason}\n`);
    }
  }
  printFailures(result, io);
  await exports?.run(options.outDir, io, options.ffmpegPath);
  if (io.signal?.aborted === true) return EXIT_INTERRUPTED;
  return failedExit(result);
}

/**
 * The exit status of a finished run: 0, or with failed recordings 1 — or 2 when one failed for an
 * option that does not fit it (a code the error table gives exit 2, e.g. E_CHANNEL: the chosen
 * channel is not in the recording), which a rerun with the same options cannot fix.
 */
function failedExit(result: RunResult): number {
  if (result.summary.failed === 0) return 0;
  return result.failures.some((f) => exitStatusOf(f.code) === 2) ? 2 : 1;
}

/** `excluded: 3 recordings by --include/--exclude patterns` when patterns left some out. */
function excludedLine(excluded: number | undefined): string {
  return excluded === undefined || excluded === 0 ? '' : `excluded: ${plural(excluded, 'recording')} by --include/--exclude patterns (not recordings of this run)\n`;
}

/** Names listed on the summary line before `and N more`. */
const LISTED_SOURCES = 10;

/**
 * `; 3 without a reference transcript (cut from what the recognizer heard): a.wav, b.wav, c.wav` for a run with references where some had
 * none.
 */
function withoutReference(sources: readonly string[] | undefined): string {
  if (sources === undefined || sources.length === 0) return '';
  return `; ${sources.length} without a reference transcript (cut from what the recognizer heard): ${listed(sources, 'withoutReference')}`;
}

/** `; mostly low-confidence or unaligned (the wrong text or language, or not speech?): a.wav (20 of 24 words)` for such recordings. */
function untrusted(entries: RunResult['summary']['confidence']): string {
  const found = (entries ?? []).filter((c) => untrustedShare(c) > MOSTLY_UNTRUSTED);
  if (found.length === 0) return '';
  const named = found.map((c) => `${c.source} (${c.lowConfidence + c.unaligned} of ${c.words} words)`);
  return `; ${found.length} mostly low-confidence or unaligned (the wrong text or language, or not speech?): ${listed(named, 'confidence')}`;
}

/** The first {@link LISTED_SOURCES} names, printable, then `and N more (summary.json <field>)`. */
function listed(names: readonly string[], field: string): string {
  const more = names.length > LISTED_SOURCES ? ` and ${names.length - LISTED_SOURCES} more (summary.json ${field})` : '';
  return `${names.slice(0, LISTED_SOURCES).map((name) => printable(name)).join(', ')}${more}`;
}

/**
 * `exports: 1 stale …` for the exports made from an earlier manifest that this command does not rebuild (`rebuilt`: its --export folders).
 */
function staleLine(stale: readonly string[] | undefined, rebuilt: readonly string[], outDir: string): string {
  const left = (stale ?? []).filter((dir) => !rebuilt.includes(dir));
  if (left.length === 0) return '';
  return `exports: ${left.length} stale (made from an earlier manifest; this run changed it): ${left.map((dir) => printable(dir)).join(', ')}; ` +
    `rebuild with dictclip export ${printable(outDir)} --format <format> [--to <folder>] and the options used before\n`;
}

function printSummary(result: RunResult, io: CliIo, rebuilt: readonly string[]): void {
  const s = result.summary;
  const resumed = s.resumed > 0 ? `, ${s.resumed} kept from an earlier run` : '';
  const skipped = s.skipped > 0
    ? `skipped: ${plural(s.skipped, 'file')} not processed (listed with the reason in ${join(dirname(result.manifestPath), SKIPPED_FILE)})\n`
    : '';
  io.stdout.write(
    `manifest: ${result.manifestPath}\n` +
      `recordings: ${s.done} done, ${s.failed} failed${resumed} (of ${s.recordings})${withoutReference(s.withoutReference)}${untrusted(s.confidence)}\n${skipped}${excludedLine(s.excluded)}` +
      `clips: ${s.clips} (total ${formatDuration(s.totalClipMs)}); flagged ${s.flaggedClips} (${formatDuration(s.flaggedClipMs)})` +
      `${s.droppedClips > 0 ? `; dropped by filters ${s.droppedClips} (${formatDuration(s.droppedClipMs)})` : ''}\n` +
      (s.paddingClampedEdges > 0
        ? `padding: cut short at a neighbouring word on ${s.paddingClampedEdges} of ${s.clips * 2} clip edges (--pad-mode overlap pads into neighbours)\n`
        : '') +
      staleLine(s.staleExports, rebuilt, dirname(result.manifestPath)) +
      `wall time: ${formatDuration(s.wallTimeMs)}\n`,
  );
  for (const entry of s.find ?? [])
    io.stdout.write(`find ${JSON.stringify(entry.phrase)}: ${entry.matches} match${entry.matches === 1 ? '' : 'es'}\n`);
  for (const note of s.notes ?? []) io.stdout.write(`note: ${note}\n`);
}

function printFailures(result: RunResult, io: CliIo): void {
  if (result.failures.length === 0) return;
  io.stderr.write(`failed recordings (${result.failures.length}):\n`);
  for (const f of result.failures) io.stderr.write(`  ${printable(f.source)} [${f.stage}] ${f.code}: ${printable(f.message)}\n`);
  if (result.plan === undefined) {
    io.stderr.write(`details: ${join(dirname(result.manifestPath), FAILURES_FILE)}\n`);
  }
}

/**
 * `exportDataset`: a finished run's output → one dataset layout, in two streaming passes over
 * manifest.csv (memory flat in the number of clips):
 * 1. filter each row and total the kept audio per group (validates everything; nothing written);
 * 2. assign groups to splits (src/dataset/splits.ts), then hand each kept row to the format's
 *    writer, which places the audio and streams its text files.
 * The export is written to a temp folder beside the target and renamed over it at the end: never
 * half-done, a re-export replaces it whole. Equal inputs give byte-identical exports.
 */
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { DictclipError, isDictclipError } from '../errors.js';
import { doubtFlags, keepClip, parseFlags } from '../markers/index.js';
import { compareCodePoints } from '../code-point-order.js';
import { AudioPlacer, LineWriter } from './files.js';
import { exportTempPath, sweepExportTemps } from './temp-folders.js';
import { createHfWriter } from './writers/hf.js';
import { createKaldiWriter } from './writers/kaldi.js';
import { createLhotseWriter } from './writers/lhotse.js';
import { createLjspeechWriter } from './writers/ljspeech.js';
import { createNemoWriter } from './writers/nemo.js';
import { createWebDatasetWriter } from './writers/webdataset.js';
import { resolveExportOptions } from './options.js';
import type { ExportFormat, ExportOptions, ResolvedExportOptions } from './options.js';
import { MANIFEST_FILE } from '../run-output/layout.js';
import { OutputFiles, refuseControlCharacters, sourceFile } from '../run-output/safe-path.js';
import { checkRunOutput, clipSamples, readManifest } from '../run-output/read.js';
import { ClipConverter, exportedFormat, FormatTally, keptChannel, mixedFormatWarning } from './clip-audio.js';
import type { AudioTarget } from './clip-audio.js';
import { recordedChannel } from '../run-output/run-record.js';
import { manifestSha256, recordExport } from '../run-output/exports-record.js';
import { channelNumber, countChannels, missingChannel, resolveFfmpeg } from '../audio/index.js';
import type { ExportRow } from '../run-output/read.js';
import { sampleId, speakerId } from './sample.js';
import type { Commit, FormatWriter, WriterContext } from './sample.js';
import { assignSplits, groupOf, SPLIT_NAMES } from './splits.js';
import type { GroupTotal, SplitName } from './splits.js';

/** What an export wrote. */
export interface ExportResult {
  format: ExportFormat;
  /** The export folder. */
  to: string;
  /** Kept clips and their audio per split (splits with no clip are not written). */
  splits: Partial<Record<SplitName, { clips: number; ms: number }>>;
  /** Clips left out by the filters, --min-confidence, --exclude-flags and --exclude-flagged. */
  dropped: { clips: number; ms: number };
  /**
   * Per reason, the clips it leaves out (a clip left out for several reasons counts under each):
   * `min-confidence`, a flag of --exclude-flags by name, `flagged` (--exclude-flagged), `duration`
   * (--min/max-duration-ms), `chars-per-second` (--min/max-chars-per-second). Reasons that leave out
   * nothing are absent.
   */
  droppedBy: Record<string, number>;
  /** Audio files hard-linked and copied into the export (WebDataset and Kaldi place none). */
  audio: { linked: number; copied: number };
  /** Things worth a look that do not stop the export (a split far from its requested share, clips of several audio formats). */
  warnings: string[];
}

/** How far (percentage points of the audio) a split may land from its requested share before a warning. */
export const SPLIT_SHARE_TOLERANCE = 5;

/**
 * A warning when a split's share of the kept audio is more than {@link SPLIT_SHARE_TOLERANCE}
 * points from the requested one: groups never span two splits, so too few groups cannot match
 * the proportions.
 */
export function splitShareWarning(
  requested: readonly { name: SplitName; percent: number }[],
  splits: ExportResult['splits'],
  groups: number,
  groupBy: string,
): string | undefined {
  if (requested.length < 2) return undefined;
  const total = Object.values(splits).reduce((sum, t) => sum + t.ms, 0);
  if (total <= 0) return undefined;
  const share = (name: SplitName): number => (100 * (splits[name]?.ms ?? 0)) / total;
  const off = requested.filter((r) => Math.abs(share(r.name) - r.percent) > SPLIT_SHARE_TOLERANCE);
  if (off.length === 0) return undefined;
  const shown = (values: readonly number[]): string => values.map((v) => (Math.round(v * 10) / 10).toString()).join('/');
  return `the splits came out ${shown(requested.map((r) => share(r.name)))} % of the audio (${requested.map((r) => r.name).join('/')}), ` +
    `not the requested ${shown(requested.map((r) => r.percent))}: only ${groups} group${groups === 1 ? '' : 's'} (--group-by ${groupBy}), ` +
    'and a group never spans two splits. Fix: more recordings, or finer groups (--group-by source, or a regex naming smaller groups).';
}

/**
 * The formats: each one's writer, and whether it holds the clips (converted to --sample-rate and
 * --channels) or, like Kaldi, decodes the source recordings itself (to the target, in its pipes).
 */
const FORMATS: Record<ExportFormat, { create: (ctx: WriterContext) => FormatWriter | Promise<FormatWriter>; holds: 'clips' | 'sources' }> = {
  hf: { create: createHfWriter, holds: 'clips' },
  nemo: { create: createNemoWriter, holds: 'clips' },
  ljspeech: { create: createLjspeechWriter, holds: 'clips' },
  kaldi: { create: createKaldiWriter, holds: 'sources' },
  lhotse: { create: createLhotseWriter, holds: 'clips' },
  webdataset: { create: createWebDatasetWriter, holds: 'clips' },
};

/** Why a row is left out (see ExportResult.droppedBy); empty when it is kept. */
function dropReasons(row: Pick<ExportRow, 'flags' | 'confidence' | 'text' | 'duration_ms'>, o: ResolvedExportOptions): string[] {
  const reasons: string[] = [];
  if (o.minConfidence !== undefined && !(row.confidence !== undefined && row.confidence >= o.minConfidence)) reasons.push('min-confidence');
  const flags = parseFlags(row.flags);
  for (const flag of o.excludeFlags) if (flags.includes(flag)) reasons.push(flag);
  if (o.excludeFlagged && doubtFlags(row.flags.trim()) !== '') reasons.push('flagged');
  if (o.onlyVerified && !flags.includes('verified')) reasons.push('not-verified');
  const clip = { text: row.text, durationMs: row.duration_ms };
  if (!keepClip(clip, { minDurationMs: o.minDurationMs, maxDurationMs: o.maxDurationMs })) reasons.push('duration');
  if (!keepClip(clip, { minCharsPerSecond: o.minCharsPerSecond, maxCharsPerSecond: o.maxCharsPerSecond })) reasons.push('chars-per-second');
  return reasons;
}

function group(row: ExportRow, o: ResolvedExportOptions): string {
  const found = groupOf(row.source, o.groupBy);
  if (found === undefined) {
    throw new DictclipError('E_CONFIG', `--group-by: the regex does not match the source "${row.source}" (or its capture group is empty). Fix: use a regex that matches every source path.`, { key: 'groupBy' });
  }
  return found;
}

/**
 * Pass 1: kept audio per group, dropped totals, the exported audio formats; checks every row (a
 * clip mixed down must have the channel kept: E_CHANNEL) and that the Kaldi sources exist.
 */
async function survey(
  o: ResolvedExportOptions,
  inputDir: string | undefined,
  target: AudioTarget,
): Promise<{ groups: GroupTotal[]; dropped: { clips: number; ms: number }; droppedBy: Record<string, number>; formats: FormatTally }> {
  const totals = new Map<string, GroupTotal>();
  const dropped = { clips: 0, ms: 0 };
  const droppedBy: Record<string, number> = {};
  const formats = new FormatTally();
  const files = new OutputFiles(o.runDir);
  let lastSource: string | undefined;
  try {
    for await (const row of readManifest(o.runDir)) {
      const reasons = dropReasons(row, o);
      if (reasons.length > 0) {
        dropped.clips += 1;
        dropped.ms += row.duration_ms;
        for (const reason of reasons) droppedBy[reason] = (droppedBy[reason] ?? 0) + 1;
        continue;
      }
      // Every format names the source (kaldi's wav.scp in a line that may run a command): no control character.
      refuseControlCharacters(row.source, 'the source');
      refuseControlCharacters(row.file_name, 'the clip file');
      const name = group(row, o);
      const total = totals.get(name) ?? { group: name, clips: 0, ms: 0 };
      total.clips += 1;
      total.ms += row.duration_ms;
      totals.set(name, total);
      if (FORMATS[o.format].holds === 'clips') {
        const { sampleRate, channels } = exportedFormat(row, target);
        formats.add(sampleRate, channels);
        // Only regular files inside the output folder: never a clip replaced by a link.
        keptChannel(files.regularFile(path.join(o.runDir, ...row.file_name.split('/')), 'the clip'), row.channels, target);
      }
      if (o.format === 'kaldi' && inputDir !== undefined && row.source !== lastSource) {
        lastSource = row.source;
        const file = sourceFile(inputDir, row.source);
        refuseControlCharacters(file, 'the source recording');
        if (
          !(await stat(file).then(
            (s) => s.isFile(),
            () => false,
          ))
        ) {
          throw new DictclipError(
            'E_CONFIG',
            `kaldi: the source recording ${file} does not exist (wav.scp decodes the sources). Fix: pass --input-dir with the run's input folder.`,
            { key: 'inputDir', path: file },
          );
        }
      }
    }
  } catch (error) {
    if (isDictclipError(error)) throw error;
    throw new DictclipError(
      'E_NOT_RUN_OUTPUT',
      `${path.join(o.runDir, MANIFEST_FILE)} cannot be read as a manifest: ${(error as Error).message}`,
      { path: o.runDir, cause: error },
    );
  }
  return { groups: [...totals.values()], dropped, droppedBy, formats };
}

/** splits.csv: `group,split,clips,duration_ms`, one row per group, sorted by group. */
function splitsCsv(groups: readonly GroupTotal[], assignment: ReadonlyMap<string, SplitName>): string {
  const rows = [...groups].sort((a, b) => compareCodePoints(a.group, b.group))
    .map((g) => [g.group, assignment.get(g.group) ?? '', g.clips, g.ms]);
  return stringify([['group', 'split', 'clips', 'duration_ms'], ...rows], { record_delimiter: 'unix' });
}

/**
 * Export a finished run's output as one dataset layout.
 * @throws DictclipError `E_CONFIG` for bad options (unknown format, splits not summing to 100,
 * unknown split names, a bad group-by regex, `to` inside the clips folder, kaldi without its
 * sources), `E_NOT_RUN_OUTPUT` for a folder that is not a run output, `E_UNSAFE_NAME` for a source
 * or clip name with a control character (a newline would split wav.scp's line), `E_UNSAFE_PATH`
 * for a clip that is a link or not inside the output folder; in these cases nothing is written. `E_INPUT`/`E_OUTPUT` when a clip cannot be
 * read or the export written (the partial
 * export is removed).
 */
export async function exportDataset(options: ExportOptions): Promise<ExportResult> {
  const o = resolveExportOptions(options);
  const run = await checkRunOutput(o.runDir);
  const inputDir = o.inputDir ?? run.inputDir;
  if (o.format === 'kaldi' && inputDir === undefined) {
    throw new DictclipError(
      'E_CONFIG',
      "kaldi: this run output does not record its input folder (summary.json has no inputDir), and wav.scp must name the source recordings. Fix: pass --input-dir <the run's input folder>.",
      { key: 'inputDir' },
    );
  }
  const channel = await chosenChannel(o);
  const target: AudioTarget = { sampleRate: o.sampleRate, channels: o.channels, channel };
  const madeFrom = await manifestSha256(o.runDir); // recorded with the export: a later run that changes the manifest says it is stale
  const { groups, dropped, droppedBy, formats } = await survey(o, inputDir, target);
  const assignment = assignSplits(groups, o.splits, o.seed);

  await sweepExportTemps(o.to);
  const temp = exportTempPath(o.to);
  const placer = new AudioPlacer();
  const splits: ExportResult['splits'] = {};
  const inFlight = new Window(IN_FLIGHT);
  try {
    await mkdir(temp, { recursive: true });
    const audio = target;
    const ctx: WriterContext = {
      dir: temp, runDir: o.runDir, inputDir, audio, shardSize: o.shardSize,
      splitRequested: options.split !== undefined, placer, scratch: path.join(temp, '.scratch'),
    };
    const writer = await FORMATS[o.format].create(ctx);
    const converter = new ClipConverter(audio, path.join(ctx.scratch, 'converted'), o.ffmpegPath);
    let probed: string | undefined;
    for await (const row of readManifest(o.runDir)) {
      if (dropReasons(row, o).length > 0) continue;
      const name = group(row, o);
      const split = assignment.get(name) ?? 'train';
      const totals = (splits[split] ??= { clips: 0, ms: 0 });
      totals.clips += 1;
      totals.ms += row.duration_ms;
      const id = sampleId(row);
      const clipPath = path.join(o.runDir, ...row.file_name.split('/'));
      const base = { id, split, group: name, speaker: speakerId(name), row };
      if (
        FORMATS[o.format].holds === 'sources' &&
        channel !== undefined &&
        channel > 1 &&
        (o.channels ?? 1) === 1 &&
        row.source !== probed
      ) {
        probed = row.source;
        await checkSourceChannel(sourceFile(inputDir ?? '', row.source), channel, o.ffmpegPath, path.join(temp, '.probe'));
      }
      await inFlight.push(FORMATS[o.format].holds === 'sources'
        ? writer.add({ ...base, clipPath, audio: { sampleRate: row.sample_rate, channels: row.channels, samples: clipSamples(row) } })
        : converter.prepare(row, clipPath, id).then(async (clip) => {
          const commit = await writer.add({ ...base, clipPath: clip.clipPath, audio: clip.audio });
          await clip.release();
          return commit;
        }));
    }
    await inFlight.drain();
    await writer.finish();
    await rm(ctx.scratch, { recursive: true, force: true });
    const csv = await LineWriter.open(path.join(temp, 'splits.csv'));
    await csv.write(splitsCsv(groups, assignment));
    await csv.close();
    await replaceDir(temp, o.to);
    // a hint only: the export stands without it
    await recordExport(o.runDir, { to: o.to, format: o.format, manifestSha256: madeFrom }).catch(() => undefined);
  } catch (error) {
    await inFlight.settle();
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    if (isDictclipError(error)) throw error;
    throw new DictclipError('E_OUTPUT', `cannot write the ${o.format} export to ${o.to}: ${(error as Error).message}`, {
      path: o.to,
      cause: error,
    });
  }
  const ordered = Object.fromEntries(SPLIT_NAMES.filter((s) => splits[s] !== undefined).map((s) => [s, splits[s]]));
  const warnings = [
    splitShareWarning(o.splits, ordered, groups.length, options.groupBy ?? 'source'),
    mixedFormatWarning(formats, { sampleRate: o.sampleRate, channels: o.channels }),
  ].filter((w): w is string => w !== undefined);
  return { format: o.format, to: o.to, splits: ordered, dropped, droppedBy, audio: { ...placer.counts }, warnings };
}

/** The channel kept when mixing down: the export's `channel`, else the run's (run.json), else none (the mix). */
async function chosenChannel(o: ResolvedExportOptions): Promise<number | undefined> {
  return channelNumber(o.channel ?? await recordedChannel(o.runDir));
}

/** Kaldi: a source recording its wav.scp pipe keeps one channel of must have it (probed with ffmpeg). */
async function checkSourceChannel(file: string, channel: number, ffmpegPath: string | undefined, tempBase: string): Promise<void> {
  const has = await countChannels(file, { ffmpegPath: await resolveFfmpeg(ffmpegPath), tempBase });
  if (has < channel) throw missingChannel(file, channel, has);
}

/** Samples whose I/O runs at once: enough to hide file-system latency, few enough to keep memory flat. */
const IN_FLIGHT = 32;

/** Started samples, committed strictly in the order they were started. */
class Window {
  readonly #pending: Promise<Commit>[] = [];
  constructor(private readonly size: number) {}

  /** Add a started sample; when the window is full, commit the oldest first. */
  async push(started: Promise<Commit>): Promise<void> {
    started.catch(() => undefined); // rejections are seen when the sample's turn comes
    this.#pending.push(started);
    if (this.#pending.length >= this.size) await this.#commitOldest();
  }

  async drain(): Promise<void> {
    while (this.#pending.length > 0) await this.#commitOldest();
  }

  /** After a failure: wait until nothing runs any more. */
  async settle(): Promise<void> {
    await Promise.allSettled(this.#pending.splice(0));
  }

  async #commitOldest(): Promise<void> {
    const commit = await this.#pending.shift()!;
    await commit();
  }
}

/** Put `temp` in place of `target`: the old export (if any) is moved aside, then removed. */
async function replaceDir(temp: string, target: string): Promise<void> {
  const old = `${temp}.old`;
  const hadOld = await rename(target, old).then(() => true, (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return false;
    throw error;
  });
  try {
    await rename(temp, target);
  } catch (error) {
    if (hadOld) await rename(old, target).catch(() => undefined);
    throw error;
  }
  if (hadOld) await rm(old, { recursive: true, force: true });
}

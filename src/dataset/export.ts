/**
 * `exportDataset`: a finished run's output → one dataset layout, in two streaming passes over
 * manifest.csv (memory flat in the number of clips):
 * 1. filter each row and total the kept audio per group (survey.ts: validates everything; nothing
 *    written);
 * 2. assign groups to splits (src/dataset/splits.ts), then hand each kept row to the format's
 *    writer (format-writers.ts), which places the audio and streams its text files, up to 32 rows
 *    at once and committed in order (commit-window.ts); splits.csv and the warnings (split-report.ts).
 * The export is written to a temp folder beside the target and renamed over it at the end
 * (temp-folders.ts): never half-done, a re-export replaces it whole. Equal inputs give byte-identical exports.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { DictclipError, isDictclipError } from '../errors.js';
import { channelNumber, countChannels, missingChannel, resolveFfmpeg } from '../audio/index.js';
import { manifestSha256, recordExport } from '../run-output/exports-record.js';
import { checkRunOutput, clipSamples, readManifest } from '../run-output/read.js';
import { recordedChannel } from '../run-output/run-record.js';
import { sourceFile } from '../run-output/safe-path.js';
import { ClipConverter, mixedFormatWarning } from './clip-audio.js';
import type { AudioTarget } from './clip-audio.js';
import { CommitWindow, IN_FLIGHT } from './commit-window.js';
import { AudioPlacer, LineWriter } from './files.js';
import { FORMATS } from './format-writers.js';
import { resolveExportOptions } from './options.js';
import type { ExportFormat, ExportOptions, ResolvedExportOptions } from './options.js';
import { sampleId, speakerId } from './sample.js';
import type { WriterContext } from './sample.js';
import { splitShareWarning, splitsCsv } from './split-report.js';
import { assignSplits, SPLIT_NAMES } from './splits.js';
import type { SplitName } from './splits.js';
import { dropReasons, rowGroup, survey } from './survey.js';
import { exportTempPath, replaceDir, sweepExportTemps } from './temp-folders.js';

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
  const inFlight = new CommitWindow(IN_FLIGHT);
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
      const name = rowGroup(row, o);
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


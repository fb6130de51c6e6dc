/**
 * Options of `exportDataset` and their validation. Every refusal is an `E_CONFIG` DictclipError
 * naming the option, the bad value and the fix (exit 2 on the command line), raised before
 * anything is read or written.
 */
import path from 'node:path';
import { canonicalChannel, MAX_CHANNEL } from '../audio/index.js';
import { DictclipError } from '../errors.js';
import { CLIPS_DIR } from '../run-output/layout.js';
import { isInside } from '../run-output/safe-path.js';
import { defaultExportsDir } from '../run-output/exports-record.js';
import { CLIP_FLAGS } from '../markers/index.js';
import type { ClipFilters, ClipFlag } from '../markers/index.js';
import type { GroupBy, SplitName, SplitSpec } from './splits.js';
import { SPLIT_ALIASES, SPLIT_NAMES } from './splits.js';

/** The dataset layouts `exportDataset` writes. */
export const EXPORT_FORMATS = ['hf', 'nemo', 'ljspeech', 'kaldi', 'lhotse', 'webdataset'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What a library user passes to `exportDataset`; everything but `runDir` and `format` is optional. */
export interface ExportOptions extends ClipFilters {
  /** A finished run's output folder (holds manifest.csv, summary.json, clips/, markers/). */
  readonly runDir: string;
  readonly format: ExportFormat;
  /** Target folder, replaced whole. @default `<runDir>/exports/<format>` */
  readonly to?: string | undefined;
  /** Split proportions in percent, summing to 100, e.g. `train=80,dev=10,test=10`. @default 'train=100' */
  readonly split?: string | readonly SplitSpec[] | undefined;
  /** Seed of the split assignment. @default 0 */
  readonly seed?: number | undefined;
  /**
   * What a group is: `source` (a recording), `dir` (its folder) or a regex with one capture group over the source path. @default 'source'
   */
  readonly groupBy?: string | undefined;
  /** WebDataset: samples per tar shard. @default 1000 */
  readonly shardSize?: number | undefined;
  /** Leave out clips with a flag of doubt (any but `verified`). @default false */
  readonly excludeFlagged?: boolean | undefined;
  /** Keep only clips whose every word a person checked in dictclip review (flag `verified`). @default false */
  readonly onlyVerified?: boolean | undefined;
  /** Leave out clips carrying any of these flags (tokens of CLIP_FLAGS, e.g. `low-confidence`), each on its own. @default [] */
  readonly excludeFlags?: readonly string[] | undefined;
  /** Leave out clips whose `confidence` is below this (0–1), or unknown (a run made before the column existed). @default no limit */
  readonly minConfidence?: number | undefined;
  /** Kaldi: folder of the source recordings (wav.scp pipes decode them). @default the run's `inputDir` from summary.json */
  readonly inputDir?: string | undefined;
  /**
   * Convert every clip to this sample rate, Hz (ffmpeg's resampler; exactly the frames of the clip's
   * whole-ms span at that rate); Kaldi's wav.scp pipes decode to it. @default each clip keeps its own (Kaldi: 16000)
   */
  readonly sampleRate?: number | undefined;
  /** Convert every clip to this many channels (ffmpeg's mix, or `channel`). @default each clip keeps its own (Kaldi: 1) */
  readonly channels?: number | undefined;
  /**
   * With `channels` 1 (Kaldi: by default): which channel of a several-channel clip (Kaldi: source
   * recording) becomes the mono audio: `mix` (ffmpeg's downmix: stereo averages the two), `left`,
   * `right` or a 1-based channel number (kept sample for sample). Clips already mono are kept as
   * they are. A clip without that channel refuses the export (E_CHANNEL) before anything is written.
   * @default the run's own `channel` (run.json), else 'mix'
   */
  readonly channel?: string | undefined;
  /** The ffmpeg binary for conversions (a bare name is looked up on PATH). @default ffmpeg-static, then `ffmpeg` on PATH */
  readonly ffmpegPath?: string | undefined;
}

/** Options after validation, with defaults applied and paths absolute. */
export interface ResolvedExportOptions extends ClipFilters {
  runDir: string;
  format: ExportFormat;
  to: string;
  splits: SplitSpec[];
  seed: number;
  groupBy: GroupBy;
  shardSize: number;
  excludeFlagged: boolean;
  onlyVerified: boolean;
  excludeFlags: ClipFlag[];
  minConfidence: number | undefined;
  inputDir: string | undefined;
  sampleRate: number | undefined;
  channels: number | undefined;
  /** The channel choice (canonical: mix, left, right, 3…) when mixing down to one channel; undefined: the run's, else the mix. */
  channel: string | undefined;
  ffmpegPath: string | undefined;
}

/** The sample rates a conversion may target, Hz. */
export const SAMPLE_RATE_RANGE = { min: 1000, max: 384_000 } as const;
/** The channel counts a conversion may target. */
export const CHANNELS_RANGE = { min: 1, max: 8 } as const;

function refuse(key: string, message: string): DictclipError {
  return new DictclipError('E_CONFIG', message, { key });
}

/**
 * `train=80,dev=10,test=10` → split specs; names from {@link SPLIT_NAMES} or {@link SPLIT_ALIASES} (`validation` = dev), integer percents
 * summing to 100.
 */
export function parseSplitSpec(text: string): SplitSpec[] {
  const specs: SplitSpec[] = [];
  for (const part of text.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    const match = /^([^=\s]+)\s*=\s*(\d+)$/.exec(part);
    if (match === null) {
      throw refuse('split', `--split: "${part}" is not <name>=<percent>. Fix: write e.g. --split train=80,dev=10,test=10.`);
    }
    const name = match[1] ?? '';
    specs.push({ name: SPLIT_ALIASES[name.toLowerCase()] ?? (name as SplitName), percent: Number(match[2]) });
  }
  return checkSplits(specs);
}

function checkSplits(specs: readonly SplitSpec[]): SplitSpec[] {
  const seen = new Set<string>();
  for (const { name, percent } of specs) {
    if (!(SPLIT_NAMES as readonly string[]).includes(name)) {
      throw refuse('split', `--split: unknown split name "${name}"; the split names are ${SPLIT_NAMES.join(', ')} (validation is dev). Fix: rename it.`);
    }
    if (seen.has(name)) throw refuse('split', `--split: "${name}" is given twice (validation is dev). Fix: name each split once.`);
    if (!Number.isInteger(percent) || percent < 0) throw refuse('split', `--split: ${name}=${percent} is not a whole percent.`);
    seen.add(name);
  }
  const sum = specs.reduce((total, s) => total + s.percent, 0);
  if (sum !== 100) {
    const shown = specs.map((s) => `${s.name}=${s.percent}`).join(',') || '(nothing)';
    throw refuse('split', `--split: the proportions ${shown} sum to ${sum}, not 100. Fix: make them add up to 100.`);
  }
  return specs.map((s) => ({ ...s }));
}

/** Flag names to leave out, each a token of CLIP_FLAGS (refused otherwise); repeats dropped. */
function parseExcludeFlags(names: readonly string[]): ClipFlag[] {
  const flags = [...new Set(names.flatMap((n) => n.split(',')).map((n) => n.trim()).filter((n) => n !== ''))];
  for (const flag of flags) {
    if (!(CLIP_FLAGS as readonly string[]).includes(flag)) {
      throw refuse('excludeFlags', `--exclude-flags: unknown flag "${flag}"; the flags are ${CLIP_FLAGS.join(', ')}. Fix: name flags from that list, comma-separated.`);
    }
  }
  return flags as ClipFlag[];
}

/** `source`, `dir`, or a regex with at least one capture group (the first one names the group). */
export function parseGroupBy(text: string): GroupBy {
  if (text === 'source' || text === 'dir') return { kind: text };
  let regex: RegExp;
  try {
    regex = new RegExp(text, 'u');
  } catch (error) {
    throw new DictclipError('E_CONFIG', `--group-by: ${JSON.stringify(text)} is not a valid regular expression (${(error as Error).message}). Fix: pass source, dir, or a regex with one capture group.`, { key: 'groupBy', cause: error });
  }
  // A regex that matches the empty string shows its number of capture groups.
  const groups = new RegExp(`${regex.source}|`, 'u').exec('')?.length ?? 1;
  if (groups < 2) {
    throw refuse('groupBy', `--group-by: ${JSON.stringify(text)} has no capture group. Fix: put the part that names the group in parentheses, e.g. "^([^/]+)/".`);
  }
  return { kind: 'regex', regex };
}

/** Check the options and apply defaults (no file is read). */
export function resolveExportOptions(options: ExportOptions): ResolvedExportOptions {
  const format = options.format as string;
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw refuse('format', `--format: unknown format "${format}"; the formats are ${EXPORT_FORMATS.join(', ')}.`);
  }
  const runDir = path.resolve(options.runDir);
  const to = path.resolve(options.to ?? path.join(defaultExportsDir(runDir), format));
  const clips = path.join(runDir, CLIPS_DIR);
  if (to === clips || isInside(clips, to)) {
    throw refuse('to', `--to: ${to} is inside the run's clips folder ${clips}. Fix: choose a folder outside clips/ (default: <run>/exports/<format>).`);
  }
  if (to === runDir || isInside(to, runDir)) {
    throw refuse('to', `--to: ${to} would replace the run output ${runDir} itself. Fix: choose a folder that does not contain the run.`);
  }
  const split = options.split ?? 'train=100';
  const splits = typeof split === 'string' ? parseSplitSpec(split) : checkSplits(split);
  const seed = options.seed ?? 0;
  if (!Number.isSafeInteger(seed)) throw refuse('seed', `--seed: ${seed} is not a whole number.`);
  const shardSize = options.shardSize ?? 1000;
  if (!Number.isSafeInteger(shardSize) || shardSize < 1) throw refuse('shardSize', `--shard-size: ${shardSize} is not a whole number of at least 1.`);
  const { sampleRate, channels } = options;
  if (
    sampleRate !== undefined &&
    (!Number.isSafeInteger(sampleRate) || sampleRate < SAMPLE_RATE_RANGE.min || sampleRate > SAMPLE_RATE_RANGE.max)
  ) {
    throw refuse(
      'sampleRate',
      `--sample-rate: ${sampleRate} is not a whole number of Hz from ${SAMPLE_RATE_RANGE.min} to ${SAMPLE_RATE_RANGE.max}. Fix: e.g. --sample-rate 16000.`,
    );
  }
  if (channels !== undefined && (!Number.isSafeInteger(channels) || channels < CHANNELS_RANGE.min || channels > CHANNELS_RANGE.max)) {
    throw refuse('channels', `--channels: ${channels} is not a whole number from ${CHANNELS_RANGE.min} to ${CHANNELS_RANGE.max}. Fix: e.g. --channels 1.`);
  }
  const channel = options.channel === undefined ? undefined : canonicalChannel(options.channel);
  if (options.channel !== undefined && channel === undefined) {
    throw refuse('channel', `--channel: ${JSON.stringify(options.channel)} is not mix, left, right or a channel number from 1 to ${MAX_CHANNEL}. Fix: e.g. --channel left.`);
  }
  if (channel !== undefined && channel !== 'mix' && (channels ?? (format === 'kaldi' ? 1 : undefined)) !== 1) {
    throw refuse(
      'channel',
      `--channel ${channel} picks the channel kept when clips are mixed down to one, and this export ${channels === undefined ? "keeps each clip's own channels" : `converts to ${channels} channels`}. Fix: add --channels 1.`,
    );
  }
  const { minConfidence } = options;
  if (minConfidence !== undefined && !(Number.isFinite(minConfidence) && minConfidence >= 0 && minConfidence <= 1)) {
    throw refuse('minConfidence', `--min-confidence: ${minConfidence} is not a number from 0 to 1. Fix: e.g. --min-confidence 0.5.`);
  }
  return {
    runDir, format: format as ExportFormat, to, splits, seed, groupBy: parseGroupBy(options.groupBy ?? 'source'), shardSize,
    excludeFlagged: options.excludeFlagged ?? false, excludeFlags: parseExcludeFlags(options.excludeFlags ?? []), minConfidence,
    onlyVerified: options.onlyVerified ?? false,
    inputDir: options.inputDir === undefined ? undefined : path.resolve(options.inputDir),
    sampleRate, channels, channel, ffmpegPath: options.ffmpegPath,
    minDurationMs: options.minDurationMs, maxDurationMs: options.maxDurationMs,
    minCharsPerSecond: options.minCharsPerSecond, maxCharsPerSecond: options.maxCharsPerSecond,
  };
}

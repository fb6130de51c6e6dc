/**
 * The flags of `dictclip export`, one row each, in the shape of the run key table
 * (src/config/keys.ts): the parser's option list and the help's Options section both come from
 * these rows, so a new export flag is one row here plus reading its value in export.ts. The clip
 * filters are the run's own keys (same spec, same check).
 */
import { keySpec, kebab, type KeySpec } from '../../config/keys.js';
import { EXPORT_FORMATS } from '../../dataset/index.js';
import { CHANNELS_RANGE, SAMPLE_RATE_RANGE } from '../../dataset/options.js';
import type { OptionSpecs } from '../args.js';
import { flagEntry, keyEntry } from '../run-help.js';

/** A row of the export table: the run key table's fields that a flag and its help need. */
export type ExportKeySpec = Pick<KeySpec<string>, 'key' | 'type' | 'default' | 'defaultText' | 'flag' | 'placeholder' | 'description' | 'short'>;

/** The run's clip filter keys, taken by export as they are. */
export const FILTER_KEYS = ['minDurationMs', 'maxDurationMs', 'minCharsPerSecond', 'maxCharsPerSecond'] as const;

type Row = Omit<ExportKeySpec, 'flag'>;

const ROWS: readonly Row[] = [
  { key: 'format', type: { kind: 'set', values: EXPORT_FORMATS }, default: undefined, defaultText: 'none', placeholder: '<f>[,<f>…]|all',
    description: 'Formats to write, comma-separated (required).' },
  { key: 'to', type: { kind: 'path' }, default: undefined, defaultText: '<run-out-dir>/exports/<format>', placeholder: '<dir>',
    description: 'Target folder; with several formats <dir>/<format>.' },
  { key: 'split', type: { kind: 'string' }, default: 'train=100', placeholder: '<name=pct,…>',
    description: 'Splits train, dev (or validation), test summing to 100.' },
  { key: 'seed', type: { kind: 'string' }, default: 0, placeholder: '<n>',
    description: 'Seed of the split assignment (a whole number).' },
  { key: 'groupBy', type: { kind: 'string', format: 'regex' }, default: 'source', placeholder: '<how>',
    description: 'source | dir | a regex over the source path with one capture group; a group never spans two splits.' },
  { key: 'shardSize', type: { kind: 'int', min: 1 }, default: 1000, placeholder: '<n>',
    description: 'webdataset: samples per tar.' },
  { key: 'excludeFlagged', type: { kind: 'bool' }, default: false,
    description: 'Leave out clips with a flag of doubt (any flag but verified).' },
  { key: 'onlyVerified', type: { kind: 'bool' }, default: false,
    description: 'Keep only clips whose every word a person checked in dictclip review (flag verified).' },
  { key: 'excludeFlags', type: { kind: 'list' }, default: undefined, defaultText: 'none', placeholder: '<f>[,<f>…]',
    description: 'Leave out clips carrying any of these flags, e.g. low-confidence,unaligned,cut-edge (repeatable).' },
  { key: 'minConfidence', type: { kind: 'number', min: 0, max: 1 }, default: undefined, defaultText: 'no limit', placeholder: '<p>',
    description: 'Leave out clips whose confidence is below this, or unknown.' },
  ...FILTER_KEYS.map((key): Row => {
    const { type, default: value, defaultText, placeholder, description } = keySpec(key);
    const optional = { ...(defaultText === undefined ? {} : { defaultText }), ...(placeholder === undefined ? {} : { placeholder }) };
    return { key, type, default: value, description, ...optional };
  }),
  { key: 'inputDir', type: { kind: 'path' }, default: undefined, defaultText: 'inputDir in summary.json', placeholder: '<dir>',
    description: "kaldi: the run's input folder." },
  { key: 'sampleRate', type: { kind: 'int', ...SAMPLE_RATE_RANGE }, default: undefined, defaultText: "each clip's own; kaldi 16000", placeholder: '<hz>',
    description: "Convert every clip to this rate (ffmpeg); kaldi's wav.scp decodes to it." },
  { key: 'channels', type: { kind: 'int', ...CHANNELS_RANGE }, default: undefined, defaultText: "each clip's own; kaldi 1", placeholder: '<n>',
    description: 'Convert every clip to this many channels (2 → 1 averages).' },
  { key: 'channel', type: { kind: 'string', format: 'channel' }, default: undefined, defaultText: "the run's --channel, else mix", placeholder: '<c>',
    description: 'With --channels 1: mix (average), left, right or a channel number (1-based) kept as the mono audio of clips with several channels.' },
  { key: 'ffmpegPath', type: { kind: 'path', command: true }, default: undefined, placeholder: '<file>',
    defaultText: 'DICTCLIP_FFMPEG_PATH, FFMPEG_PATH, ffmpeg-static, ffmpeg on PATH',
    description: 'ffmpeg of conversions.' },
];

/** Every flag of `dictclip export`, in help order. */
export const EXPORT_KEYS: readonly ExportKeySpec[] = ROWS.map((row) => ({ ...row, flag: kebab(row.key) }));

/** The parseArgs option list of `dictclip export`. */
export const EXPORT_OPTIONS: OptionSpecs = {
  ...Object.fromEntries(
    EXPORT_KEYS.map((spec) => [
      spec.flag,
      spec.type.kind === 'bool' ? { type: 'boolean' as const } : { type: 'string' as const, ...(spec.type.kind === 'list' ? { multiple: true } : {}) },
    ]),
  ),
  help: { type: 'boolean', short: 'h' },
};

/** The Options section of `dictclip export --help`. */
export function exportOptionsHelp(width: number): string {
  return ['Options:', ...EXPORT_KEYS.map((spec) => keyEntry(spec, width, { negatable: false })), flagEntry('-h, --help', 'Show this help.', width)].join('\n');
}

/**
 * The options of `dictclip run --help`, generated from the key table (src/config/keys.ts): one
 * section per key group, each flag with its range or choices, its real default and its
 * environment variables, wrapped to the terminal width (80 when piped, never over 100).
 */
import { KEY_GROUPS, KEYS, type KeyGroup, type KeySpec } from '../config/keys.js';
import { defaultLabel } from '../config/schema.js';
import { wrap } from './wrap.js';

/** Width of the flag column, indent included. */
const LEFT = 30;
/** Help is never wider than this, whatever the terminal. */
export const MAX_HELP_WIDTH = 100;

/** The width help is wrapped to: the terminal's columns (80 when unknown), at most 100, at least 60. */
export function helpWidth(columns: number | undefined): number {
  return Math.max(60, Math.min(MAX_HELP_WIDTH, columns ?? 80));
}

/** One flag: its names on the left, the text wrapped in the right column. */
export function flagEntry(left: string, text: string, width: number): string {
  const names = `  ${left}`;
  const indent = ' '.repeat(LEFT);
  if (names.length >= LEFT - 1) return [names, ...wrap(text, width, indent)].join('\n');
  return wrap(text, width, names.padEnd(LEFT), indent).join('\n');
}

/** The fields of a key table row its help entry shows (the run table's and the export table's). */
type HelpSpec = Pick<KeySpec<string>, 'type' | 'default' | 'defaultText' | 'flag' | 'placeholder' | 'description' | 'short'> & {
  env?: readonly string[];
};

function allowed(spec: HelpSpec): string {
  const type = spec.type;
  if (type.kind === 'enum') return ` One of: ${type.values.join(', ')}.`;
  if (type.kind === 'set') return ` Some of: ${type.values.join(', ')}, or all.`;
  if (type.kind === 'number') return ` Range ${type.min}–${type.max}.`;
  if (type.kind === 'int') return type.max === undefined ? ` At least ${type.min}.` : ` Range ${type.min}–${type.max}.`;
  return '';
}

/**
 * One key's help entry: flag, description, range or choices, default, and the environment variables
 * when it has any; `negatable: false` for a command whose switches have no `--no-` form.
 */
export function keyEntry(spec: HelpSpec, width: number, { negatable = true } = {}): string {
  const value = spec.type.kind === 'bool' ? '' : ` ${spec.placeholder ?? '<value>'}`;
  const left = `${spec.short === undefined ? '    ' : `-${spec.short}, `}--${spec.flag}${value}`;
  const off = spec.type.kind === 'bool' && negatable ? ` (--no-${spec.flag} turns it off)` : '';
  const env = spec.env === undefined || spec.env.length === 0 ? '' : ` Env: ${spec.env.join(', ')}.`;
  const text = `${spec.description}${allowed(spec)} Default: ${defaultLabel(spec)}${off}.${env}`;
  return flagEntry(left, text, width);
}

/** Extra rows of a group that are not configuration keys (`--out`, `--config`). */
const EXTRA: Partial<Record<KeyGroup, [string, string][]>> = {
  output: [
    ['-o, --out <dir>', 'Output folder (required); must not be the input folder.'],
    ['    --config <file>', 'Config file. Default: ./pipeline.config.json when present.'],
  ],
};

/** The grouped option sections of `run --help`. */
export function runOptionSections(width: number): string {
  return KEY_GROUPS.map(({ group, title }) => {
    const extra = (EXTRA[group] ?? []).map(([left, text]) => flagEntry(left, text, width));
    const keys = KEYS.filter((spec) => spec.group === group).map((spec) => keyEntry(spec, width));
    return [`${title}:`, ...extra, ...keys].join('\n');
  }).join('\n\n');
}

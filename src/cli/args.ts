/** Strict `node:util` parseArgs with E_USAGE errors that name the command and suggest a flag. */
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closest, editDistance } from '../config/suggest.js';
import { isDictclipError } from '../errors.js';
import { usageError } from './io.js';

export type OptionSpecs = NonNullable<ParseArgsConfig['options']>;

export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** Parse `args` of `dictclip <command>`; unknown options get a "did you mean" hint. */
export function parseCommandArgs(command: string, args: string[], options: OptionSpecs): Parsed {
  try {
    const parsed = parseArgs({ args: joinNegativeValues(args, options), options, strict: true, allowPositionals: true });
    return { values: parsed.values as Parsed['values'], positionals: parsed.positionals };
  } catch (error) {
    if (isDictclipError(error)) throw error;
    const code = (error as { code?: unknown }).code;
    const message = error instanceof Error ? error.message : String(error);
    const unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown !== undefined) {
      const name = unknown.replace(/^-+/, '');
      const guess = closest(name, Object.keys(options));
      const near = guess !== undefined && editDistance(name, guess) <= Math.max(2, Math.floor(name.length / 3));
      const hint = near ? ` (did you mean --${guess}?)` : '';
      throw usageError(`unknown option ${unknown} for "dictclip ${command}"${hint}`);
    }
    const missing = /^Option '(?:-\w, )?(-[^' ]+)[^']*' argument missing/.exec(message)?.[1];
    if (missing !== undefined) throw usageError(`dictclip ${command}: ${missing} needs a value (${missing} <value>)`);
    const short = message.split('. To specify')[0] ?? message;
    throw usageError(`dictclip ${command}: ${short.replace(/\.$/, '')}`);
  }
}

/**
 * `--flag -1` → `--flag=-1` for a string option followed by a negative number, so the value
 * reaches the configuration check (which names the allowed range) instead of parseArgs taking
 * `-1` for an option.
 */
function joinNegativeValues(args: readonly string[], options: OptionSpecs): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const next = args[i + 1];
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : undefined;
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-\d+(\.\d+)?$/.test(next)) {
      out.push(`${arg}=${next}`);
      i += 1;
    } else {
      out.push(arg);
    }
  }
  return out;
}

/** The value of a string option (parseArgs types it as string | boolean | undefined). */
export function stringValue(values: Parsed['values'], name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The ffmpeg binary a command was given: `--ffmpeg-path`, else DICTCLIP_FFMPEG_PATH, else FFMPEG_PATH;
 * a value with a slash is a path from `cwd`, a bare name is looked up on PATH later.
 */
export function ffmpegPathFlag(values: Parsed['values'], env: Readonly<Record<string, string | undefined>>, cwd: string): string | undefined {
  const given = stringValue(values, 'ffmpeg-path') ?? (env['DICTCLIP_FFMPEG_PATH'] || env['FFMPEG_PATH'] || undefined);
  return given === undefined ? undefined : /[\\/]/.test(given) ? resolve(cwd, given) : given;
}

/** A required string option. */
export function requiredString(values: Parsed['values'], name: string, command: string): string {
  const value = stringValue(values, name);
  if (value === undefined || value === '') throw usageError(`dictclip ${command}: --${name} <value> is required`);
  return value;
}

/** Exactly `count` positional arguments. */
export function expectPositionals(positionals: string[], names: string[], command: string): string[] {
  if (positionals.length !== names.length) {
    const got = positionals.length === 0 ? 'none' : positionals.map((p) => JSON.stringify(p)).join(' ');
    throw usageError(`dictclip ${command}: expected ${names.map((n) => `<${n}>`).join(' ')}, got ${got}`);
  }
  return positionals;
}

/** An integer flag within a range, or undefined when absent. @throws E_USAGE */
export function intFlag(values: Parsed['values'], name: string, min: number, max: number): number | undefined {
  const raw = stringValue(values, name);
  if (raw === undefined) return undefined;
  const n = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw usageError(`--${name}: "${raw}" is not an integer from ${min} to ${max}. Fix: pass --${name} a whole number from ${min} to ${max}.`);
  }
  return n;
}

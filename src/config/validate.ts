/**
 * Validation of one configuration value from one source. Every message names the source (config
 * file, environment variable or flag), the key, the bad value and the fix.
 */
import { isAbsolute, resolve } from 'node:path';
import { canonicalChannel, MAX_CHANNEL } from '../channel-choice.js';
import { DictclipError, redactUrl } from '../errors.js';
import type { KeySpec } from './keys.js';
import { patternProblem, splitPatterns } from '../input-patterns.js';

/** Where a value came from; paths resolve against `dir`. */
export type Source =
  | { kind: 'file'; label: string; dir: string }
  | { kind: 'env'; name: string; dir: string }
  | { kind: 'flag'; flag: string; dir: string }
  /** A library caller's option object (typed values, as in the config file). */
  | { kind: 'option'; dir: string };

export type ConfigValue = string | number | boolean | string[];

/** `pipeline.config.json`, `environment variable DICTCLIP_MODE`, `--mode`. */
export function describeSource(source: Source): string {
  if (source.kind === 'file') return source.label;
  if (source.kind === 'env') return `environment variable ${source.name}`;
  if (source.kind === 'option') return 'runPipeline options';
  return `--${source.flag}`;
}

/** The start of a fix: `set "mode" to`, `set DICTCLIP_MODE to`, `pass --mode`. */
function fixVerb(spec: KeySpec, source: Source): string {
  if (source.kind === 'file') return `set "${spec.key}" to`;
  if (source.kind === 'env') return `set ${source.name} to`;
  if (source.kind === 'option') return `set the option "${spec.key}" to`;
  return `pass --${source.flag}`;
}

/** File and option values carry their own JSON type; environment and flag values are text. */
function typed(source: Source): boolean {
  return source.kind === 'file' || source.kind === 'option';
}

function showValue(raw: unknown, source: Source): string {
  return typed(source) ? JSON.stringify(raw) ?? String(raw) : JSON.stringify(String(raw));
}

/** `"a" or "b"`, `"a", "b" or "c"`. */
export function orList(values: readonly string[]): string {
  const quoted = values.map((v) => `"${v}"`);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1) ?? ''}`;
}

/** Build the E_CONFIG error for a bad value. */
export function badValue(spec: KeySpec, raw: unknown, source: Source, expected: string, suggestion: string, shown?: string): DictclipError {
  const value = shown ?? showValue(raw, source);
  return new DictclipError(
    'E_CONFIG',
    `${describeSource(source)}: "${spec.key}" is ${value}; expected ${expected}. Fix: ${fixVerb(spec, source)} ${suggestion}.`,
    { key: spec.key },
  );
}

function intRange(spec: KeySpec & { type: { kind: 'int' } }): string {
  const { min, max } = spec.type;
  return max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
}

const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

/**
 * Check and convert one raw value. File values must have their JSON type; environment and flag
 * values are strings (flags of boolean keys are booleans). Paths come back absolute.
 */
export function parseValue(spec: KeySpec, raw: unknown, source: Source): ConfigValue {
  if (spec.type.kind === 'list') return parseList(spec, raw, source);
  if (spec.type.kind === 'set') return parseSet({ ...spec, type: spec.type }, raw, source);
  const text = typed(source) ? raw : typeof raw === 'boolean' ? raw : String(raw).trim();
  const type = spec.type;
  switch (type.kind) {
    case 'int': {
      const fromText = !typed(source) && typeof text === 'string' && /^[+-]?\d+$/.test(text);
      const n = typeof text === 'number' ? text : fromText ? Number(text) : NaN;
      const inRange = Number.isSafeInteger(n) && n >= type.min && (type.max === undefined || n <= type.max);
      if (!inRange) {
        const range = intRange({ ...spec, type });
        throw badValue(spec, raw, source, `an integer ${range}`, `a whole number ${range}`);
      }
      return n;
    }
    case 'number': {
      const fromText = !typed(source) && typeof text === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text);
      const n = typeof text === 'number' ? text : fromText ? Number(text) : NaN;
      if (!(Number.isFinite(n) && n >= type.min && n <= type.max)) {
        throw badValue(spec, raw, source, `a number from ${type.min} to ${type.max}`, `a number from ${type.min} to ${type.max}`);
      }
      return n;
    }
    case 'bool': {
      if (typeof text === 'boolean') return text;
      if (!typed(source) && typeof text === 'string') {
        if (TRUE.has(text.toLowerCase())) return true;
        if (FALSE.has(text.toLowerCase())) return false;
      }
      throw badValue(spec, raw, source, 'true or false', source.kind === 'env' ? '"true" or "false"' : 'true or false');
    }
    case 'enum': {
      if (typeof text === 'string' && type.values.includes(text)) return text;
      throw badValue(spec, raw, source, `one of ${type.values.join(', ')}`, orList(type.values));
    }
    case 'path': {
      if (typeof text !== 'string' || text === '') throw badValue(spec, raw, source, 'a non-empty path', 'a file or folder path');
      if (type.command === true && !/[\\/]/.test(text)) return text;
      return isAbsolute(text) ? text : resolve(source.dir, text);
    }
    case 'string': {
      if (typeof text !== 'string' || text === '') throw badValue(spec, raw, source, 'a non-empty string', 'a non-empty string');
      if (type.format === 'url') return checkUrl(spec, text, raw, source);
      if (type.format === 'filename' && (/[\\/\0]/.test(text) || text === '.' || text === '..' || text.startsWith('.'))) {
        throw badValue(spec, raw, source, 'a plain file name (no folder, not starting with a dot)', 'a name such as "reel"');
      }
      if (type.format === 'shard') return checkShard(spec, text, raw, source);
      if (type.format === 'channel') {
        const channel = canonicalChannel(text);
        if (channel === undefined) throw badValue(spec, raw, source, `mix, left, right or a channel number from 1 to ${MAX_CHANNEL}`, '"left" or "2"');
        return channel;
      }
      if (type.format === 'regex') {
        try {
          new RegExp(text, 'i');
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw badValue(spec, raw, source, `a valid regular expression (${reason})`, 'a valid JavaScript regular expression such as "^(yes|no)$"');
        }
      }
      return text;
    }
  }
}

/** `K/N` with 0 ≤ K < N ≤ 100000, or `auto/N` (K from the batch engine, resolved by the CLI). */
function checkShard(spec: KeySpec, text: string, raw: unknown, source: Source): string {
  const match = /^(auto|\d+)\/(\d+)$/.exec(text);
  const count = Number(match?.[2]);
  const index = match?.[1] === 'auto' ? 0 : Number(match?.[1]);
  if (match === null || !(count >= 1 && count <= 100_000) || !(index < count)) {
    throw badValue(spec, raw, source, 'K/N with 0 ≤ K < N ≤ 100000, or auto/N', '"0/4" (the first of 4 shards) or "auto/4"');
  }
  return `${match[1] === 'auto' ? 'auto' : index}/${count}`;
}

function checkUrl(spec: KeySpec, text: string, raw: unknown, source: Source): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  const example = 'an http(s) URL such as "https://dictation.example.com"';
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw badValue(spec, raw, source, 'an http:// or https:// URL', example, JSON.stringify(text.includes('@') ? redactUrl(text) : text));
  }
  if (url.username !== '' || url.password !== '') {
    throw new DictclipError(
      'E_CONFIG',
      `${describeSource(source)}: "${spec.key}" is ${JSON.stringify(redactUrl(text))} with credentials in it; credentials never go in the URL. ` +
        `Fix: remove them from the URL and ${source.kind === 'option' ? 'pass the credentials option' : 'set DICTCLIP_USERNAME with DICTCLIP_PASSWORD or DICTCLIP_API_KEY in the environment'}.`,
      { key: spec.key },
    );
  }
  return text.replace(/\/+$/, '');
}

/**
 * A set value: names of `values` (repeats dropped, `all` for every one), given comma-separated
 * (`vtt,srt`) in a flag or the environment, or as an array of names (or that one string) in a file
 * or a library option. Comes back in the table's order.
 */
function parseSet(spec: KeySpec & { type: { kind: 'set' } }, raw: unknown, source: Source): string[] {
  const allowed = spec.type.values;
  const expected = `names from ${allowed.join(', ')} (comma-separated), or all`;
  const example = typed(source) ? `${JSON.stringify(allowed)} or ["all"]` : `"${allowed.join(',')}" or "all"`;
  const items: unknown[] = Array.isArray(raw) ? raw : typed(source) && typeof raw !== 'string' ? [raw] : String(raw).split(',');
  const names = new Set<string>();
  for (const item of items) {
    const name = typeof item === 'string' ? item.trim() : undefined;
    if (name === 'all') allowed.forEach((value) => names.add(value));
    else if (name !== undefined && allowed.includes(name)) names.add(name);
    else if (name !== '' || Array.isArray(raw)) throw badValue(spec, item, source, expected, example);
  }
  if (names.size === 0) throw badValue(spec, raw, source, expected, example);
  return allowed.filter((value) => names.has(value));
}

/**
 * A list value: a JSON array of strings in the file, a repeated flag, and in the environment a
 * JSON array or one value. Every entry needs a letter or a digit (an empty, blank or
 * punctuation-only entry is an error).
 */
function parseList(spec: KeySpec, raw: unknown, source: Source): string[] {
  let values: unknown = raw;
  if (source.kind === 'env' && typeof raw === 'string' && raw.trim().startsWith('[')) {
    try {
      values = JSON.parse(raw);
    } catch {
      throw badValue(spec, raw, source, 'a JSON array of strings or a single value', '["first phrase", "second phrase"]');
    }
  }
  if (source.kind === 'file' && !Array.isArray(values)) {
    throw badValue(spec, raw, source, 'an array of strings', '["first phrase", "second phrase"]');
  }
  const list: unknown[] = Array.isArray(values) ? values : [values];
  if (spec.type.kind === 'list' && spec.type.format === 'glob') return parseGlobs(spec, list, source);
  for (const item of list) {
    if (typeof item !== 'string' || !/[\p{L}\p{N}]/u.test(item)) {
      throw badValue(spec, item, source, 'a phrase with at least one word (not empty, blank or only punctuation)', 'a phrase such as "follow up"');
    }
  }
  return list.map((item) => String(item).trim());
}

/** A list of glob patterns: every entry a string, comma lists split (src/input-patterns.ts), each pattern usable. */
function parseGlobs(spec: KeySpec, list: readonly unknown[], source: Source): string[] {
  const out: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') throw badValue(spec, item, source, 'a glob pattern', 'a pattern such as "**/*.wav"');
    for (const pattern of splitPatterns(item)) {
      const problem = patternProblem(pattern);
      if (problem !== undefined) {
        throw badValue(spec, item, source, `glob patterns relative to the input folder, not ${problem}`, 'patterns such as "**/*.wav" or "drafts/**"');
      }
      out.push(pattern);
    }
  }
  return out;
}

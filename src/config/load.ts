/**
 * The one configuration loader: defaults ← config file ← environment ← flags, each value validated
 * with a message naming its source, key, value and fix. Secrets never come from the config file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { DictclipError } from '../errors.js';
import type { CliOnlyOptions, ResolvedRunOptions } from './options.js';
import { KEYS, defaultValues, isConfigKey, keySpec, type ConfigKey } from './keys.js';
import { closest } from './suggest.js';
import { describeSource, parseValue, type ConfigValue, type Source } from './validate.js';

/** Name of the config file read from the working directory. */
export const CONFIG_FILE_NAME = 'pipeline.config.json';

export interface LoadOptions {
  /** Flag values by flag name without `--` (`pad-ms`, `no-dry-run` …), as `parseArgs` returns them. */
  flags: Readonly<Record<string, string | boolean | string[] | undefined>>;
  /** Environment variables. */
  env: Readonly<Record<string, string | undefined>>;
  /** Working directory: flag and environment paths resolve against it. */
  cwd: string;
  /** Explicit config file (`--config`); it must exist. @default `<cwd>/pipeline.config.json` when present */
  configPath?: string | undefined;
  inputDir: string;
  outDir: string;
}

interface Entry { value: ConfigValue; source: Source }
type Layer = Map<ConfigKey, Entry>;

const SECRET_KEY = /^(user(name)?|login|credentials?|auth(orization)?|bearer)$|pass(word|wd)?$|secret|token|api[-_]?key/i;

/** The options of one run as the CLI loads them: every key resolved, the CLI's own too; credentials are added apart. */
export type LoadedRunOptions = Omit<ResolvedRunOptions, 'credentials'> & CliOnlyOptions;

/** Load, merge and validate the options of one run. Throws E_CONFIG (or E_USAGE for unknown flags). */
export function loadRunOptions(options: LoadOptions): LoadedRunOptions {
  const cwd = resolve(options.cwd);
  const outDir = resolve(cwd, options.outDir);
  const layers = [fileLayer(options.configPath, cwd), envLayer(options.env, cwd), flagLayer(options.flags, cwd)];
  const merged: Layer = new Map();
  for (const layer of layers) {
    checkOverlap(layer);
    applyLayer(merged, layer);
  }
  checkPolling(merged);
  const values: Record<string, unknown> = { ...defaultValues(outDir) };
  for (const [key, entry] of merged) values[key] = entry.value;
  return { ...values, inputDir: resolve(cwd, options.inputDir), outDir } as LoadedRunOptions;
}

/** The keys `padMs` sets; a source that sets `padMs` and one of these is ambiguous. */
const PAD_KEYS = ['padBeforeMs', 'padAfterMs'] as const;

/** How a key is named in its source: `"padMs"`, `DICTCLIP_PAD_MS`, `--pad-ms`. */
function nameIn(key: ConfigKey, source: Source): string {
  if (source.kind === 'env') return source.name;
  if (source.kind === 'flag') return `--${source.flag}`;
  return `"${key}"`;
}

/** Two keys of one source that set the same thing (`padMs` with `padBeforeMs`/`padAfterMs`) are an error. */
function checkOverlap(layer: Layer): void {
  const pad = layer.get('padMs');
  const specific = PAD_KEYS.find((key) => layer.has(key));
  if (pad === undefined || specific === undefined) return;
  const other = nameIn(specific, layer.get(specific)?.source ?? pad.source);
  const where = pad.source.kind === 'file' ? `${describeSource(pad.source)}: ` : '';
  throw new DictclipError(
    'E_CONFIG',
    `${where}${nameIn('padMs', pad.source)} and ${other} both set the padding (padMs sets padBeforeMs and padAfterMs). ` +
      `Fix: keep only one of them.`,
    { key: 'padMs' },
  );
}

/** Later layers override earlier ones; a layer's padMs sets both paddings (never with them, see checkOverlap). */
function applyLayer(merged: Layer, layer: Layer): void {
  for (const [key, entry] of layer) if (key !== 'padMs') merged.set(key, entry);
  const pad = layer.get('padMs');
  if (pad === undefined) return;
  for (const key of PAD_KEYS) merged.set(key, pad);
}

function checkPolling(merged: Layer): void {
  const initial = merged.get('pollInitialMs');
  const max = merged.get('pollMaxMs');
  const initialValue = Number(initial?.value ?? keySpec('pollInitialMs').default);
  const maxValue = Number(max?.value ?? keySpec('pollMaxMs').default);
  if (maxValue >= initialValue) return;
  const blamed = max ?? initial;
  const where = blamed === undefined ? 'defaults' : describeSource(blamed.source);
  throw new DictclipError(
    'E_CONFIG',
    `${where}: "pollMaxMs" is ${maxValue}, below "pollInitialMs" ${initialValue}. ` +
      `Fix: set "pollMaxMs" to at least ${initialValue} or lower "pollInitialMs".`,
    { key: 'pollMaxMs' },
  );
}

function fileLayer(configPath: string | undefined, cwd: string): Layer {
  const path = configPath === undefined ? resolve(cwd, CONFIG_FILE_NAME) : resolve(cwd, configPath);
  const rel = relative(cwd, path);
  const label = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
  if (!existsSync(path)) {
    if (configPath === undefined) return new Map();
    throw new DictclipError('E_CONFIG', `config file ${label} does not exist. Fix: pass --config with an existing JSON file, or leave it out.`, { path });
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DictclipError('E_CONFIG', `${label}: not valid JSON: ${reason}. Fix: correct the JSON syntax.`, { path, cause: error });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new DictclipError('E_CONFIG', `${label}: expected a JSON object of settings. Fix: write { "mode": "word", … }.`, { path });
  }
  const source: Source = { kind: 'file', label, dir: dirname(path) };
  const layer: Layer = new Map();
  for (const [name, raw] of Object.entries(data)) {
    if (name.startsWith('$')) continue;
    checkFileKey(name, label, path);
    if (raw === null) continue; // null: not set here (the committed file lists every key this way)
    const key = name as ConfigKey;
    layer.set(key, { value: parseValue(keySpec(key), raw, source), source });
  }
  return layer;
}

function checkFileKey(name: string, label: string, path: string): void {
  if (SECRET_KEY.test(name)) {
    throw new DictclipError(
      'E_CONFIG',
      `${label}: "${name}" looks like a secret; secrets are never read from the config file. ` +
        'Fix: remove it and set DICTCLIP_USERNAME with DICTCLIP_PASSWORD or DICTCLIP_API_KEY in the environment.',
      { key: name, path },
    );
  }
  if (name === 'inputDir' || name === 'outDir') {
    throw new DictclipError('E_CONFIG', `${label}: "${name}" comes from the command line only. Fix: remove it and pass it to \`dictclip run\`.`, { key: name, path });
  }
  if (!isConfigKey(name)) {
    const guess = closest(name, KEYS.map((spec) => spec.key));
    throw new DictclipError(
      'E_CONFIG',
      `${label}: unknown key "${name}"; did you mean "${guess ?? ''}"? Fix: rename or remove it (known keys are listed in pipeline.config.schema.json).`,
      { key: name, path },
    );
  }
}

function envLayer(env: Readonly<Record<string, string | undefined>>, cwd: string): Layer {
  const layer: Layer = new Map();
  for (const spec of KEYS) {
    const name = spec.env.find((candidate) => (env[candidate] ?? '') !== '');
    if (name === undefined) continue;
    const source: Source = { kind: 'env', name, dir: cwd };
    layer.set(spec.key, { value: parseValue(spec, env[name], source), source });
  }
  return layer;
}

function flagLayer(flags: Readonly<Record<string, string | boolean | string[] | undefined>>, cwd: string): Layer {
  const layer: Layer = new Map();
  const byFlag = new Map(KEYS.map((spec) => [spec.flag, spec]));
  for (const [flag, raw] of Object.entries(flags)) {
    if (raw === undefined) continue;
    const negated = flag.startsWith('no-') ? byFlag.get(flag.slice(3)) : undefined;
    const spec = byFlag.get(flag) ?? (negated?.type.kind === 'bool' ? negated : undefined);
    if (spec === undefined) {
      throw new DictclipError('E_USAGE', `unknown option --${flag}`, { key: flag });
    }
    const source: Source = { kind: 'flag', flag, dir: cwd };
    const value = spec === negated ? raw !== true : raw;
    layer.set(spec.key, { value: parseValue(spec, value, source), source });
  }
  return layer;
}

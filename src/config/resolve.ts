/**
 * From a library caller's {@link RunOptions} to the {@link ResolvedRunOptions} the pipeline runs
 * with: defaults from the key table (the CLI's defaults), each given value checked against its
 * row (type and range, `E_CONFIG` naming the option), paths made absolute. Reads no environment.
 */
import { resolve } from 'node:path';
import { DictclipError } from '../errors.js';
import type { Credentials } from '../credentials.js';
import type { ResolvedRunOptions, RunOptions } from './options.js';
import { KEYS, defaultValues } from './keys.js';
import { parseValue, type Source } from './validate.js';

/**
 * Apply defaults and validate. Relative paths resolve against the process's working directory.
 * @throws DictclipError `E_CONFIG` for a value outside its key's type or range, or bad credentials.
 */
export function resolveOptions(options: RunOptions): ResolvedRunOptions {
  const cwd = process.cwd();
  const outDir = resolve(cwd, requirePath(options.outDir, 'outDir'));
  const inputDir = resolve(cwd, requirePath(options.inputDir, 'inputDir'));
  const source: Source = { kind: 'option', dir: cwd };
  const values: Record<string, unknown> = { ...defaultValues(outDir) };
  for (const spec of KEYS) {
    // CLI-only keys (padMs, quiet, report, supercut…) are no options of runPipeline.
    if (spec.appliesTo !== 'library') continue;
    const raw: unknown = options[spec.key as keyof RunOptions];
    if (raw !== undefined) values[spec.key] = parseValue(spec, raw, source);
  }
  const resolved = { ...values, inputDir, outDir, credentials: checkCredentials(options.credentials) } as ResolvedRunOptions;
  if (resolved.pollMaxMs < resolved.pollInitialMs) {
    throw new DictclipError(
      'E_CONFIG',
      `runPipeline options: "pollMaxMs" is ${resolved.pollMaxMs}, below "pollInitialMs" ${resolved.pollInitialMs}. ` +
        `Fix: set "pollMaxMs" to at least ${resolved.pollInitialMs} or lower "pollInitialMs".`,
      { key: 'pollMaxMs' },
    );
  }
  return resolved;
}

function requirePath(value: unknown, key: string): string {
  if (typeof value === 'string' && value !== '') return value;
  throw new DictclipError('E_CONFIG', `runPipeline options: "${key}" is required: a folder path.`, { key });
}

/** Shape check only; secrets are never put in the message. */
function checkCredentials(credentials: Credentials | undefined): Credentials | undefined {
  if (credentials === undefined) return undefined;
  const c = credentials as Partial<Record<string, unknown>>;
  const secret = c['scheme'] === 'basic' ? c['password'] : c['scheme'] === 'apikey' ? c['apiKey'] : undefined;
  if (typeof c['username'] === 'string' && c['username'] !== '' && typeof secret === 'string' && secret !== '') return credentials;
  throw new DictclipError(
    'E_CONFIG',
    'runPipeline options: "credentials" must be { scheme: "basic", username, password } or { scheme: "apikey", username, apiKey } with non-empty strings.',
    { key: 'credentials' },
  );
}

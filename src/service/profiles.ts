/**
 * Dictation profiles: those of the service options plus `<dataDir>/profiles.json` (an array of
 * Profile; reread when it changes). A dictation without a profile gets no substitutions.
 */
import { join } from 'node:path';
import { DictclipError } from '../errors.js';
import { readJsonFile, ReloadingFile } from './json-file.js';
import type { Profile } from './types.js';

function isProfile(value: unknown): value is Profile {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return typeof p.name === 'string' && Array.isArray(p.substitutions) && p.substitutions.every((rule: unknown) => {
    if (typeof rule !== 'object' || rule === null) return false;
    const r = rule as Record<string, unknown>;
    if (r.kind === 'literal') return typeof r.from === 'string' && typeof r.to === 'string';
    return r.kind === 'regex' && typeof r.pattern === 'string' && typeof r.to === 'string' && (r.flags === undefined || typeof r.flags === 'string');
  });
}

async function readProfiles(path: string): Promise<Profile[]> {
  const data = await readJsonFile(path);
  if (data !== undefined && (!Array.isArray(data) || !data.every(isProfile))) {
    throw new DictclipError('E_CONFIG', `${path} must be an array of profiles ({ name, substitutions }).`, { path });
  }
  return (data as Profile[] | undefined) ?? [];
}

export class ProfileSource {
  readonly #fixed: Profile[];
  readonly #fromFile: ReloadingFile<Profile[]>;

  constructor(dataDir: string, profiles: Profile[]) {
    const path = join(dataDir, 'profiles.json');
    this.#fixed = profiles;
    this.#fromFile = new ReloadingFile(path, () => readProfiles(path), []);
  }

  /**
   * The profile named `name` (options first, then profiles.json); undefined when unknown.
   * @throws E_CONFIG when profiles.json is malformed.
   */
  async find(name: string): Promise<Profile | undefined> {
    const fixed = this.#fixed.find((p) => p.name === name);
    if (fixed !== undefined) return fixed;
    return (await this.#fromFile.get()).find((p) => p.name === name);
  }
}

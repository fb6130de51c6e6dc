/**
 * Dictation profiles: those of the service options plus `<dataDir>/profiles.json` (an array of
 * Profile; reread when it changes). A dictation without a profile gets no substitutions.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DictclipError } from '../errors.js';
import { readJsonFile } from './json-file.js';
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

export class ProfileSource {
  readonly #path: string;
  readonly #fixed: Profile[];
  #version = '';
  #fromFile: Profile[] = [];

  constructor(dataDir: string, profiles: Profile[]) {
    this.#path = join(dataDir, 'profiles.json');
    this.#fixed = profiles;
  }

  /**
   * The profile named `name` (options first, then profiles.json); undefined when unknown.
   * @throws E_CONFIG when profiles.json is malformed.
   */
  async find(name: string): Promise<Profile | undefined> {
    const fixed = this.#fixed.find((p) => p.name === name);
    if (fixed !== undefined) return fixed;
    await this.#reload();
    return this.#fromFile.find((p) => p.name === name);
  }

  async #reload(): Promise<void> {
    const version = await stat(this.#path).then((s) => `${s.ino}:${s.mtimeMs}:${s.size}`, () => 'none');
    if (version === this.#version) return;
    const data = await readJsonFile(this.#path);
    if (data !== undefined && (!Array.isArray(data) || !data.every(isProfile))) {
      throw new DictclipError('E_CONFIG', `${this.#path} must be an array of profiles ({ name, substitutions }).`, { path: this.#path });
    }
    this.#fromFile = (data as Profile[] | undefined) ?? [];
    this.#version = version;
  }
}

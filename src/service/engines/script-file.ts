/**
 * The script of the scripted engine (tests, demos, CI without a recognizer): which words to
 * "recognize" for audio of a given duration, with optional delays and faults.
 */
import { readFile } from 'node:fs/promises';
import { DictclipError } from '../../errors.js';
import { isDictationFault, type DictationFault } from '../faults/index.js';

export interface ScriptWord {
  word: string;
  startMs: number;
  endMs: number;
  /** 0..1. @default 0.9 */
  confidence?: number;
}

export interface ScriptEntry {
  /** Which audio this entry answers; an empty or missing match fits every audio. @default {} */
  match?: {
    /** Duration of the (transcoded) audio, ms. @default undefined (any duration) */
    durationMs?: number;
    /** Allowed difference from `durationMs`. @default 20 */
    toleranceMs?: number;
  };
  words: ScriptWord[];
  /** Extra delay of this entry before answering, ms (replaces the file-level delay). @default the file's delayMs */
  delayMs?: number;
  /** `fail`: recognize throws E_ENGINE; `never-done`: recognize only ends when aborted. @default undefined */
  fault?: 'never-done' | 'fail' | DictationFault;
}

export interface ScriptFile {
  /** Entries tried in order; the first whose match fits gives the words. */
  scripts: ScriptEntry[];
  /**
   * Audio no entry matches: `segments` names non-silent stretches from a fixed word list; `none` recognizes nothing. @default 'segments'
   */
  fallback?: 'segments' | 'none';
  /** Delay before every answer, ms. @default 0 */
  delayMs?: number;
}

function fail(where: string, message: string, path?: string): never {
  throw new DictclipError('E_CONFIG', `Invalid script${path === undefined ? '' : ` ${path}`}: ${where} ${message}`, {
    key: where,
    ...(path === undefined ? {} : { path }),
  });
}

function nonNegative(value: unknown, where: string, path: string | undefined, required: boolean): void {
  if (value === undefined && !required) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) fail(where, 'must be a non-negative number', path);
}

/**
 * Check a parsed script and return it typed.
 * @throws DictclipError E_CONFIG naming the bad field (e.g. `scripts[0].words[2].endMs`).
 */
export function validateScriptFile(data: unknown, path?: string): ScriptFile {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail('the script', 'must be a JSON object', path);
  const file = data as Record<string, unknown>;
  if (!Array.isArray(file.scripts)) fail('scripts', 'must be an array', path);
  if (file.fallback !== undefined && file.fallback !== 'segments' && file.fallback !== 'none')
    fail('fallback', 'must be "segments" or "none"', path);
  nonNegative(file.delayMs, 'delayMs', path, false);
  for (const [i, entry] of (file.scripts as unknown[]).entries()) {
    const at = `scripts[${i}]`;
    if (typeof entry !== 'object' || entry === null) fail(at, 'must be an object', path);
    const e = entry as Record<string, unknown>;
    if (e.match !== undefined) {
      if (typeof e.match !== 'object' || e.match === null) fail(`${at}.match`, 'must be an object', path);
      const m = e.match as Record<string, unknown>;
      nonNegative(m.durationMs, `${at}.match.durationMs`, path, false);
      nonNegative(m.toleranceMs, `${at}.match.toleranceMs`, path, false);
    }
    nonNegative(e.delayMs, `${at}.delayMs`, path, false);
    if (e.fault !== undefined && e.fault !== 'fail' && e.fault !== 'never-done' && !isDictationFault(e.fault)) {
      fail(
        `${at}.fault`,
        'must be "fail", "never-done", "invalid-xml", "truncated-xml", "odd-markers", "mismatched-markers" or "offsets-outside"',
        path,
      );
    }
    if (!Array.isArray(e.words)) fail(`${at}.words`, 'must be an array', path);
    for (const [j, word] of (e.words as unknown[]).entries()) {
      const wat = `${at}.words[${j}]`;
      if (typeof word !== 'object' || word === null) fail(wat, 'must be an object', path);
      const w = word as Record<string, unknown>;
      if (typeof w.word !== 'string' || w.word.trim() === '') fail(`${wat}.word`, 'must be a non-empty string', path);
      nonNegative(w.startMs, `${wat}.startMs`, path, true);
      nonNegative(w.endMs, `${wat}.endMs`, path, true);
      if ((w.endMs as number) < (w.startMs as number)) fail(`${wat}.endMs`, 'must not be before startMs', path);
      if (w.confidence !== undefined && (typeof w.confidence !== 'number' || w.confidence < 0 || w.confidence > 1)) {
        fail(`${wat}.confidence`, 'must be a number from 0 to 1', path);
      }
    }
  }
  return data as ScriptFile;
}

/**
 * Read and validate a script file (JSON).
 * @throws DictclipError E_CONFIG for unreadable or invalid files, naming the bad field.
 */
export async function loadScriptFile(path: string): Promise<ScriptFile> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch (error) {
    throw new DictclipError('E_CONFIG', `Cannot read the script file ${path}: ${(error as Error).message}`, { path, cause: error });
  }
  return validateScriptFile(data, path);
}

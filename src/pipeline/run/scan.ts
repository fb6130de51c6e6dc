import { readdir, realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { DictclipError } from '../../errors.js';
import { compareCodePoints } from '../../code-point-order.js';
import { AUDIO_EXTENSIONS } from './input-types.js';
import { pathFilter, type InputPatterns, type PathFilter } from '../../input-patterns.js';
import { controlCharacterReason } from '../../run-output/safe-path.js';

export { AUDIO_EXTENSIONS } from './input-types.js';

/** A recording found by {@link scanRecordings}. */
export interface Recording {
  /** Absolute path (through symlinks as found). */
  path: string;
  /** Path relative to the input folder, with `/` separators. */
  relPath: string;
}

/** Result of {@link scanRecordings}. */
export interface ScanResult {
  /** The folder `relPath`s are relative to: the input folder, or the folder of a single input file. */
  folder: string;
  recordings: Recording[];
  /** Entries that could not be read, with the reason. */
  skipped: { relPath: string; reason: string }[];
  /** Recordings the include/exclude patterns leave out (relative paths, scan order): not recordings of the run. */
  excluded: string[];
}

/** Options of {@link scanRecordings}. */
export interface ScanOptions extends InputPatterns {
  /** Paths (files or folders) to leave out silently, e.g. the output folder inside the input folder. @default [] */
  leaveOut?: string[];
}

/** True when a file name has one of the {@link AUDIO_EXTENSIONS} (case-insensitive). */
export function isAudioFileName(name: string): boolean {
  const ext = path.extname(name).slice(1).toLowerCase();
  return AUDIO_EXTENSIONS.has(ext);
}

/**
 * Find the recordings under `inputDir` (or take `inputDir` itself when it is one recording file:
 * its source is its base name, relative to its own folder), recursively and in a deterministic order (entries sorted
 * by code point at each level, depth first). Symlinks are followed (a folder already visited, by
 * real path, is not entered twice, so loops end). Every entry that is not scanned is reported in
 * `skipped` with its reason: hidden entries (leading `.`, a hidden folder once, not entered),
 * entries that cannot be stat'ed, names holding a control character (a newline, ESC …: a folder
 * is not entered), and files that are not of an accepted type (src/pipeline/run/input-types.ts).
 * `leaveOut` paths (the output folder) are left out silently. Recordings the `include`/`exclude`
 * patterns (src/input-patterns.ts) leave out are listed in `excluded`; a single input file is
 * taken whatever the patterns say.
 * @throws DictclipError `E_INPUT` when `inputDir` is neither a readable folder nor an accepted recording file.
 */
export async function scanRecordings(inputDir: string, options: ScanOptions = {}): Promise<ScanResult> {
  const root = path.resolve(inputDir);
  let rootStats: Stats;
  try {
    rootStats = await stat(root);
  } catch (error) {
    const missing = (error as { code?: unknown } | null)?.code === 'ENOENT';
    throw new DictclipError('E_INPUT', missing ? `input ${root} does not exist` : `input ${root} cannot be read`, {
      path: root,
      cause: error,
    });
  }
  if (!rootStats.isDirectory()) return scanOneFile(root, rootStats);
  const leaveOut = await resolvePaths(options.leaveOut ?? []);
  const result: ScanResult = { folder: root, recordings: [], skipped: [], excluded: [] };
  const visited = new Set<string>();
  await walk(root, '', { leaveOut, keep: pathFilter(options), visited, result, isRoot: true });
  return result;
}

/** A single file given as the input: the one recording, its source its base name (relative to its folder). */
function scanOneFile(file: string, stats: Stats): ScanResult {
  const name = path.basename(file);
  const unsafe = controlCharacterReason(name);
  if (unsafe !== undefined)
    return { folder: path.dirname(file), recordings: [], skipped: [{ relPath: name, reason: unsafe }], excluded: [] };
  // Named on purpose: a hidden name does not matter, only being a regular file of an accepted type.
  const notScanned = stats.isFile() && isAudioFileName(name) ? undefined : skipReason(name.replace(/^\.+/, ''), stats);
  if (notScanned !== undefined)
    throw new DictclipError('E_INPUT', `input ${file} is neither a folder nor a recording: ${notScanned}`, { path: file });
  return { folder: path.dirname(file), recordings: [{ path: file, relPath: name }], skipped: [], excluded: [] };
}

interface WalkState {
  leaveOut: Set<string>;
  keep: PathFilter | undefined;
  visited: Set<string>;
  result: ScanResult;
  isRoot: boolean;
}

async function walk(dir: string, relDir: string, state: WalkState): Promise<void> {
  const { result } = state;
  let real: string;
  let names: string[];
  try {
    real = await realpath(dir);
    names = await readdir(dir);
  } catch (error) {
    if (state.isRoot) throw new DictclipError('E_INPUT', `input folder ${dir} cannot be read`, { path: dir, cause: error });
    result.skipped.push({ relPath: relDir, reason: `folder cannot be read: ${reason(error)}` });
    return;
  }
  if (state.visited.has(real)) return;
  state.visited.add(real);
  names.sort(compareCodePoints);
  for (const name of names) {
    const full = path.join(dir, name);
    const relPath = relDir === '' ? name : `${relDir}/${name}`;
    if (state.leaveOut.has(full)) continue;
    let stats: Stats;
    try {
      stats = await stat(full);
    } catch (error) {
      result.skipped.push({ relPath, reason: `cannot be read: ${reason(error)}` });
      continue;
    }
    if (stats.isDirectory() && state.leaveOut.has(await realpath(full).catch(() => full))) continue;
    const notScanned = skipReason(name, stats);
    if (notScanned !== undefined) {
      result.skipped.push({ relPath, reason: notScanned });
    } else if (stats.isDirectory()) {
      await walk(full, relPath, { ...state, isRoot: false });
    } else if (state.keep !== undefined && !state.keep(relPath)) {
      result.excluded.push(relPath);
    } else {
      // A recording this user cannot read is still a recording: reading it fails in prepare, a
      // failures.csv row at stage `scan` (exit status 1), not a silently skipped file.
      result.recordings.push({ path: full, relPath });
    }
  }
}

/** Why an entry is not scanned (hidden, a control character in its name, not a regular file, not a recording), or undefined. */
function skipReason(name: string, stats: Stats): string | undefined {
  if (name.startsWith('.')) return `hidden ${stats.isDirectory() ? 'folder' : 'file'} (name starts with ".")`;
  const unsafe = controlCharacterReason(name);
  if (unsafe !== undefined) return unsafe;
  if (stats.isDirectory()) return undefined;
  if (!stats.isFile()) return 'not a regular file';
  if (isAudioFileName(name)) return undefined;
  const ext = path.extname(name).toLowerCase();
  return ext === '' ? 'no file extension: not an accepted audio or video type' : `"${ext}" is not an accepted audio or video type`;
}

async function resolvePaths(paths: string[]): Promise<Set<string>> {
  const set = new Set<string>();
  for (const p of paths) {
    const resolved = path.resolve(p);
    set.add(resolved);
    set.add(await realpath(resolved).catch(() => resolved));
  }
  return set;
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}

/** The warning of a run whose input folder holds no recording at all. */
export function noRecordingsWarning(inputDir: string, skipped: number): string {
  const files = skipped === 1 ? '1 file' : `${skipped} files`;
  return `no recordings in ${path.resolve(inputDir)}` +
    (skipped > 0 ? ` (${files} not processed: see skipped.csv and the accepted types in dictclip run --help)` : ' (the folder is empty)');
}

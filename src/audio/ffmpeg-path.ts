/**
 * Finding the ffmpeg binary: explicit option → ffmpeg-static → `ffmpeg` on PATH. The library
 * reads no FFMPEG_PATH: the CLI maps it (and DICTCLIP_FFMPEG_PATH) into the explicit option.
 */
import { dirname, isAbsolute, join } from 'node:path';
import { DictclipError } from '../errors.js';
import { findExecutable, isExecutableFile, searchPath } from '../executables.js';

const HOW_TO_FIX =
  'install it (e.g. `apt-get install ffmpeg`), set FFMPEG_PATH to the binary, or pass the ffmpegPath option';

/** How {@link resolveFfmpeg} looks (a seam for tests; library callers leave it out). */
export interface FfmpegLookup {
  /**
   * Load the optional `ffmpeg-static` package (its default export is the binary's path); a
   * rejection means it is not installed. @default () => import('ffmpeg-static')
   */
  readonly loadFfmpegStatic?: () => Promise<unknown>;
}

const cache = new Map<string, Promise<string>>();

function importFfmpegStatic(): Promise<unknown> {
  const specifier = 'ffmpeg-static';
  return import(specifier);
}

async function fromFfmpegStatic(load: () => Promise<unknown>): Promise<string | undefined> {
  try {
    const mod = (await load()) as { default?: unknown } | undefined;
    const path = mod?.default;
    return typeof path === 'string' && (await isExecutableFile(path)) ? path : undefined;
  } catch {
    return undefined; // optional dependency not installed (or its binary download failed)
  }
}

/** Resolve a configured value: a path must exist; a bare name is looked up on PATH. */
async function resolveConfigured(value: string): Promise<string> {
  const found = await findExecutable(value, process.env['PATH']);
  if (found !== undefined) return found;
  throw new DictclipError('E_FFMPEG_NOT_FOUND', `ffmpeg not found at ${value} (from the ffmpegPath option): ${HOW_TO_FIX}`, {
    path: value,
  });
}

async function resolve(explicit: string | undefined, load: () => Promise<unknown>): Promise<string> {
  if (explicit !== undefined && explicit !== '') return resolveConfigured(explicit);
  const bundled = await fromFfmpegStatic(load);
  if (bundled !== undefined) return bundled;
  const onPath = await searchPath(process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg', process.env['PATH']);
  if (onPath !== undefined) return onPath;
  throw new DictclipError('E_FFMPEG_NOT_FOUND', `ffmpeg not found as the ffmpegPath option, in ffmpeg-static or on PATH: ${HOW_TO_FIX}`);
}

/**
 * Find the ffmpeg binary to run. Order: `explicit` (a path, or a bare name looked up on PATH) →
 * the optional `ffmpeg-static` package (only if its binary exists) → an executable `ffmpeg` in a
 * PATH directory (the search path the operating system uses to start it). An explicit value that
 * does not exist is an error, not a reason to fall back. Successful results are cached per
 * explicit value and PATH (not when `lookup` is given).
 * @throws DictclipError E_FFMPEG_NOT_FOUND, naming `apt-get install ffmpeg`, FFMPEG_PATH and the option.
 */
export function resolveFfmpeg(explicit?: string, lookup: FfmpegLookup = {}): Promise<string> {
  if (lookup.loadFfmpegStatic !== undefined) return resolve(explicit, lookup.loadFfmpegStatic);
  const key = JSON.stringify([explicit ?? null, process.env['PATH'] ?? null]);
  let result = cache.get(key);
  if (result === undefined) {
    result = resolve(explicit, importFfmpegStatic);
    cache.set(key, result);
    result.catch(() => cache.delete(key));
  }
  return result;
}

/**
 * ffprobe to go with `ffmpegPath`: the one in the same folder, else `ffprobe` on PATH; undefined
 * when there is none (ffmpeg-static ships ffmpeg alone).
 */
export async function resolveFfprobe(ffmpegPath: string): Promise<string | undefined> {
  const name = process.platform === 'win32' ? 'ffprobe.exe' : 'ffprobe';
  const beside = join(dirname(ffmpegPath), name);
  if (isAbsolute(ffmpegPath) && (await isExecutableFile(beside))) return beside;
  return searchPath(name, process.env['PATH']);
}

/**
 * Finding the ffmpeg binary: explicit option → FFMPEG_PATH → ffmpeg-static → `ffmpeg` on PATH.
 */
import { DictclipError } from '../errors.js';
import { isExecutableFile, searchPath } from '../executables.js';

const HOW_TO_FIX =
  'install it (e.g. `apt-get install ffmpeg`), set FFMPEG_PATH to the binary, or pass the ffmpegPath option';

const cache = new Map<string, Promise<string>>();

async function fromFfmpegStatic(): Promise<string | undefined> {
  const specifier = 'ffmpeg-static';
  try {
    const mod = (await import(specifier)) as { default?: unknown };
    const path = mod.default;
    return typeof path === 'string' && (await isExecutableFile(path)) ? path : undefined;
  } catch {
    return undefined; // optional dependency not installed (or its binary download failed)
  }
}

/** Resolve a configured value: a path must exist; a bare name is looked up on PATH. */
async function resolveConfigured(value: string, origin: string): Promise<string> {
  const bare = !value.includes('/') && !value.includes('\\');
  const found = bare ? await searchPath(value, process.env['PATH']) : (await isExecutableFile(value)) ? value : undefined;
  if (found !== undefined) return found;
  throw new DictclipError('E_FFMPEG_NOT_FOUND', `ffmpeg not found at ${value} (from ${origin}): ${HOW_TO_FIX}`, {
    path: value,
  });
}

async function resolve(explicit: string | undefined): Promise<string> {
  if (explicit !== undefined && explicit !== '') return resolveConfigured(explicit, 'the ffmpegPath option');
  const fromEnv = process.env['FFMPEG_PATH'];
  if (fromEnv !== undefined && fromEnv !== '') return resolveConfigured(fromEnv, 'FFMPEG_PATH');
  const bundled = await fromFfmpegStatic();
  if (bundled !== undefined) return bundled;
  const onPath = await searchPath(process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg', process.env['PATH']);
  if (onPath !== undefined) return onPath;
  throw new DictclipError('E_FFMPEG_NOT_FOUND', `ffmpeg not found on PATH, FFMPEG_PATH or ffmpeg-static: ${HOW_TO_FIX}`);
}

/**
 * Find the ffmpeg binary to run. Order: `explicit` (a path, or a bare name looked up on PATH) →
 * the `FFMPEG_PATH` environment variable → the optional `ffmpeg-static` package (only if its
 * binary exists) → an executable `ffmpeg` in a PATH directory. A configured value (explicit or
 * FFMPEG_PATH) that does not exist is an error, not a reason to fall back. Successful results are
 * cached per explicit value (and environment).
 * @throws DictclipError E_FFMPEG_NOT_FOUND, naming `apt-get install ffmpeg`, FFMPEG_PATH and the option.
 */
export function resolveFfmpeg(explicit?: string): Promise<string> {
  const key = JSON.stringify([explicit ?? null, process.env['FFMPEG_PATH'] ?? null, process.env['PATH'] ?? null]);
  let result = cache.get(key);
  if (result === undefined) {
    result = resolve(explicit);
    cache.set(key, result);
    result.catch(() => cache.delete(key));
  }
  return result;
}

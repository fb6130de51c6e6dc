import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveFfmpeg } from '../../src/audio/ffmpeg-path.js';
import { DictclipError } from '../../src/errors.js';
import { useTempDir } from './helpers.js';

const temp = useTempDir('ffpath');

/** A fake executable `ffmpeg` in a fresh folder `name`; returns its path. */
function fakeFfmpeg(name: string, mode = 0o755): string {
  const dir = join(temp(), name);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'ffmpeg');
  writeFileSync(path, '#!/bin/sh\nexit 0\n');
  chmodSync(path, mode);
  return path;
}

async function rejection(promise: Promise<unknown>): Promise<DictclipError> {
  const error: unknown = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DictclipError);
  return error as DictclipError;
}

/** Lookups that do not depend on whether the optional ffmpeg-static is installed here. */
const absent = { loadFfmpegStatic: () => Promise.reject(new Error("Cannot find package 'ffmpeg-static'")) };
const present = (path: string): { loadFfmpegStatic: () => Promise<unknown> } => ({
  loadFfmpegStatic: () => Promise.resolve({ default: path }),
});

describe('resolveFfmpeg', () => {
  afterEach(() => void vi.unstubAllEnvs());

  it('prefers the explicit path over ffmpeg-static and PATH', async () => {
    const explicit = fakeFfmpeg('explicit');
    vi.stubEnv('PATH', join(temp(), 'onpath-a'));
    fakeFfmpeg('onpath-a');
    expect(await resolveFfmpeg(explicit, present(fakeFfmpeg('bundled-a')))).toBe(explicit);
  });

  it('prefers an installed ffmpeg-static over PATH', async () => {
    const bundled = fakeFfmpeg('bundled-b');
    fakeFfmpeg('onpath-b');
    vi.stubEnv('PATH', join(temp(), 'onpath-b'));
    expect(await resolveFfmpeg(undefined, present(bundled))).toBe(bundled);
  });

  it('falls back to PATH when ffmpeg-static is installed but its binary is missing or not executable', async () => {
    const good = fakeFfmpeg('onpath-g');
    vi.stubEnv('PATH', join(temp(), 'onpath-g'));
    expect(await resolveFfmpeg(undefined, present(join(temp(), 'no-download', 'ffmpeg')))).toBe(good);
    expect(await resolveFfmpeg(undefined, present(fakeFfmpeg('bundled-noexec', 0o644)))).toBe(good);
    expect(await resolveFfmpeg(undefined, { loadFfmpegStatic: () => Promise.resolve({ default: null }) })).toBe(good);
  });

  it('reads no FFMPEG_PATH (the CLI maps it into the explicit option)', async () => {
    const good = fakeFfmpeg('onpath-h');
    vi.stubEnv('FFMPEG_PATH', fakeFfmpeg('env-ignored'));
    vi.stubEnv('PATH', join(temp(), 'onpath-h'));
    expect(await resolveFfmpeg(undefined, absent)).toBe(good);
    vi.stubEnv('FFMPEG_PATH', '/nonexistent/ffmpeg');
    expect(await resolveFfmpeg(undefined, absent)).toBe(good);
  });

  it('searches PATH entries in order, skipping non-executable files and empty entries', async () => {
    fakeFfmpeg('noexec', 0o644);
    const good = fakeFfmpeg('onpath-c');
    vi.stubEnv('PATH', ['', join(temp(), 'missing'), join(temp(), 'noexec'), join(temp(), 'onpath-c')].join(':'));
    expect(await resolveFfmpeg(undefined, absent)).toBe(good);
  });

  it('looks a bare explicit name up on PATH, even with ffmpeg-static installed', async () => {
    const good = fakeFfmpeg('onpath-d');
    vi.stubEnv('PATH', join(temp(), 'onpath-d'));
    expect(await resolveFfmpeg('ffmpeg', present(fakeFfmpeg('bundled-d')))).toBe(good);
  });

  it('finds the real ffmpeg on the default PATH', async () => {
    vi.stubEnv('PATH', '/usr/local/bin:/usr/bin:/bin');
    expect(await resolveFfmpeg(undefined, absent)).toMatch(/^\/usr\/(local\/)?bin\/ffmpeg$/);
  });

  it('rejects a bogus explicit path with E_FFMPEG_NOT_FOUND naming it, without falling back', async () => {
    fakeFfmpeg('onpath-e');
    vi.stubEnv('PATH', join(temp(), 'onpath-e'));
    const bogus = join(temp(), 'nowhere', 'ffmpeg');
    const error = await rejection(resolveFfmpeg(bogus, present(fakeFfmpeg('bundled-e'))));
    expect(error.code).toBe('E_FFMPEG_NOT_FOUND');
    expect(error.context.path).toBe(bogus);
    expect(error.message).toBe(
      `ffmpeg not found at ${bogus} (from the ffmpegPath option): install it (e.g. \`apt-get install ffmpeg\`), set FFMPEG_PATH to the binary, or pass the ffmpegPath option`,
    );
  });

  it('rejects with E_FFMPEG_NOT_FOUND when PATH is empty and ffmpeg-static absent', async () => {
    vi.stubEnv('PATH', '');
    const error = await rejection(resolveFfmpeg(undefined, absent));
    expect(error.code).toBe('E_FFMPEG_NOT_FOUND');
    expect(error.message).toContain('apt-get install ffmpeg');
    expect(error.message).toContain('FFMPEG_PATH');
    expect(error.message).toContain('ffmpegPath option');
  });

  it('caches a successful result per explicit value', async () => {
    const path = fakeFfmpeg('cached');
    vi.stubEnv('PATH', '');
    expect(await resolveFfmpeg(path)).toBe(path);
    chmodSync(path, 0o644); // no longer executable: only the cache can still answer
    expect(await resolveFfmpeg(path)).toBe(path);
    const other = await rejection(resolveFfmpeg(`${path}-other`));
    expect(other.code).toBe('E_FFMPEG_NOT_FOUND');
  });
});

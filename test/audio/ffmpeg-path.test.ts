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

describe('resolveFfmpeg', () => {
  afterEach(() => void vi.unstubAllEnvs());

  it('prefers the explicit path over FFMPEG_PATH and PATH', async () => {
    const explicit = fakeFfmpeg('explicit');
    vi.stubEnv('FFMPEG_PATH', fakeFfmpeg('env'));
    vi.stubEnv('PATH', join(temp(), 'onpath-a'));
    fakeFfmpeg('onpath-a');
    expect(await resolveFfmpeg(explicit)).toBe(explicit);
  });

  it('prefers FFMPEG_PATH over PATH', async () => {
    const fromEnv = fakeFfmpeg('env2');
    fakeFfmpeg('onpath-b');
    vi.stubEnv('FFMPEG_PATH', fromEnv);
    vi.stubEnv('PATH', join(temp(), 'onpath-b'));
    expect(await resolveFfmpeg()).toBe(fromEnv);
  });

  it('searches PATH entries in order, skipping non-executable files and empty entries', async () => {
    fakeFfmpeg('noexec', 0o644);
    const good = fakeFfmpeg('onpath-c');
    vi.stubEnv('FFMPEG_PATH', '');
    vi.stubEnv('PATH', ['', join(temp(), 'missing'), join(temp(), 'noexec'), join(temp(), 'onpath-c')].join(':'));
    expect(await resolveFfmpeg()).toBe(good);
  });

  it('looks a bare explicit name up on PATH', async () => {
    const good = fakeFfmpeg('onpath-d');
    vi.stubEnv('PATH', join(temp(), 'onpath-d'));
    expect(await resolveFfmpeg('ffmpeg')).toBe(good);
  });

  it('finds the real ffmpeg on the default PATH', async () => {
    vi.stubEnv('FFMPEG_PATH', '');
    vi.stubEnv('PATH', '/usr/local/bin:/usr/bin:/bin');
    expect(await resolveFfmpeg()).toMatch(/^\/usr\/(local\/)?bin\/ffmpeg$/);
  });

  it('rejects a bogus explicit path with E_FFMPEG_NOT_FOUND naming it', async () => {
    fakeFfmpeg('onpath-e');
    vi.stubEnv('PATH', join(temp(), 'onpath-e'));
    const bogus = join(temp(), 'nowhere', 'ffmpeg');
    const error = await rejection(resolveFfmpeg(bogus));
    expect(error.code).toBe('E_FFMPEG_NOT_FOUND');
    expect(error.context.path).toBe(bogus);
    expect(error.message).toBe(
      `ffmpeg not found at ${bogus} (from the ffmpegPath option): install it (e.g. \`apt-get install ffmpeg\`), set FFMPEG_PATH to the binary, or pass the ffmpegPath option`,
    );
  });

  it('rejects a FFMPEG_PATH that does not exist instead of falling back', async () => {
    fakeFfmpeg('onpath-f');
    vi.stubEnv('PATH', join(temp(), 'onpath-f'));
    vi.stubEnv('FFMPEG_PATH', '/nonexistent/ffmpeg');
    const error = await rejection(resolveFfmpeg());
    expect(error.code).toBe('E_FFMPEG_NOT_FOUND');
    expect(error.message).toContain('/nonexistent/ffmpeg (from FFMPEG_PATH)');
  });

  it('rejects with E_FFMPEG_NOT_FOUND when PATH is empty and FFMPEG_PATH unset', async () => {
    vi.stubEnv('FFMPEG_PATH', undefined);
    vi.stubEnv('PATH', '');
    const error = await rejection(resolveFfmpeg());
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

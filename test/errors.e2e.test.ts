import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DictclipError, ERROR_CODES, isDictclipError, type ErrorCode } from '../src/errors.js';
import { StageError } from '../src/pipeline/recording/process.js';
import { HttpError } from '../src/service/error-responses.js';
import { UploadTooLargeError } from '../src/service/audio-store.js';
import { cliEnv, ensureBuilt, ROOT } from './helpers/index.js';

describe('ERROR_CODES', () => {
  it('gives every code one meaning and its exit status: 2 for misuse, 130 for an abort, else 1', () => {
    const twos = Object.entries(ERROR_CODES).filter(([, info]) => info.exitStatus === 2).map(([code]) => code).sort();
    expect(twos).toEqual(['E_CHANNEL', 'E_CONFIG', 'E_CREDENTIALS_MISSING', 'E_MERGE', 'E_NOT_RUN_OUTPUT', 'E_OTHER_SERVICE', 'E_UNSAFE_NAME', 'E_UNSAFE_PATH', 'E_USAGE']);
    expect(ERROR_CODES.E_ABORTED.exitStatus).toBe(130);
    for (const [code, info] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^E_[A-Z_]+$/);
      expect(info.meaning.length, code).toBeGreaterThan(10);
    }
    expect(new Set(Object.values(ERROR_CODES).map((info) => info.meaning)).size).toBe(Object.keys(ERROR_CODES).length);
  });
});

describe('the one hierarchy', () => {
  it('StageError, HttpError and UploadTooLargeError are DictclipErrors with their own codes', () => {
    const inner = new DictclipError('E_FFMPEG', 'ffmpeg failed', { exitCode: 1, path: '/a.wav' });
    const staged = new StageError('transcode', inner);
    expect(staged).toBeInstanceOf(DictclipError);
    expect([staged.code, staged.stage, staged.message, staged.context, staged.cause]).toEqual(['E_FFMPEG', 'transcode', 'ffmpeg failed', { exitCode: 1, path: '/a.wav' }, inner]);
    const busy = new HttpError(503, 'E_BUSY', 'Too many');
    expect([isDictclipError(busy, 'E_BUSY'), busy.status]).toEqual([true, 503]);
    expect(isDictclipError(new UploadTooLargeError(10), 'E_TOO_LARGE')).toBe(true);
    // Subclasses keep the ordinary instanceof: a plain DictclipError is no HttpError.
    expect(inner instanceof HttpError).toBe(false);
  });

  it('is recognized across two copies of the package (brand Symbol.for("dictclip.error"))', async () => {
    await ensureBuilt();
    const other = (await import(pathToFileURL(join(ROOT, 'dist', 'errors.js')).href)) as typeof import('../src/errors.js');
    expect(other.DictclipError).not.toBe(DictclipError); // really a second copy
    const foreign = new other.DictclipError('E_NETWORK', 'reset');
    expect(isDictclipError(foreign)).toBe(true);
    expect(isDictclipError(foreign, 'E_NETWORK')).toBe(true);
    expect(isDictclipError(foreign, 'E_TIMEOUT')).toBe(false);
    expect(foreign instanceof DictclipError).toBe(true);
    expect(other.isDictclipError(new DictclipError('E_OUTPUT', 'disk full'))).toBe(true);
    expect(isDictclipError(new Error('plain'))).toBe(false);
    expect(isDictclipError({ code: 'E_NETWORK', message: 'look-alike' })).toBe(false);
  });
});

describe('CLI exit status from the table', () => {
  it('exits with ERROR_CODES[code].exitStatus', async () => {
    await ensureBuilt();
    const run = (args: string[]): Promise<number> => promisify(execFile)(process.execPath, [join(ROOT, 'dist', 'cli', 'index.js'), ...args], { env: cliEnv() })
      .then(() => 0, (error: { code?: number }) => error.code ?? -1);
    const usage: ErrorCode = 'E_USAGE';
    expect(await run(['no-such-command'])).toBe(ERROR_CODES[usage].exitStatus);
    expect(await run(['run', '/nonexistent-input-dir', '--out', '/tmp/dictclip-errors-out', '--base-url', 'http://127.0.0.1:9']))
      .toBe(ERROR_CODES.E_CREDENTIALS_MISSING.exitStatus);
  });
});

import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultValues } from '../../src/config/keys.js';
import { resolveOptions } from '../../src/config/resolve.js';
import type { RunOptions } from '../../src/pipeline/types.js';

describe('resolveOptions (library options → resolved options)', () => {
  it('fills every key from the key table when only inputDir and outDir are given', () => {
    const resolved = resolveOptions({ inputDir: 'in', outDir: '/tmp/out' });
    expect(resolved).toEqual({ ...defaultValues('/tmp/out'), inputDir: resolve('in'), outDir: '/tmp/out', credentials: undefined });
    expect(resolved.workDir).toBe(join('/tmp/out', '.dictclip', 'work'));
  });

  it('keeps given values, paths made absolute, and the credentials as given', () => {
    const credentials = { scheme: 'apikey', username: 'u', apiKey: 'k' } as const;
    const resolved = resolveOptions({ inputDir: '/in', outDir: '/out', mode: 'phrase', concurrency: 2, workDir: 'w', faults: 'seed=1', credentials });
    expect(resolved).toMatchObject({ mode: 'phrase', concurrency: 2, workDir: resolve('w'), faults: 'seed=1', credentials });
  });

  it('rejects a value outside its key range with E_CONFIG naming the option and the fix', () => {
    expect(() => resolveOptions({ inputDir: '/in', outDir: '/out', concurrency: 0 })).toThrow(expect.objectContaining({
      code: 'E_CONFIG',
      message: 'runPipeline options: "concurrency" is 0; expected an integer from 1 to 64. Fix: set the option "concurrency" to a whole number from 1 to 64.',
    }));
    expect(() => resolveOptions({ inputDir: '/in', outDir: '/out', mode: 'sentence' } as unknown as RunOptions))
      .toThrow(/"mode" is "sentence"; expected one of word, phrase/);
    expect(() => resolveOptions({ inputDir: '/in', outDir: '/out', pollInitialMs: 2000, pollMaxMs: 1000 }))
      .toThrow(expect.objectContaining({ code: 'E_CONFIG', context: { key: 'pollMaxMs' } }));
  });

  it('rejects malformed credentials without printing the secret', () => {
    const bad = { scheme: 'basic', username: 'u', apiKey: 'hunter2-secret' } as unknown as RunOptions['credentials'];
    const attempt = (): unknown => resolveOptions({ inputDir: '/in', outDir: '/out', credentials: bad });
    expect(attempt).toThrow(expect.objectContaining({ code: 'E_CONFIG', context: { key: 'credentials' } }));
    expect(attempt).not.toThrow(/hunter2/);
  });
});

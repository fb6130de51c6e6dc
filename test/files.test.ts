import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DictclipError } from '../src/errors.js';
import { ATOMIC_TEMP_NAME, writeFileAtomic, writeFileAtomicSync } from '../src/files.js';

const root = mkdtempSync(join(tmpdir(), 'dictclip-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('writeFileAtomic and writeFileAtomicSync', () => {
  it('create the folder, replace the file whole and leave no temp file', async () => {
    const file = join(root, 'a', 'b', 'state.json');
    writeFileAtomicSync(file, 'first\n');
    writeFileAtomicSync(file, Buffer.from('second\n'));
    expect([readFileSync(file, 'utf8'), readdirSync(join(root, 'a', 'b'))]).toEqual(['second\n', ['state.json']]);
    await writeFileAtomic(file, 'third\n');
    expect([readFileSync(file, 'utf8'), readdirSync(join(root, 'a', 'b'))]).toEqual(['third\n', ['state.json']]);
  });

  it('fail with E_OUTPUT naming the file when its folder cannot be made, leaving nothing behind', async () => {
    const blocker = join(root, 'blocker');
    writeFileSync(blocker, 'a file, not a folder');
    const file = join(blocker, 'x.json');
    let sync: unknown;
    try {
      writeFileAtomicSync(file, 'x');
    } catch (error) {
      sync = error;
    }
    const async = await writeFileAtomic(file, 'x').catch((error: unknown) => error);
    for (const error of [sync, async]) {
      expect(error).toBeInstanceOf(DictclipError);
      expect([(error as DictclipError).code, (error as DictclipError).context.path]).toEqual(['E_OUTPUT', file]);
    }
    expect(readdirSync(root).filter((name) => ATOMIC_TEMP_NAME.test(name))).toEqual([]);
  });
});

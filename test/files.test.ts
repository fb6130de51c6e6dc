import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DictclipError } from '../src/errors.js';
import { ATOMIC_TEMP_NAME, sha256File, writeFileAtomic, writeFileAtomicSync } from '../src/files.js';

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

describe('sha256File', () => {
  it('hashes the whole content, across and at the edges of its 1 MiB read blocks', async () => {
    for (const size of [0, 1, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 2.5 * (1 << 20)]) {
      const data = Buffer.alloc(size);
      for (let i = 0; i < size; i++) data[i] = (i * 7 + (i >> 11)) & 0xff;
      const file = join(root, `hash-${size}.bin`);
      writeFileSync(file, data);
      expect([size, await sha256File(file)]).toEqual([size, createHash('sha256').update(data).digest('hex')]);
    }
  });

  it('fails with E_INPUT naming the file when it is missing or not a file', async () => {
    const folder = join(root, 'hash-folder');
    mkdirSync(folder);
    for (const file of [join(root, 'no-such-file.wav'), folder]) {
      const error = await sha256File(file).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DictclipError);
      expect([(error as DictclipError).code, (error as DictclipError).message, (error as DictclipError).context.path]).toEqual(['E_INPUT', `cannot read ${file}`, file]);
    }
  });
});

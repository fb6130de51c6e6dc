/**
 * Issue 30 item 15: reference transcripts that are symbolic links are followed as the input scan
 * follows recordings: absolute links, relative ones into a hidden store (git-annex, DVC), linked
 * folders (read once); a `.txt` link that leads nowhere is listed for skipped.csv with the reason.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openReferences } from '../../src/reference/index.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';

afterAll(removeTempDirs);

describe('reference transcripts that are links (issue 30 item 15)', () => {
  it('are read through absolute, relative and folder links; a dangling one is named with its reason', async () => {
    const root = await tempDir('reference-links');
    const dir = path.join(root, 'refs');
    const store = path.join(dir, '.git', 'annex', 'objects', 'Xk', 'SHA256E-s11--9f86');
    await mkdir(store, { recursive: true });
    await writeFile(path.join(store, 'SHA256E-s11--9f86'), 'hello annex');
    await mkdir(path.join(root, 'elsewhere', 'sub'), { recursive: true });
    await writeFile(path.join(root, 'elsewhere', 'b.txt'), 'hello absolute');
    await writeFile(path.join(root, 'elsewhere', 'sub', 'c.txt'), 'hello folder');
    await symlink('.git/annex/objects/Xk/SHA256E-s11--9f86/SHA256E-s11--9f86', path.join(dir, 'a.txt')); // as git-annex makes it
    await symlink(path.join(root, 'elsewhere', 'b.txt'), path.join(dir, 'b.txt'));
    await symlink('../elsewhere/sub', path.join(dir, 'sub'));
    await symlink('../elsewhere/sub', path.join(dir, 'sub-again')); // the same folder twice: read once, as sub/
    await symlink('missing/d.txt', path.join(dir, 'd.txt'));

    const set = await openReferences(dir, ['a.wav', 'b.mp3', 'sub/c.flac', 'd.wav']);
    const text = async (relPath: string): Promise<string | undefined> => (await set.find(relPath)?.())?.text;
    expect([await text('a.wav'), await text('b.mp3'), await text('sub/c.flac'), await text('d.wav')])
      .toEqual(['hello annex', 'hello absolute', 'hello folder', undefined]);
    expect(set.unused).toEqual([]);
    expect(set.unreadable).toEqual([{ relPath: 'd.txt', reason: 'reference transcript (--transcripts) is a link that cannot be followed (ENOENT)' }]);
  });
});

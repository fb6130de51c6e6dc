/**
 * Issue 30 item 15 through a whole run: a reference transcript that is a relative link (as
 * git-annex makes them) is used, and a `.txt` link that leads nowhere is in skipped.csv with the
 * reason, not ignored in silence.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeHelloRun } from '../dataset/fixture.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';

afterAll(removeTempDirs);

describe('reference transcripts that are links, in a run (issue 30 item 15)', () => {
  it('uses a relative link and lists a dangling one in skipped.csv', async () => {
    const root = await tempDir('run-reference-links');
    const refs = path.join(root, 'refs');
    await mkdir(path.join(refs, '.annex'), { recursive: true });
    await writeFile(path.join(refs, '.annex', 'SHA256E-s6--1f2a'), 'hello\n');
    await symlink('.annex/SHA256E-s6--1f2a', path.join(refs, 'a.txt'));
    await symlink('.annex/gone', path.join(refs, 'b.txt'));
    const { runDir } = await makeHelloRun(root, ['a.wav'], 'out', { transcripts: refs, align: 'text' });
    expect(existsSync(path.join(runDir, 'alignments', 'a.wav.json'))).toBe(true);
    expect(JSON.parse(await readFile(path.join(runDir, 'alignments', 'a.wav.json'), 'utf8')).text).toBe('hello\n');
    expect(await readFile(path.join(runDir, 'skipped.csv'), 'utf8')).toBe('source,reason\nb.txt,reference transcript (--transcripts) is a link that cannot be followed (ENOENT)\n');
  }, 120_000);
});

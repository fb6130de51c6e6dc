/** A reference's size is checked before it is read: a 500 MB one (sparse: no disk used) costs no memory. */
import { symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_REFERENCE_BYTES, readReferenceFile } from '../../src/reference/read.js';
import { MAX_REFERENCE_TABLE_BYTES, openReferences } from '../../src/reference/source.js';
import { failure, removeTempDirs, tempDir } from '../helpers/index.js';

afterAll(removeTempDirs);

/** Peak RSS of this process, bytes (the growth of the peak over a call is what it cost at most). */
const peakRss = (): number => process.resourceUsage().maxRSS * 1024;

describe('reference size cap', () => {
  it('fails a 500 MB reference with E_REFERENCE_TOO_LARGE without reading it: the peak RSS grows by under 50 MB', async () => {
    const dir = await tempDir('ref-size-');
    const file = path.join(dir, 'huge.txt');
    await writeFile(file, 'it was the best of times ');
    await truncate(file, 500 * 1024 * 1024);
    const before = peakRss();
    const error = await failure(readReferenceFile(file));
    const grew = peakRss() - before;
    expect([error.code, error.message]).toEqual(['E_REFERENCE_TOO_LARGE',
      `the reference transcript ${file} is larger than 16,777,216 bytes, the most dictclip reads: not read (split it, or leave it out)`]);
    expect(grew).toBeLessThan(50 * 1024 * 1024);
  });

  it('reads a reference of exactly the cap, and stops a link to an endless device at the cap', async () => {
    const dir = await tempDir('ref-size-');
    const exact = path.join(dir, 'exact.txt');
    await writeFile(exact, Buffer.alloc(MAX_REFERENCE_BYTES, 'a'));
    expect((await readReferenceFile(exact)).text.length).toBe(MAX_REFERENCE_BYTES);
    const endless = path.join(dir, 'zero.txt');
    await symlink('/dev/zero', endless);
    expect((await failure(readReferenceFile(endless))).code).toBe('E_REFERENCE_TOO_LARGE');
  });

  it('refuses a table past 64 MiB with E_CONFIG naming it, before reading it', async () => {
    const dir = await tempDir('ref-size-');
    const table = path.join(dir, 'refs.tsv');
    await writeFile(table, 'path\ttext\n');
    await truncate(table, MAX_REFERENCE_TABLE_BYTES + 1);
    const error = await failure(openReferences(table, ['a.wav']));
    expect([error.code, error.message]).toEqual(['E_CONFIG', `--transcripts: the table ${table} is larger than 67,108,864 bytes, the most dictclip reads: split it`]);
  });
});

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openReferences, parseTable } from '../../src/reference/index.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';

afterAll(removeTempDirs);

async function write(dir: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), content);
  }
}

describe('openReferences on a folder', () => {
  it('finds <rel>.txt first, then <rel without extension>.txt, and lists references without a recording', async () => {
    const dir = await tempDir('refs');
    await write(dir, { 'book/ch01.txt': 'one', 'book/ch01.mp3.txt': 'one corrected', 'book/ch02.txt': 'two', 'book/ch09.txt': 'nine', '.hidden/x.txt': 'no' });
    const set = await openReferences(dir, ['book/ch01.mp3', 'book/ch02.flac', 'book/ch03.wav']);
    expect((await set.find('book/ch01.mp3')!()).text).toBe('one corrected');
    expect((await set.find('book/ch02.flac')!()).text).toBe('two');
    expect(set.find('book/ch03.wav')).toBeUndefined();
    expect(set.unused).toEqual(['book/ch01.txt', 'book/ch09.txt']);
  });

  it('reads a reference as strict UTF-8 without its byte-order mark, and names each refusal', async () => {
    const dir = await tempDir('refs');
    await write(dir, { 'a.txt': Buffer.from('\uFEFFCafé.', 'utf8'), 'b.txt': Buffer.from([0x63, 0x61, 0xff, 0x66]), 'c.txt': '  ...\n' });
    const set = await openReferences(dir, ['a.wav', 'b.wav', 'c.wav']);
    expect((await set.find('a.wav')!()).text).toBe('Café.');
    await expect(set.find('b.wav')!()).rejects.toMatchObject({ code: 'E_REFERENCE_ENCODING', message: expect.stringMatching(/bad byte at offset 2/) });
    await expect(set.find('c.wav')!()).rejects.toMatchObject({ code: 'E_REFERENCE_EMPTY' });
  });

  it('names a UTF-16 or UTF-32 reference by its byte-order mark, with the fix', async () => {
    const dir = await tempDir('refs');
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Shall I', 'utf16le')]);
    const be = Buffer.from(le).swap16(); // a copy: swap16 swaps in place
    const utf32 = Buffer.from([0xff, 0xfe, 0x00, 0x00, 0x53, 0x00, 0x00, 0x00]);
    await write(dir, { 'le.txt': le, 'be.txt': be, 'u32.txt': utf32 });
    const set = await openReferences(dir, ['le.wav', 'be.wav', 'u32.wav']);
    const message = (name: string, bom: string, iconv: string): string =>
      `the reference transcript ${path.join(dir, `${name}.txt`)} is ${iconv.slice(0, -2)} ${iconv.slice(-2)} text ` +
      `(it starts with the byte-order mark ${bom}), not UTF-8: save it as UTF-8 (in an editor: save with encoding UTF-8; or iconv -f ${iconv} -t UTF-8 <file> > <new file>)`;
    await expect(set.find('le.wav')!()).rejects.toMatchObject({ code: 'E_REFERENCE_ENCODING', message: message('le', 'FF FE', 'UTF-16LE') });
    await expect(set.find('be.wav')!()).rejects.toMatchObject({ code: 'E_REFERENCE_ENCODING', message: message('be', 'FE FF', 'UTF-16BE') });
    await expect(set.find('u32.wav')!()).rejects.toMatchObject({ code: 'E_REFERENCE_ENCODING', message: message('u32', 'FF FE 00 00', 'UTF-32LE') });
  });

  it('refuses a location that does not exist with E_CONFIG', async () => {
    await expect(openReferences('/nonexistent/refs', [])).rejects.toMatchObject({ code: 'E_CONFIG' });
  });

  it('fingerprints the references of every recording, so shards with the same folder agree', async () => {
    const dir = await tempDir('refs');
    await write(dir, { 'a.txt': 'alpha', 'b.txt': 'beta' });
    const one = await openReferences(dir, ['a.wav', 'b.wav']);
    await write(dir, { 'b.txt': 'beta corrected' });
    const two = await openReferences(dir, ['b.wav', 'a.wav']);
    expect(one.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(two.fingerprint).not.toBe(one.fingerprint);
    expect((await openReferences(dir, ['a.wav', 'b.wav'])).fingerprint).toBe(two.fingerprint);
  });
});

describe('openReferences on a table file', () => {
  it('maps ids to recordings: the path with or without extension, or a file name only one recording has', async () => {
    const dir = await tempDir('refs');
    const file = path.join(dir, 'texts.tsv');
    await writeFile(file, 'path\ttext\nbook/ch01.mp3\tChapter one.\nbook/ch02\tChapter two.\nch03\tChapter three.\nintro\tTwo intros.\nlost\tNo recording.\n');
    const set = await openReferences(file, ['book/ch01.mp3', 'book/ch02.mp3', 'book/ch03.mp3', 'a/intro.wav', 'b/intro.wav']);
    expect((await set.find('book/ch01.mp3')!()).text).toBe('Chapter one.');
    expect((await set.find('book/ch02.mp3')!()).text).toBe('Chapter two.');
    expect((await set.find('book/ch03.mp3')!()).text).toBe('Chapter three.');
    expect(set.find('a/intro.wav')).toBeUndefined(); // two recordings are called intro: the id names neither
    expect(set.unused).toEqual(['texts.tsv#intro', 'texts.tsv#lost']);
    expect((await set.find('book/ch01.mp3')!()).origin).toBe(`${file}#book/ch01.mp3`);
  });

  it('refuses a table it cannot read with E_CONFIG naming the problem', async () => {
    const dir = await tempDir('refs');
    await writeFile(path.join(dir, 'bad.csv'), 'name,words\na,b\n');
    await expect(openReferences(path.join(dir, 'bad.csv'), [])).rejects.toMatchObject({ code: 'E_CONFIG', message: expect.stringMatching(/path column/) });
    await writeFile(path.join(dir, 'twice.tsv'), 'id\ttext\na\tx\na\ty\n');
    await expect(openReferences(path.join(dir, 'twice.tsv'), [])).rejects.toMatchObject({ code: 'E_CONFIG', message: expect.stringMatching(/appears twice/) });
  });
});

describe('parseTable', () => {
  it('reads a CSV with a header, quoted fields included', () => {
    expect(parseTable('refs.csv', 'file_name,speaker,transcript\n"a.wav",x,"Hello, world."\nb.wav,y,Bye\n')).toEqual([
      { id: 'a.wav', text: 'Hello, world.' }, { id: 'b.wav', text: 'Bye' }]);
  });

  it("reads LJSpeech's metadata.csv (id|text|normalized, no header): the text as written", () => {
    expect(parseTable('metadata.csv', 'LJ001-0001|Printing, in 1840, was|Printing, in eighteen forty, was\nLJ001-0002|in being comparatively modern.|in being comparatively modern.\n')).toEqual([
      { id: 'LJ001-0001', text: 'Printing, in 1840, was' }, { id: 'LJ001-0002', text: 'in being comparatively modern.' }]);
  });

  it("reads Kaldi's text and a LibriSpeech trans.txt (id, then the words)", () => {
    expect(parseTable('text', 'utt1 HELLO WORLD\nutt2\tGOOD  BYE\n\n')).toEqual([{ id: 'utt1', text: 'HELLO WORLD' }, { id: 'utt2', text: 'GOOD  BYE' }]);
    expect(parseTable('19-198.trans.txt', '19-198-0000 NORTHANGER ABBEY\n19-198-0001 THIS LITTLE WORK\n')).toEqual([
      { id: '19-198-0000', text: 'NORTHANGER ABBEY' }, { id: '19-198-0001', text: 'THIS LITTLE WORK' }]);
  });
});

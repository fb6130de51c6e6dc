import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  correctionTextOf, correctionTextSha256, correctionWordsPath, matchesText, readCorrectionText, readCorrectionWords, writeCorrectionWords,
  type CorrectionWords,
} from '../../src/run-output/corrections.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'corrections-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const TEXT = 'Shall I compare thee';
const value = (words: CorrectionWords['words']): CorrectionWords => ({ version: 1, source: 'a/b.wav', textSha256: correctionTextSha256(TEXT), words });

async function writeRaw(source: string, body: string): Promise<void> {
  const file = correctionWordsPath(dir, source);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
}

describe('corrections/<src>.words.json', () => {
  it('lives beside corrections/<src>.txt, source extension kept', () => {
    expect(path.relative(dir, correctionWordsPath(dir, 'a/b.wav'))).toBe(path.join('corrections', 'a', 'b.wav.words.json'));
    expect(() => correctionWordsPath(dir, '../../x.wav')).toThrow(expect.objectContaining({ code: 'E_OUTPUT' }));
  });

  it('reads back exactly what it writes, words in text order, unknown keys dropped; null when absent', async () => {
    expect(await readCorrectionWords(dir, 'a/b.wav')).toBeNull();
    const words = [
      { textStart: 8, textLength: 7, startMs: 412, endMs: 733, verified: true, note: 'dropped' },
      { textStart: 0, textLength: 5, verified: false },
      { textStart: 6, textLength: 1, startMs: 301, endMs: 330 },
    ];
    await writeCorrectionWords(dir, 'a/b.wav', value(words as CorrectionWords['words']));
    expect(await readCorrectionWords(dir, 'a/b.wav')).toEqual({
      version: 1, source: 'a/b.wav', textSha256: correctionTextSha256(TEXT),
      words: [
        { textStart: 0, textLength: 5, verified: false },
        { textStart: 6, textLength: 1, startMs: 301, endMs: 330 },
        { textStart: 8, textLength: 7, startMs: 412, endMs: 733, verified: true },
      ],
    });
    // Atomic: no temporary file is left beside it.
    expect(await readdir(path.join(dir, 'corrections', 'a'))).toEqual(['b.wav.words.json']);
  });

  it.each([
    ['not JSON', '{"version": 1,', /is not JSON/],
    ['another version', JSON.stringify({ ...value([]), version: 2 }), /its version is 2, this dictclip reads 1/],
    ['another recording', JSON.stringify({ ...value([]), source: 'c.wav' }), /its source is "c.wav", not "a\/b.wav"/],
    ['a bad hash', JSON.stringify({ ...value([]), textSha256: 'abc' }), /textSha256 is not 64 lowercase hex digits/],
    ['one time only', JSON.stringify(value([{ textStart: 0, textLength: 5, startMs: 10 }])), /word 0 needs both startMs and endMs/],
    ['fractional ms', JSON.stringify(value([{ textStart: 0, textLength: 5, startMs: 10.5, endMs: 20 }])), /word 0 needs both startMs and endMs/],
    ['an end before its start', JSON.stringify(value([{ textStart: 0, textLength: 5, startMs: 30, endMs: 30 }])), /word 0 ends \(30 ms\) at or before it starts \(30 ms\)/],
    ['an empty word', JSON.stringify(value([{ textStart: 0, textLength: 0 }])), /word 0 needs textStart/],
    ['overlapping words', JSON.stringify(value([{ textStart: 0, textLength: 5 }, { textStart: 4, textLength: 2 }])), /word 1 \(textStart 4\) overlaps/],
    ['a verified that is a string', JSON.stringify(value([{ textStart: 0, textLength: 5, verified: 'yes' } as never])), /word 0 has a verified that is not true or false/],
  ])('refuses %s with E_CORRECTIONS_INVALID naming the file and why', async (_name, body, why) => {
    await writeRaw('a/b.wav', body);
    const error = await readCorrectionWords(dir, 'a/b.wav').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E_CORRECTIONS_INVALID', context: { path: correctionWordsPath(dir, 'a/b.wav') } });
    expect((error as Error).message).toMatch(why);
  });

  it('refuses to write what it would refuse to read (E_INVALID_ARGUMENT), and writes nothing', async () => {
    const bad = value([{ textStart: 0, textLength: 5, startMs: 50, endMs: 40 }]);
    await expect(writeCorrectionWords(dir, 'a/b.wav', bad)).rejects.toMatchObject({ code: 'E_INVALID_ARGUMENT' });
    await expect(writeCorrectionWords(dir, 'a/b.wav', { ...value([]), source: 'other.wav' })).rejects.toMatchObject({ code: 'E_INVALID_ARGUMENT' });
    expect(await readCorrectionWords(dir, 'a/b.wav')).toBeNull();
  });

  it('ties the edits to their text by the hash of the text without its closing newline', async () => {
    expect(correctionTextOf(`${TEXT}\r\n`)).toBe(TEXT);
    expect(correctionTextOf(`${TEXT}\n\n`)).toBe(`${TEXT}\n`);
    expect(correctionTextSha256(TEXT)).toBe(createHash('sha256').update(TEXT, 'utf8').digest('hex'));
    expect(matchesText(value([]), TEXT)).toBe(true);
    expect(matchesText(value([]), `${TEXT}!`)).toBe(false);
    expect(await readCorrectionText(dir, 'a/b.wav')).toBeNull();
    await mkdir(path.join(dir, 'corrections', 'a'), { recursive: true });
    await writeFile(path.join(dir, 'corrections', 'a', 'b.wav.txt'), `${TEXT}\n`);
    expect(await readCorrectionText(dir, 'a/b.wav')).toBe(TEXT);
  });
});

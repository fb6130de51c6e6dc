/** The JSON side files of a run: each written and read through its module, checked against its schema both ways. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAlignment, writeAlignment, type AlignmentRecord } from '../../src/run-output/alignments.js';
import { readMarkersFile, writeDictationFiles } from '../../src/run-output/markers-file.js';
import { alignmentsPath, markersPath, timedTranscriptPath, transcriptPath } from '../../src/run-output/naming.js';
import { readTimedTranscript, writeTimedTranscript } from '../../src/run-output/timed-file.js';
import { readState, writeState } from '../../src/run-output/state-file.js';
import { clipWords, recordingWords } from '../../src/run-output/words.js';
import { useTempDir } from '../audio/helpers.js';

const dir = useTempDir('side-files');

const result = {
  transcript: 'Hello, world.', collapsed: false, warnings: [],
  markers: [
    { text: 'Hello', textStart: 0, textLength: 5, startMs: 100, endMs: 400 }, { text: ',', textStart: 5, textLength: 1, startMs: 400, endMs: 400 },
    { text: 'world', textStart: 7, textLength: 5, startMs: 500, endMs: 900 }, { text: '.', textStart: 12, textLength: 1, startMs: 900, endMs: 900 },
  ],
};

const agreement = { words: 2, matched: 1, substituted: 1, unheard: 0, extra: 0, wer: 0.5, unaligned: 0 };
const alignment: AlignmentRecord = {
  version: 1, source: 'a.wav', reference: 'refs/a.txt', align: 'text', text: 'Hullo there world\n', agreement,
  words: [
    { text: 'Hullo', textStart: 0, textLength: 5, startMs: 100, endMs: 400, placement: 'substituted', heard: 'substituted' },
    { text: 'there', textStart: 6, textLength: 5, startMs: null, endMs: null, placement: 'unaligned', heard: 'unheard' },
    { text: 'world', textStart: 12, textLength: 5, startMs: 500, endMs: 900, placement: 'matched', heard: 'matched' },
  ],
};

describe('markers/<source>.json', () => {
  it('round-trips with its version and the transcript beside it', async () => {
    await writeDictationFiles(dir(), 'a.wav', { method: 'new', dictationIds: ['d1'], result });
    expect(await readFile(transcriptPath(dir(), 'a.wav'), 'utf8')).toBe('Hello, world.\n');
    expect(await readMarkersFile(dir(), 'a.wav')).toEqual({ version: 1, source: 'a.wav', method: 'new', dictationIds: ['d1'], ...result });
    expect(await readMarkersFile(dir(), 'none.wav')).toBeUndefined();
  });

  it('reads a file written before the version was recorded, and refuses another version or shape naming the file and the field', async () => {
    const file = markersPath(dir(), 'b.wav');
    await mkdir(path.dirname(file), { recursive: true });
    const old = { source: 'b.wav', method: 'old', dictationIds: [], ...result };
    await writeFile(file, JSON.stringify(old));
    expect(await readMarkersFile(dir(), 'b.wav')).toEqual(old);
    await writeFile(file, JSON.stringify({ ...old, version: 2 }));
    await expect(readMarkersFile(dir(), 'b.wav')).rejects.toMatchObject({ code: 'E_RUN_FILE_INVALID', context: { path: file } });
    await writeFile(file, JSON.stringify({ ...old, markers: [{ ...result.markers[0], startMs: '100' }] }));
    await expect(readMarkersFile(dir(), 'b.wav')).rejects.toThrow(`the markers file ${file} is not valid: markers.0.startMs: Invalid type: Expected number but received "100"`);
  });
});

describe('alignments/<source>.json', () => {
  it('round-trips, keeps fields a later aligner adds to a word, and the writer refuses what the reader would', async () => {
    writeAlignment(dir(), alignment);
    expect(await readAlignment(dir(), 'a.wav')).toEqual(alignment);
    const file = alignmentsPath(dir(), 'a.wav');
    const withExtra = { ...alignment, words: alignment.words.map((w) => ({ ...w, confidence: 0.5 })) };
    await writeFile(file, JSON.stringify(withExtra));
    expect((await readAlignment(dir(), 'a.wav'))?.words.map((w) => (w as { confidence?: number }).confidence)).toEqual([0.5, 0.5, 0.5]);
    expect(() => writeAlignment(dir(), { ...alignment, words: [{ ...alignment.words[0]!, placement: 'guessed' as never }] })).toThrow(/words\.0\.placement/);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(withExtra);
  });

  it('refuses a file that is not JSON', async () => {
    const file = alignmentsPath(dir(), 'c.wav');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{"version": 1,');
    await expect(readAlignment(dir(), 'c.wav')).rejects.toMatchObject({ code: 'E_RUN_FILE_INVALID', message: `the alignments file ${file} is not valid: not JSON` });
  });
});

describe('transcripts/<source>.json', () => {
  it('round-trips and refuses another version', async () => {
    const timed = {
      version: 1 as const, source: 'a.wav', wordsFrom: 'dictation' as const, transcript: 'Hello', durationMs: 1000,
      words: [{ text: 'Hello', startMs: 100, endMs: 400, textStart: 0, textLength: 5, flags: '' }],
      phrases: [{ text: 'Hello', startMs: 100, endMs: 400, textStart: 0, textLength: 5, firstWord: 0, lastWord: 0 }],
    };
    writeTimedTranscript(dir(), timed);
    expect(await readTimedTranscript(dir(), 'a.wav')).toEqual(timed);
    await writeFile(timedTranscriptPath(dir(), 'a.wav'), JSON.stringify({ ...timed, version: 2 }));
    await expect(readTimedTranscript(dir(), 'a.wav')).rejects.toMatchObject({ code: 'E_RUN_FILE_INVALID' });
  });
});

describe('the words a clip points into', () => {
  it('are the reference words when the recording was cut from a reference, else its dictated markers', async () => {
    await writeDictationFiles(dir(), 'w.wav', { method: 'new', dictationIds: ['d1'], result });
    expect(await recordingWords(dir(), 'w.wav')).toMatchObject({ from: 'dictation', text: 'Hello, world.', words: result.markers });
    writeAlignment(dir(), { ...alignment, source: 'w.wav' });
    const words = await recordingWords(dir(), 'w.wav');
    expect([words?.from, words?.text, words?.words.map((w) => w.text)]).toEqual(['reference', 'Hullo there world\n', ['Hullo', 'there', 'world']]);
    expect(await recordingWords(dir(), 'none.wav')).toBeUndefined();
  });

  it('are those starting inside the clip\'s text span, in text order', () => {
    const words = alignment.words;
    expect(clipWords(words, { textStart: 0, textLength: 5 }).map((w) => w.text)).toEqual(['Hullo']);
    expect(clipWords(words, { textStart: 6, textLength: 11 }).map((w) => w.text)).toEqual(['there', 'world']);
    expect(clipWords(words, { textStart: 0, textLength: 17 }).map((w) => w.text)).toEqual(['Hullo', 'there', 'world']);
    expect(clipWords(words, { textStart: 5, textLength: 1 })).toEqual([]);
    expect(clipWords(words, { textStart: 17, textLength: 3 })).toEqual([]);
  });
});

describe('a recording\'s state file', () => {
  it('reads back what the run wrote through JSON, an undefined field dropped on the way included', async () => {
    const file = path.join(dir(), '.dictclip', 'state', 'a.json');
    await mkdir(path.dirname(file), { recursive: true });
    const state = {
      version: 1 as const, source: 'a.wav', sourceFingerprint: { size: 1, mtimeMs: 2, sha256: 'h' },
      clips: { fingerprint: 'c', rows: [], reference: { agreement: { ...agreement }, found: undefined } },
    };
    await writeState(file, state);
    expect(await readState(file)).toEqual({ ...state, clips: { ...state.clips, reference: { agreement } } });
    await writeFile(file, JSON.stringify({ ...state, sourceFingerprint: { size: 1 } }));
    await expect(readState(file)).rejects.toMatchObject({ code: 'E_RUN_FILE_INVALID', message: expect.stringContaining('sourceFingerprint.mtimeMs') });
  });
});

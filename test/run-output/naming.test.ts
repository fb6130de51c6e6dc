import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDictclipError } from '../../src/errors.js';
import { sha256 } from '../../src/files.js';
import { clipDir, clipFileName, markersPath, recordingKey, slugify, transcriptPath } from '../../src/run-output/naming.js';

const out = path.resolve('/tmp/out-dir');
const hash8 = (s: string): string => sha256(s).slice(0, 8);

describe('slugify and clipFileName', () => {
  it('strips diacritics, lowercases and collapses other characters', () => {
    expect(slugify('Crème Brûlée!')).toBe('creme_brulee');
    expect(slugify('"quoted", it\'s')).toBe('quoted_it_s');
    expect(slugify('...')).toBe('clip');
    expect(slugify('日本語')).toBe('clip');
    expect(slugify('ﬁne')).toBe('fine');
    expect(slugify('a'.repeat(39) + ' b')).toBe('a'.repeat(39));
    expect(slugify('x'.repeat(50))).toBe('x'.repeat(40));
  });

  it('pads the index to five digits', () => {
    expect(clipFileName(0, 'Hello')).toBe('00000_hello.wav');
    expect(clipFileName(123, '.')).toBe('00123_clip.wav');
    expect(clipFileName(100000, 'big')).toBe('100000_big.wav');
  });
});

describe('recordingKey', () => {
  it('joins sanitized segments with __ and appends the relPath hash', () => {
    expect(recordingKey('Sub Dir/Café Take 1.WAV')).toBe(`sub_dir__cafe_take_1-${hash8('Sub Dir/Café Take 1.WAV')}`);
    expect(recordingKey('a.wav')).toBe(`a-${hash8('a.wav')}`);
  });

  it('keeps colliding readable names apart through the hash', () => {
    const keys = ['a b.wav', 'a_b.wav', 'a-b.wav', 'A B.mp3', 'a/b.wav', 'a__b.wav'].map(recordingKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[0]?.startsWith('a_b-')).toBe(true);
    expect(keys[1]?.startsWith('a_b-')).toBe(true);
  });

  it('neutralizes traversal, reserved names and unicode-only names', () => {
    expect(recordingKey('../../etc/passwd.wav')).toBe(`etc__passwd-${hash8('../../etc/passwd.wav')}`);
    expect(recordingKey('CON.wav')).toBe(`con-${hash8('CON.wav')}`);
    expect(recordingKey('日本/語.wav')).toBe(`clip-${hash8('日本/語.wav')}`);
    expect(recordingKey(`${'x'.repeat(100)}.wav`)).toBe(`${'x'.repeat(80)}-${hash8(`${'x'.repeat(100)}.wav`)}`);
    for (const key of ['../x.wav', '..', '.wav', 'a/../../b.mp3'].map(recordingKey)) {
      expect(key).toMatch(/^[a-z0-9_]+-[0-9a-f]{8}$/);
    }
  });
});

describe('output paths', () => {
  it('puts clip folders under clips/', () => {
    expect(clipDir(out, 'x/y.wav')).toBe(path.join(out, 'clips', `x__y-${hash8('x/y.wav')}`));
  });

  it('mirrors the source tree for transcripts and markers', () => {
    expect(transcriptPath(out, 'x/y z.flac')).toBe(path.join(out, 'transcripts', 'x', 'y z.flac.txt'));
    expect(markersPath(out, 'rec.mp3')).toBe(path.join(out, 'markers', 'rec.mp3.json'));
  });

  it('refuses a mirrored path that escapes the output folder', () => {
    for (const rel of ['../../evil.wav', '../transcripts2/a.wav', '../a.wav']) {
      let error: unknown;
      try {
        transcriptPath(out, rel);
      } catch (e) {
        error = e;
      }
      expect(isDictclipError(error, 'E_OUTPUT')).toBe(true);
    }
  });
});

import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDictclipError } from '../../../src/errors.js';
import { scanRecordings } from '../../../src/pipeline/run/scan.js';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dictclip-scan-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function touch(rel: string): Promise<void> {
  const full = path.join(root, rel);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, 'x');
}

describe('scanRecordings', () => {
  it('finds audio recursively, depth first, in code point order, with case-insensitive extensions', async () => {
    for (const rel of ['b.WAV', 'a/z.mp3', 'a/B.flac', 'a/sub/c.ogg', 'Z.opus', 'notes.txt', 'é.m4a', 'e.aac', 'x.webm', 'y.oga', 'v.mp4']) {
      await touch(rel);
    }
    const { recordings, skipped } = await scanRecordings(root);
    expect(recordings.map((r) => r.relPath)).toEqual([
      'Z.opus', 'a/B.flac', 'a/sub/c.ogg', 'a/z.mp3', 'b.WAV', 'e.aac', 'v.mp4', 'x.webm', 'y.oga', 'é.m4a',
    ]);
    expect(recordings[1]?.path).toBe(path.join(root, 'a', 'B.flac'));
    expect(skipped).toEqual([{ relPath: 'notes.txt', reason: '".txt" is not an accepted audio or video type' }]);
  });

  it('accepts the common containers ffmpeg decodes', async () => {
    const names = ['a.aiff', 'b.aif', 'c.au', 'd.mov', 'e.mkv', 'f.webm', 'g.mp4', 'h.wma', 'i.opus', 'j.amr', 'k.caf', 'l.avi', 'm.AIFF'];
    for (const name of names) await touch(name);
    const { recordings, skipped } = await scanRecordings(root);
    expect(recordings.map((r) => r.relPath)).toEqual(names);
    expect(skipped).toEqual([]);
  });

  it('names every entry it does not scan, with its reason: hidden, no extension, not accepted', async () => {
    await touch('.hidden.wav');
    await touch('.git/x.wav');
    await touch('ok.wav');
    await touch('README');
    await touch('sub/cover.jpg');
    const { recordings, skipped } = await scanRecordings(root);
    expect(recordings.map((r) => r.relPath)).toEqual(['ok.wav']);
    expect(skipped).toEqual([
      { relPath: '.git', reason: 'hidden folder (name starts with ".")' },
      { relPath: '.hidden.wav', reason: 'hidden file (name starts with ".")' },
      { relPath: 'README', reason: 'no file extension: not an accepted audio or video type' },
      { relPath: 'sub/cover.jpg', reason: '".jpg" is not an accepted audio or video type' },
    ]);
  });

  it('recurses into a folder named like an audio file', async () => {
    await touch('x.wav/inner.mp3');
    const { recordings } = await scanRecordings(root);
    expect(recordings.map((r) => r.relPath)).toEqual(['x.wav/inner.mp3']);
  });

  it('follows symlinks and survives a symlink loop', async () => {
    await touch('a/one.wav');
    await symlink(path.join(root, 'a'), path.join(root, 'a', 'loop'));
    await symlink(path.join(root, 'a', 'one.wav'), path.join(root, 'link.wav'));
    const { recordings, skipped } = await scanRecordings(root);
    expect(recordings.map((r) => r.relPath)).toEqual(['a/one.wav', 'link.wav']);
    expect(skipped).toEqual([]);
  });

  it('reports a broken symlink in skipped, whatever its name', async () => {
    await symlink(path.join(root, 'missing.wav'), path.join(root, 'broken.wav'));
    await symlink(path.join(root, 'missing'), path.join(root, 'broken'));
    const { recordings, skipped } = await scanRecordings(root);
    expect(recordings).toEqual([]);
    expect(skipped).toEqual([{ relPath: 'broken', reason: 'cannot be read: ENOENT' }, { relPath: 'broken.wav', reason: 'cannot be read: ENOENT' }]);
  });

  it('leaves out excluded paths such as the output folder inside the input', async () => {
    await touch('in.wav');
    await touch('out/clips/x/00000_a.wav');
    await touch('out2/keep.wav');
    const { recordings } = await scanRecordings(root, { leaveOut: [path.join(root, 'out')] });
    expect(recordings.map((r) => r.relPath)).toEqual(['in.wav', 'out2/keep.wav']);
  });

  it('fails with E_INPUT for a missing input or a file that is not a recording', async () => {
    await touch('notes.txt');
    for (const input of [path.join(root, 'nope'), path.join(root, 'notes.txt')]) {
      const error: unknown = await scanRecordings(input).catch((e: unknown) => e);
      expect(isDictclipError(error, 'E_INPUT')).toBe(true);
    }
  });

  it('takes a single recording file as the input, relative to its own folder', async () => {
    await touch('talks/.talk.MP3');
    await touch('talks/other.wav');
    expect(await scanRecordings(path.join(root, 'talks', '.talk.MP3'))).toEqual({
      folder: path.join(root, 'talks'), recordings: [{ path: path.join(root, 'talks', '.talk.MP3'), relPath: '.talk.MP3' }], skipped: [], excluded: [],
    });
  });
});

describe('scanRecordings with include/exclude patterns', () => {
  const TREE = ['a.wav', 'b.mp3', 'drafts/c.wav', 'drafts/sub/d.wav', 'talks/drafts/f.wav', 'talks/e.wav', 'talks/g.MP3', '.h.wav', '.cache/i.wav', 'notes.txt'];
  const SKIPPED = [
    { relPath: '.cache', reason: 'hidden folder (name starts with ".")' },
    { relPath: '.h.wav', reason: 'hidden file (name starts with ".")' },
    { relPath: 'notes.txt', reason: '".txt" is not an accepted audio or video type' },
  ];
  beforeEach(async () => {
    for (const rel of TREE) await touch(rel);
  });
  const scan = async (include?: string[], exclude?: string[]) => {
    const result = await scanRecordings(root, { include, exclude });
    return { recordings: result.recordings.map((r) => r.relPath), excluded: result.excluded, skipped: result.skipped };
  };

  it('takes every recording and excludes none without patterns', async () => {
    expect(await scan()).toEqual({
      recordings: ['a.wav', 'b.mp3', 'drafts/c.wav', 'drafts/sub/d.wav', 'talks/drafts/f.wav', 'talks/e.wav', 'talks/g.MP3'], excluded: [], skipped: SKIPPED,
    });
  });

  it('**/*.wav keeps the WAVs at every depth, the root included; the others are excluded, not skipped', async () => {
    expect(await scan(['**/*.wav'])).toEqual({
      recordings: ['a.wav', 'drafts/c.wav', 'drafts/sub/d.wav', 'talks/drafts/f.wav', 'talks/e.wav'],
      excluded: ['b.mp3', 'talks/g.MP3'],
      skipped: SKIPPED,
    });
  });

  it('!drafts/** among the include patterns leaves out the top drafts folder only', async () => {
    expect(await scan(['**/*.wav', '!drafts/**'])).toEqual({
      recordings: ['a.wav', 'talks/drafts/f.wav', 'talks/e.wav'],
      excluded: ['b.mp3', 'drafts/c.wav', 'drafts/sub/d.wav', 'talks/g.MP3'],
      skipped: SKIPPED,
    });
  });

  it('a pattern without a slash matches a folder or file name at any depth; exclusion wins over inclusion', async () => {
    expect(await scan(undefined, ['drafts'])).toMatchObject({
      recordings: ['a.wav', 'b.mp3', 'talks/e.wav', 'talks/g.MP3'], excluded: ['drafts/c.wav', 'drafts/sub/d.wav', 'talks/drafts/f.wav'],
    });
    expect(await scan(['talks'], ['*.MP3', 'drafts/'])).toMatchObject({
      recordings: ['talks/e.wav'], excluded: ['a.wav', 'b.mp3', 'drafts/c.wav', 'drafts/sub/d.wav', 'talks/drafts/f.wav', 'talks/g.MP3'],
    });
  });

  it('is case-sensitive, and a pattern with a slash is anchored at the input folder', async () => {
    expect(await scan(['*.mp3'])).toMatchObject({ recordings: ['b.mp3'] });
    expect(await scan(['drafts/*.wav'])).toMatchObject({ recordings: ['drafts/c.wav'] });
    expect(await scan(['*.{wav,MP3}'], ['talks/drafts/**'])).toMatchObject({ recordings: ['a.wav', 'drafts/c.wav', 'drafts/sub/d.wav', 'talks/e.wav', 'talks/g.MP3'] });
  });

  it('never scans dotfiles or hidden folders, whatever the patterns say', async () => {
    expect(await scan(['**/.*', '.cache/**', '.h.wav'])).toEqual({ recordings: [], excluded: TREE.slice(0, 7).sort(), skipped: SKIPPED });
  });

  it('takes a single input file whatever the patterns say', async () => {
    const result = await scanRecordings(path.join(root, 'b.mp3'), { include: ['*.wav'] });
    expect(result.recordings.map((r) => r.relPath)).toEqual(['b.mp3']);
  });
});

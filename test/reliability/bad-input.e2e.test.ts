/**
 * A corpus of bad inputs: every entry gets exactly one clear outcome (done, failed with a code,
 * or skipped with a reason), the good-but-odd ones complete, and nothing is written outside <out>.
 */
import { chmod, mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runPipeline } from '../../src/pipeline/index.js';
import {
  listFiles, makeBursts, makeSilence, makeTone, removeTempDirs, runOptions, startTestService, tempDir,
} from '../helpers/index.js';

afterAll(removeTempDirs);

const ODD_NAMES = ['ünïcödé 名前.wav', 'with space.wav', `quote"s'.wav`, 'name..with..dots.wav'];

async function buildCorpus(dir: string): Promise<void> {
  await writeFile(join(dir, 'empty.wav'), '');
  const good = await makeTone(join(dir, 'tmp-good.bin.wav'), { seconds: 1 });
  const bytes = await readFile(good);
  await writeFile(join(dir, 'truncated-header.wav'), bytes.subarray(0, 20));
  const huge = Buffer.from(bytes);
  huge.writeUInt32LE(0xfffffff0, 4);
  huge.writeUInt32LE(0xfffffff0, 40);
  await writeFile(join(dir, 'huge-size.wav'), huge);
  await writeFile(join(dir, 'text.wav'), 'This is not audio at all.\n'.repeat(20));
  await writeFile(join(dir, 'random.mp3'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)));
  await makeTone(join(dir, 'short.wav'), { seconds: 0.05 });
  await makeSilence(join(dir, 'silence-10min.wav'), { seconds: 600 });
  await makeBursts(join(dir, 'eight-channels.wav'), [[0.2, 0.6], [1.0, 1.4]], { seconds: 1.7, rate: 48000, channels: 8 });
  await makeBursts(join(dir, 'eight-khz.wav'), [[0.2, 0.6], [1.0, 1.4]], { seconds: 1.7, rate: 8000 });
  for (const name of ODD_NAMES) await makeBursts(join(dir, name), [[0.2, 0.6], [1.0, 1.4]], { seconds: 1.7 });
  await makeBursts(join(dir, 'unreadable.wav'), [[0.2, 0.6]], { seconds: 1 });
  await chmod(join(dir, 'unreadable.wav'), 0o000);
  await symlink('loop.wav', join(dir, 'loop.wav'));
  await symlink('.', join(dir, 'dirloop'));
  await mkdir(join(dir, 'folder.wav'));
  await writeFile(join(dir, 'tmp-good.bin.wav'), bytes); // keep one plain good file too
}

describe('bad inputs', () => {
  it('gives every input one clear outcome and writes only inside <out>', async () => {
    const input = await tempDir('bad-in');
    await buildCorpus(input);
    const inputBefore = await listFiles(input).catch(() => []);
    const parent = await tempDir('bad-parent');
    const out = join(parent, 'out');
    const svc = await startTestService();
    const done = new Map<string, number>();
    let skipped: { relPath: string; reason: string }[] = [];
    try {
      const result = await runPipeline(
        runOptions(input, out, { baseUrl: svc.url, credentials: svc.credentials, requestTimeoutMs: 30_000 }),
        {
          onStart: (info) => (skipped = info.skipped),
          onRecordingDone: (info) => done.set(info.source, info.clips),
        },
      );
      const failed = new Map(result.failures.map((f) => [f.source, f]));
      const outcome = (name: string): string => {
        const all = [
          done.has(name) ? 'done' : '',
          failed.has(name) ? 'failed' : '',
          skipped.some((s) => s.relPath === name) ? 'skipped' : '',
        ].filter(Boolean);
        return all.join('+') || 'none';
      };
      // Not audio, or not decodable: a transcode failure with ffmpeg's own reason.
      for (const name of ['truncated-header.wav', 'text.wav', 'random.mp3', 'huge-size.wav']) {
        expect(outcome(name), name).toBe('failed');
        expect(failed.get(name), name).toMatchObject({ stage: 'transcode', code: 'E_FFMPEG' });
      }
      // An empty file fails before ffmpeg, saying so (not ffmpeg's "Invalid argument").
      expect(failed.get('empty.wav')).toMatchObject({
        stage: 'scan',
        code: 'E_INPUT',
        message: 'the file is empty (0 bytes): there is no audio to dictate',
      });
      expect(outcome('short.wav')).toBe('done'); // 0.05 s is audio, just short
      // Root reads anything (CI runs as root); anyone else gets the file's read error.
      if (process.getuid?.() === 0) expect(outcome('unreadable.wav')).toBe('done');
      else expect(failed.get('unreadable.wav')).toMatchObject({ stage: 'scan', code: 'E_INPUT' }); // as non-root: test/cli/unreadable-nonroot.e2e.test.ts
      expect(outcome('silence-10min.wav')).toBe('done');
      expect(done.get('silence-10min.wav')).toBe(0);
      for (const name of ['eight-channels.wav', 'eight-khz.wav', 'tmp-good.bin.wav', ...ODD_NAMES]) {
        expect(outcome(name), name).toBe('done');
        expect(done.get(name), name).toBeGreaterThan(0);
      }
      expect(outcome('loop.wav')).toBe('skipped'); // a symlink to itself, reported by the scan
      expect(skipped.find((entry) => entry.relPath === 'loop.wav')?.reason).toMatch(/ELOOP/);
      expect(outcome('folder.wav')).toBe('none'); // a (empty) folder named like audio is a folder
      expect([...done.keys(), ...failed.keys()].every((s) => !s.startsWith('dirloop/'))).toBe(true);
      for (const f of result.failures) expect(f.message.length, f.source).toBeGreaterThan(10);
      // Nothing outside <out>: the input folder and the parent of <out> are unchanged.
      await chmod(join(input, 'unreadable.wav'), 0o644);
      expect(await listFiles(input).catch(() => [])).toEqual(inputBefore);
      expect(await listFiles(parent, { exclude: (rel) => rel.startsWith('out/') })).toEqual([]);
      const clips = await listFiles(join(out, 'clips'));
      expect(clips.every((c) => !c.includes('..') && c.split('/').length === 2)).toBe(true);
      expect((await stat(join(out, 'manifest.csv'))).isFile()).toBe(true);
    } finally {
      await svc.close();
    }
  }, 120_000);
});

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRunOptions } from '../../src/config/load.js';
import { scanRecordings } from '../../src/pipeline/run/scan.js';
import { formatShard, parseShard, selectShard, shardOf } from '../../src/shard/select.js';
import { removeTempDirs, tempDir } from '../helpers/fs.js';

afterAll(removeTempDirs);

const PATHS = Array.from({ length: 300 }, (_, i) => `batch-${i % 7}/speaker ${i % 13}/take-${i}.${['wav', 'mp3', 'flac'][i % 3] ?? 'wav'}`);

describe('shardOf', () => {
  it('is the first 8 bytes of sha256(relPath), big-endian, mod N', () => {
    // sha256("a.wav") starts bc30c538c410e224; sha256("sub/c.mp3") starts aec06847b407f4e7.
    expect(shardOf('a.wav', 7)).toBe(Number(0xbc30c538c410e224n % 7n));
    expect(shardOf('a.wav', 7)).toBe(3);
    expect(shardOf('sub/c.mp3', 7)).toBe(2);
    expect(shardOf('a.wav', 1)).toBe(0);
  });
});

describe('selectShard', () => {
  it.each([1, 2, 3, 7, 16])('shards 0..%i-1 partition the recordings: each exactly once, in input order', (count) => {
    const recordings = PATHS.map((relPath) => ({ relPath, path: `/data/${relPath}` }));
    const shards = Array.from({ length: count }, (_, index) => selectShard(recordings, { index, count }));
    const all = shards.flat().map((r) => r.relPath);
    expect(all.length).toBe(PATHS.length);
    expect(new Set(all).size).toBe(PATHS.length);
    for (const shard of shards) expect(shard).toEqual(recordings.filter((r) => shard.includes(r)));
    if (count > 1) for (const shard of shards) expect(shard.length).toBeGreaterThan(0);
  });

  it('is undefined-safe: no shard selects everything', () => {
    expect(selectShard([{ relPath: 'a.wav' }], undefined)).toEqual([{ relPath: 'a.wav' }]);
  });

  it('gives the same shards on two machines: other absolute root, other creation and listing order', async () => {
    const names = PATHS.slice(0, 40);
    const rootA = path.join(await tempDir('shard-a'), 'mnt', 'recordings');
    const rootB = path.join(await tempDir('shard-b'), 'elsewhere');
    for (const name of names) {
      await mkdir(path.dirname(path.join(rootA, name)), { recursive: true });
      await writeFile(path.join(rootA, name), 'x');
    }
    for (const name of [...names].reverse()) {
      await mkdir(path.dirname(path.join(rootB, name)), { recursive: true });
      await writeFile(path.join(rootB, name), 'x');
    }
    const [a, b] = [await scanRecordings(rootA), await scanRecordings(rootB)];
    for (let index = 0; index < 3; index++) {
      const fromA = selectShard(a.recordings, { index, count: 3 }).map((r) => r.relPath).sort();
      const fromB = selectShard([...b.recordings].reverse(), { index, count: 3 }).map((r) => r.relPath).sort();
      expect(fromB).toEqual(fromA);
      expect(fromA).toEqual(names.filter((name) => shardOf(name, 3) === index).sort());
    }
  });
});

describe('parseShard and the shard key', () => {
  it('parses K/N and refuses anything else', () => {
    expect(parseShard('2/5')).toEqual({ index: 2, count: 5 });
    expect(formatShard({ index: 2, count: 5 })).toBe('2/5');
    for (const bad of ['5/5', '1/0', 'auto/4', '-1/3', '1/3x']) expect(() => parseShard(bad)).toThrow(/not K\/N/);
  });

  it('validates --shard in the configuration: K/N or auto/N, K below N', () => {
    const load = (shard: string): string | undefined =>
      loadRunOptions({ flags: { shard }, env: {}, cwd: '/', inputDir: 'in', outDir: 'out' }).shard;
    expect(load('0/4')).toBe('0/4');
    expect(load('auto/4')).toBe('auto/4');
    expect(load('007/8')).toBe('7/8');
    expect(() => load('4/4')).toThrow('--shard: "shard" is "4/4"; expected K/N with 0 ≤ K < N ≤ 100000, or auto/N. Fix: pass --shard "0/4" (the first of 4 shards) or "auto/4".');
    expect(() => load('all')).toThrow(/expected K\/N/);
  });
});

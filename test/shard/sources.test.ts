/**
 * What merge compares is run.json, built from the key table: shards that chose their recordings
 * with other `selection` keys (include, exclude, or a key added to the table) are refused, naming
 * the key; shards that chose alike are taken. No process spawned: the outputs are written here.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/config/resolve.js';
import { KEYS, type ConfigKey, type KeySpec } from '../../src/config/keys.js';
import { runRecord } from '../../src/pipeline/recording/state.js';
import { MANIFEST_FILE, SUMMARY_FILE } from '../../src/run-output/layout.js';
import { writeRunRecord } from '../../src/run-output/run-record.js';
import { readShardSources } from '../../src/shard/sources.js';
import { shardOf } from '../../src/shard/select.js';
import { removeTempDirs, tempDir } from '../helpers/index.js';

afterAll(removeTempDirs);

const defaults = resolveOptions({ inputDir: '/in', outDir: '/out' });
const RECORDINGS = ['a.wav', 'b.wav', 'c.wav', 'd/e.wav', 'f.wav', 'g.wav'];

/** A finished shard output `index`/2 made with `change` (and the key table `keys`). */
async function shardOutput(
  root: string,
  name: string,
  index: number,
  change: Record<string, unknown>,
  keys?: readonly KeySpec[],
): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  for (const file of [MANIFEST_FILE, SUMMARY_FILE]) await writeFile(path.join(dir, file), '');
  const mine = RECORDINGS.filter((relPath) => shardOf(relPath, 2) === index);
  await writeRunRecord(
    dir,
    runRecord({ ...defaults, ...change } as typeof defaults, 'embedded:scripted', mine, `${index}/2`, undefined, keys),
  );
  return dir;
}

describe('merge compares the keys that chose the recordings', () => {
  it('takes shards made with the same patterns', async () => {
    const root = await tempDir('sources');
    expect(RECORDINGS.map((relPath) => shardOf(relPath, 2))).toContain(0);
    expect(RECORDINGS.map((relPath) => shardOf(relPath, 2))).toContain(1);
    const patterns = { include: ['**/*.wav'], exclude: ['drafts'] };
    const sources = await readShardSources([await shardOutput(root, 's1', 1, patterns), await shardOutput(root, 's0', 0, patterns)]);
    expect(sources.map((source) => [source.record.shard, source.record.options['include'], source.record.options['exclude']]))
      .toEqual([['0/2', ['**/*.wav'], ['drafts']], ['1/2', ['**/*.wav'], ['drafts']]]);
  });

  it.each([
    ['include on one shard only', {}, { include: ['**/*.wav'] }, 'include: ["**/*.wav"] vs unset'],
    ['other excludes', { exclude: ['drafts'] }, { exclude: ['tmp'] }, 'exclude: ["tmp"] vs ["drafts"]'],
  ])('refuses shards that chose differently: %s', async (_name, first, second, difference) => {
    const root = await tempDir('sources');
    const s0 = await shardOutput(root, 's0', 0, first);
    const s1 = await shardOutput(root, 's1', 1, second);
    await expect(readShardSources([s0, s1])).rejects.toMatchObject({
      code: 'E_MERGE',
      message: `${s1}: made with different options than ${s0} (${difference}); every shard must run with the same service and clip options and choose its recordings the same way`,
    });
  });

  it('refuses shards that differ in a key the table adds as choosing the recordings, with no change to merge', async () => {
    const dummy: KeySpec = {
      key: 'dummyOption' as ConfigKey, type: { kind: 'int', min: 0 }, default: 0, env: [], flag: 'dummy-option', description: 'test',
      group: 'input', affects: 'selection', appliesTo: 'library',
    };
    const root = await tempDir('sources');
    const s0 = await shardOutput(root, 's0', 0, { dummyOption: 1 }, [...KEYS, dummy]);
    const s1 = await shardOutput(root, 's1', 1, { dummyOption: 2 }, [...KEYS, dummy]);
    await expect(readShardSources([s0, s1])).rejects.toMatchObject({
      code: 'E_MERGE',
      message: expect.stringContaining('(dummyOption: 2 vs 1)') as unknown,
    });
    // The same values without the key in the table: nothing records them, the shards merge.
    const t0 = await shardOutput(root, 't0', 0, { dummyOption: 1 });
    const t1 = await shardOutput(root, 't1', 1, { dummyOption: 2 });
    expect(await readShardSources([t0, t1])).toHaveLength(2);
  });
});

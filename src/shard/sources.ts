/**
 * Reading and checking the shard outputs given to `dictclip merge`: each must be a finished
 * sharded run (run.json), all of one N with every index 0 … N-1 exactly once, made with the same
 * options (run.json's run fingerprint: what the key table says changes the output or chooses the
 * recordings), each holding only recordings of its own shard. Anything else is refused with
 * `E_MERGE` naming the source.
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { DictclipError } from '../errors.js';
import { DERIVED_DIRS, FAILURES_FILE, INTERNAL_DIR, MANIFEST_FILE, RECORDING_DIRS, REQUIRED_FILES, RUN_RECORD_FILE, SKIPPED_FILE, SUMMARY_FILE } from '../run-output/layout.js';
import { readRunRecord, type RunRecord } from '../run-output/run-record.js';
import { formatShard, parseShard, shardOf, type ShardSpec } from './select.js';

/** Top-level entries of a run output that merge understands (others are refused). */
const RUN_FILES = [MANIFEST_FILE, FAILURES_FILE, SUMMARY_FILE, SKIPPED_FILE, RUN_RECORD_FILE] as const;
const RUN_FOLDERS = [...RECORDING_DIRS, INTERNAL_DIR] as const;
/** Made from the rest of a run output: not merged (`dictclip merge` builds the merged output's report anew). */
const DERIVED_FOLDERS = DERIVED_DIRS;

/** A checked shard output. */
export interface ShardSource {
  dir: string;
  record: RunRecord;
  shard: ShardSpec;
}

function refuse(source: string, message: string): DictclipError {
  return new DictclipError('E_MERGE', `${source}: ${message}`, { path: source });
}

async function readSource(dir: string): Promise<ShardSource> {
  const stats = await stat(dir).catch(() => undefined);
  if (stats?.isDirectory() !== true) throw refuse(dir, 'not a folder');
  const record = await readRunRecord(dir);
  if (record === undefined) {
    throw refuse(dir, `no readable ${RUN_RECORD_FILE}: not a finished dictclip run (still running, interrupted, or made before run.json existed); run it again to finish it`);
  }
  if (record.shard === null) throw refuse(dir, 'not a shard output (made without --shard K/N)');
  const known = new Set<string>([...RUN_FILES, ...RUN_FOLDERS, ...DERIVED_FOLDERS]);
  for (const name of await readdir(dir)) {
    if (!known.has(name)) {
      throw refuse(dir, `holds ${JSON.stringify(name)}, which is not a run output merge knows (${[...RUN_FILES, ...RUN_FOLDERS, ...DERIVED_FOLDERS].join(', ')}); ` +
        'reports and exports are made from a run output: move it away, merge, then make it from the merged output');
    }
  }
  for (const name of REQUIRED_FILES) {
    if ((await stat(path.join(dir, name)).catch(() => undefined))?.isFile() !== true) throw refuse(dir, `${name} is missing`);
  }
  return { dir, record, shard: parseShard(record.shard) };
}

/** The readable options that differ between two records, as `key: a vs b`. */
function optionDifferences(a: RunRecord, b: RunRecord): string {
  const keys = [...new Set([...Object.keys(a.options), ...Object.keys(b.options)])].sort();
  const show = (value: unknown): string => (value === undefined ? 'unset' : JSON.stringify(value));
  const diffs = keys.flatMap((key) => {
    const x = (a.options as Record<string, unknown>)[key];
    const y = (b.options as Record<string, unknown>)[key];
    return JSON.stringify(x) === JSON.stringify(y) ? [] : [`${key}: ${show(y)} vs ${show(x)}`];
  });
  return diffs.length > 0 ? diffs.join(', ') : 'options this version of dictclip cannot name';
}

/**
 * Read and check every shard output, returned in shard order.
 * @throws DictclipError `E_MERGE` naming the first offending source.
 */
export async function readShardSources(dirs: readonly string[]): Promise<ShardSource[]> {
  if (dirs.length === 0) throw new DictclipError('E_MERGE', 'no shard output given');
  const sources: ShardSource[] = [];
  const seen = new Map<string, string>();
  for (const dir of dirs.map((d) => path.resolve(d))) {
    const real = await realpath(dir).catch(() => dir);
    const twice = seen.get(real);
    if (twice !== undefined) throw refuse(dir, `given twice (same folder as ${twice})`);
    seen.set(real, dir);
    sources.push(await readSource(dir));
  }
  const [first] = sources;
  if (first === undefined) throw new DictclipError('E_MERGE', 'no shard output given');
  const byIndex = new Map<number, ShardSource>();
  for (const source of sources) {
    if (source.shard.count !== first.shard.count) {
      throw refuse(source.dir, `is shard ${formatShard(source.shard)} but ${first.dir} is ${formatShard(first.shard)}: made with different shard counts`);
    }
    const other = byIndex.get(source.shard.index);
    if (other !== undefined) throw refuse(source.dir, `is shard ${formatShard(source.shard)}, like ${other.dir}: overlapping outputs`);
    byIndex.set(source.shard.index, source);
    if (source.record.optionsFingerprint !== first.record.optionsFingerprint) {
      throw refuse(source.dir, `made with different options than ${first.dir} (${optionDifferences(first.record, source.record)}); ` +
        'every shard must run with the same service and clip options and choose its recordings the same way');
    }
    for (const relPath of source.record.recordings) {
      const owner = shardOf(relPath, source.shard.count);
      if (owner !== source.shard.index) {
        throw refuse(source.dir, `holds ${JSON.stringify(relPath)}, which belongs to shard ${owner}/${source.shard.count}, ` +
          `not ${formatShard(source.shard)}: overlapping outputs (a folder reused for another shard?)`);
      }
    }
  }
  const missing = Array.from({ length: first.shard.count }, (_, index) => index).filter((index) => !byIndex.has(index));
  if (missing.length > 0) {
    throw new DictclipError('E_MERGE',
      `missing shard output${missing.length === 1 ? '' : 's'} ${missing.map((index) => `${index}/${first.shard.count}`).join(', ')}: ` +
      `merge needs all ${first.shard.count} shards of the run`);
  }
  return [...byIndex.values()].sort((a, b) => a.shard.index - b.shard.index);
}

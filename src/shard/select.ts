/**
 * Which recordings a sharded run processes. Shard K of N holds the recordings whose path relative
 * to the input folder (with `/` separators), hashed with SHA-256, has its first 8 bytes, read as
 * an unsigned big-endian integer, equal to K modulo N. The relative path is the whole input: the
 * same on every machine, whatever the absolute root or the directory listing order, so N
 * independent processes given `0/N` … `N-1/N` cover every recording exactly once.
 */
import { DictclipError } from '../errors.js';
import { sha256 } from '../files.js';

/** Shard `index` (0-based) of `count`. */
export interface ShardSpec {
  index: number;
  count: number;
}

/**
 * Parse `K/N` (0 ≤ K < N). `auto/N` is not accepted here: the command line resolves it from the
 * batch engine's environment before the library sees it.
 * @throws DictclipError `E_CONFIG` for anything else.
 */
export function parseShard(text: string): ShardSpec {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || !(count >= 1) || !(index < count)) {
    throw new DictclipError('E_CONFIG', `shard "${text}" is not K/N with 0 ≤ K < N (auto/N is resolved by the command line)`, { key: 'shard' });
  }
  return { index, count };
}

/** `K/N`. */
export function formatShard(shard: ShardSpec): string {
  return `${shard.index}/${shard.count}`;
}

/** The shard (0 … count-1) of a recording, from its path relative to the input folder. */
export function shardOf(relPath: string, count: number): number {
  return Number(BigInt(`0x${sha256(relPath).slice(0, 16)}`) % BigInt(count));
}

/** The recordings of `shard`, in their order; all of them when `shard` is undefined. */
export function selectShard<T extends { relPath: string }>(recordings: readonly T[], shard: ShardSpec | undefined): T[] {
  if (shard === undefined) return [...recordings];
  return recordings.filter((recording) => shardOf(recording.relPath, shard.count) === shard.index);
}

/** Scale-out: sizing shards, resolving `--shard auto/N`, merging shard outputs (reads run outputs). */
export { mergeShards, type MergeResult } from './merge.js';
export { resolveShard, SHARD_ENGINES } from './env.js';
export { shardSizes, type ShardSize } from './sizes.js';

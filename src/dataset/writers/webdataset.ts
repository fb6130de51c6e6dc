/**
 * WebDataset: `<split>/shard-000000.tar`, `shard-000001.tar` … (train, dev, test), `--shard-size`
 * samples per tar. A sample is three consecutive members sharing its key (the clip id, which has
 * no dot, so the key is everything before the extension): `<key>.wav` (the clip), `<key>.json`
 * (text and metadata, with the clip's sample_rate and channels) and `<key>.txt` (the text). Tar headers are fixed (mtime 0, uid/gid 0, mode
 * 0644, no user names) so equal content gives equal bytes.
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { DictclipError } from '../../errors.js';
import type { Pack } from 'tar-stream';
import { PerSplit } from '../sample.js';
import type { Commit, FormatWriter, Sample, WriterContext } from '../sample.js';
import type { SplitName } from '../splits.js';

const HEADER = { mtime: new Date(0), mode: 0o644, uid: 0, gid: 0, uname: '', gname: '', type: 'file' as const };

/** Name of shard `n`: `shard-000000.tar`. */
function shardName(n: number): string {
  return `shard-${String(n).padStart(6, '0')}.tar`;
}

class ShardWriter {
  #pack: Pack | undefined;
  #done: Promise<void> | undefined;
  #inShard = 0;
  #shards = 0;
  #failed: unknown;

  constructor(private readonly dir: string, private readonly shardSize: number) {}

  async #open(): Promise<Pack> {
    if (this.#pack !== undefined && this.#inShard < this.shardSize) return this.#pack;
    await this.close();
    await mkdir(this.dir, { recursive: true });
    const pack = tar.pack();
    // Large write batches: a shard is thousands of small members, each a header, data and padding.
    this.#done = pipeline(pack, createWriteStream(path.join(this.dir, shardName(this.#shards)), { highWaterMark: 1 << 20 }));
    // A failed write (a full disk) destroys the pack: the failure is kept, each later entry rejects
    // with it (an entry on a destroyed pack would emit an error nobody listens to), close() throws it.
    this.#done.catch((error: unknown) => {
      this.#failed ??= error;
    });
    this.#shards += 1;
    this.#inShard = 0;
    this.#pack = pack;
    return pack;
  }

  async add(key: string, wav: Buffer, json: string, text: string): Promise<void> {
    const pack = await this.#open();
    for (const [name, data] of [[`${key}.wav`, wav], [`${key}.json`, Buffer.from(json)], [`${key}.txt`, Buffer.from(text)]] as const) {
      if (this.#failed !== undefined) throw this.#failed;
      await Promise.race([entryBuffer(pack, name, data), this.#done]);
    }
    this.#inShard += 1;
  }

  async close(): Promise<void> {
    if (this.#pack === undefined) return;
    this.#pack.finalize();
    await this.#done;
    this.#pack = undefined;
  }
}

/**
 * A clip's bytes. Read synchronously: clips are small, and one blocking read costs a fraction of
 * the four thread-pool round trips (open, fstat, read, close) of an asynchronous one.
 */
function readClip(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new DictclipError('E_INPUT', `cannot read clip ${file}: ${(error as Error).message}`, { path: file, cause: error });
  }
}

function entryBuffer(pack: Pack, name: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const sink = pack.entry({ ...HEADER, name, size: data.length }, data, (error) => (error ? reject(error) : resolve()));
    sink.on('error', reject);
  });
}

export function createWebDatasetWriter(ctx: WriterContext): FormatWriter {
  const shards = new PerSplit((split: SplitName) => Promise.resolve(new ShardWriter(path.join(ctx.dir, split), ctx.shardSize)));
  return {
    async add(sample: Sample): Promise<Commit> {
      // Clips are read as they are added (a bounded window ahead, see exportDataset), then written in order.
      const wav = readClip(sample.clipPath);
      const r = sample.row;
      const json = JSON.stringify({
        text: r.text,
        speaker: sample.group,
        source: r.source,
        start_ms: r.start_ms,
        end_ms: r.end_ms,
        duration_ms: r.duration_ms,
        sample_rate: sample.audio.sampleRate,
        channels: sample.audio.channels,
        kind: r.kind,
        flags: r.flags,
        split: sample.split,
      });
      return async () => (await shards.get(sample.split)).add(sample.id, wav, json, r.text);
    },
    async finish(): Promise<void> {
      for (const [, writer] of shards.entries()) await writer.close();
    },
  };
}

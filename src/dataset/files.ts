/** Output helpers of the export writers: audio placed by hard link (else copy), streamed text files. */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { copyFile, link, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import type { Gzip } from 'node:zlib';
import { DictclipError } from '../errors.js';

/** Errors of link(2) that mean "this filesystem or pair of folders cannot hard-link": copy instead. */
const NO_LINK = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS']);

/** Places clip files in an export: a hard link where the filesystem allows, else a copy. */
export class AudioPlacer {
  readonly #made = new Set<string>();
  #canLink = true;

  /** How many files were linked and copied. */
  readonly counts = { linked: 0, copied: 0 };

  async place(source: string, target: string): Promise<void> {
    const dir = path.dirname(target);
    if (!this.#made.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.#made.add(dir);
    }
    try {
      if (this.#canLink) {
        try {
          await link(source, target);
          this.counts.linked += 1;
          return;
        } catch (error) {
          if (!NO_LINK.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
          this.#canLink = false;
        }
      }
      await copyFile(source, target);
      this.counts.copied += 1;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new DictclipError(code === 'ENOENT' ? 'E_INPUT' : 'E_OUTPUT', `cannot place clip ${source} at ${target}: ${(error as Error).message}`, { path: source, cause: error });
    }
  }
}

/** Text gathered before one write to the stream: a zlib or fs call per line costs more than the line. */
const BATCH_CHARS = 64 * 1024;

/**
 * A text file written line by line with backpressure, optionally gzip-compressed (node:zlib; the
 * gzip header carries no time stamp, so equal content gives equal bytes). Lines are gathered into
 * batches of about 64 KiB before they reach the stream; the bytes are the same as line by line.
 */
export class LineWriter {
  readonly #file: WriteStream;
  readonly #head: WriteStream | Gzip;
  #failure: Error | undefined;
  #batch: string[] = [];
  #batchChars = 0;

  private constructor(file: WriteStream, head: WriteStream | Gzip) {
    this.#file = file;
    this.#head = head;
    const fail = (error: Error): void => { this.#failure ??= error; };
    file.on('error', fail);
    if (head !== file) head.on('error', fail);
  }

  /** Open `file` (its folder is created) for writing; `gzip` compresses. */
  static async open(file: string, options: { gzip?: boolean } = {}): Promise<LineWriter> {
    await mkdir(path.dirname(file), { recursive: true });
    const stream = createWriteStream(file);
    if (options.gzip !== true) return new LineWriter(stream, stream);
    const gzip = createGzip({ level: 6 });
    gzip.pipe(stream);
    return new LineWriter(stream, gzip);
  }

  /** Write `text` as is (add the newline yourself); waits while the stream is full. */
  async write(text: string): Promise<void> {
    if (this.#failure !== undefined) throw this.#failure;
    this.#batch.push(text);
    this.#batchChars += text.length;
    if (this.#batchChars >= BATCH_CHARS) await this.#flush();
  }

  async #flush(): Promise<void> {
    if (this.#batch.length === 0) return;
    const text = this.#batch.join('');
    this.#batch = [];
    this.#batchChars = 0;
    if (!this.#head.write(text)) await once(this.#head, 'drain');
  }

  /** Finish the file. */
  async close(): Promise<void> {
    if (this.#failure === undefined) await this.#flush();
    const finished = once(this.#file, 'close');
    this.#head.end();
    await finished;
    if (this.#failure !== undefined) throw this.#failure;
  }
}

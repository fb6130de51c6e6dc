/**
 * Uploaded audio: `<dataDir>/audio/<tenant>/<id>.audio` (the bytes) and `<id>.json` (content type,
 * size; written last, so its presence means the upload is complete). Uploads are streamed to
 * `<id>.tmp` and renamed; the byte count is checked while streaming, never holding the body.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { DictclipError } from '../errors.js';
import { newId, readJsonFile, writeFileAtomic } from './fs-util.js';

export interface AudioMeta {
  contentType: string;
  bytes: number;
  createdTime: number;
}

/** Raised by {@link AudioStore.save} when more than `maxBytes` arrived. */
export class UploadTooLargeError extends DictclipError {
  constructor(maxBytes: number) {
    super('E_INPUT', `The upload is larger than the limit of ${maxBytes} bytes.`);
  }
}

export class AudioStore {
  readonly #root: string;

  constructor(dataDir: string) {
    this.#root = join(dataDir, 'audio');
  }

  /** Path of the stored bytes of an upload. */
  path(tenant: string, id: string): string {
    return join(this.#root, tenant, `${id}.audio`);
  }

  /** Metadata of an upload, or undefined when it does not exist (or is incomplete). */
  async meta(tenant: string, id: string): Promise<AudioMeta | undefined> {
    return (await readJsonFile(join(this.#root, tenant, `${id}.json`)).catch(() => undefined)) as AudioMeta | undefined;
  }

  /**
   * Stream a body into a new upload; rejects with UploadTooLargeError as soon as more than `maxBytes`
   * arrived (partial file removed; the rest of the body is left unread for the caller to discard).
   */
  async save(tenant: string, contentType: string, body: Readable, maxBytes: number): Promise<string> {
    const id = newId();
    const temp = join(this.#root, tenant, `${id}.tmp`);
    await mkdir(join(this.#root, tenant), { recursive: true });
    let bytes = 0;
    const out = createWriteStream(temp);
    // A write still pending when the stream is destroyed reports an error: keep it from going uncaught.
    out.on('error', () => undefined);
    try {
      // Not `pipeline(body, …)`: that would destroy the request (and its socket) before the 413 is sent.
      for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > maxBytes) throw new UploadTooLargeError(maxBytes);
        if (!out.write(chunk)) await once(out, 'drain');
      }
      out.end();
      await finished(out);
    } catch (error) {
      if (!out.closed) {
        const closed = once(out, 'close').catch(() => undefined);
        out.destroy();
        await closed;
      }
      await rm(temp, { force: true });
      if (error instanceof UploadTooLargeError) throw error;
      throw new DictclipError('E_INPUT', `The upload did not complete: ${(error as Error).message}`, { cause: error });
    }
    await this.#commit(tenant, id, temp, { contentType, bytes, createdTime: Date.now() });
    return id;
  }

  /** Copy a local file into a new upload (WebSocket dictations). */
  async importFile(tenant: string, contentType: string, source: string): Promise<string> {
    const id = newId();
    const temp = join(this.#root, tenant, `${id}.tmp`);
    await mkdir(join(this.#root, tenant), { recursive: true });
    try {
      await copyFile(source, temp);
      const { size } = await stat(temp);
      await this.#commit(tenant, id, temp, { contentType, bytes: size, createdTime: Date.now() });
    } catch (error) {
      await rm(temp, { force: true });
      throw new DictclipError('E_INPUT', `Cannot store the audio: ${(error as Error).message}`, { path: source, cause: error });
    }
    return id;
  }

  /** Readable stream of an upload's bytes. */
  open(tenant: string, id: string): Readable {
    return createReadStream(this.path(tenant, id));
  }

  async #commit(tenant: string, id: string, temp: string, meta: AudioMeta): Promise<void> {
    await rename(temp, this.path(tenant, id));
    await writeFileAtomic(join(this.#root, tenant, `${id}.json`), JSON.stringify(meta));
  }
}

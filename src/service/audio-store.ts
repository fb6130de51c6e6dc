/**
 * Uploaded audio: `<dataDir>/audio/<tenant>/<id>.audio` (the bytes) and `<id>.json` (content type,
 * size; written last, so its presence means the upload is complete). Uploads are streamed to a
 * temp file and renamed; the byte count is checked while streaming, never holding the body.
 *
 * Ids are content-addressed (SHA-256 of tenant, content type and bytes): uploading the same audio
 * twice — a client retrying an upload whose answer it lost, or a rerun — yields the same audio and
 * so, through idempotent creation, the same dictation id. Reruns give byte-identical manifests.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { containerOf } from '../upload-audio.js';
import { DictclipError } from '../errors.js';
import { writeFileAtomic } from '../files.js';
import { newId } from './ids.js';
import { readJsonFile } from './json-file.js';
import { FILE_MODE, makePrivateDir } from './private-files.js';
import { sweepUploadTemps, uploadTempName } from './upload-temps.js';

/** Bytes of an upload's start kept to check its container. */
const HEAD_BYTES = 12;

function audioHash(tenant: string, contentType: string): ReturnType<typeof createHash> {
  return createHash('sha256').update(`audio\0${tenant}\0${contentType}\0`);
}

export interface AudioMeta {
  contentType: string;
  bytes: number;
  createdTime: number;
}

/** Raised by {@link AudioStore.save} when the bytes do not start as the declared container does. */
export class UploadContentError extends DictclipError {
  constructor(contentType: string, signature: string) {
    super('E_UNSUPPORTED_MEDIA_TYPE', `The upload is not ${contentType}: its bytes do not start with ${signature}. Send the audio with the Content-Type of its real format.`);
  }
}

/** Raised by {@link AudioStore.save} when more than `maxBytes` arrived. */
export class UploadTooLargeError extends DictclipError {
  constructor(maxBytes: number) {
    super('E_TOO_LARGE', `The upload is larger than the limit of ${maxBytes} bytes.`);
  }
}

/** Raised by {@link AudioStore.save} when an upload would take a tenant's stored audio past `maxStoredBytes`. */
export class StorageQuotaError extends DictclipError {
  constructor(readonly maxStoredBytes: number, readonly storedBytes: number) {
    super('E_TOO_LARGE', `Storing this upload would take your stored audio past the limit of ${maxStoredBytes} bytes (${storedBytes} bytes stored); nothing was stored. Ask the service's operator to free space or raise the limit.`);
  }
}

export class AudioStore {
  readonly #root: string;
  readonly #maxStoredBytes: number;
  /** Bytes of stored audio per tenant (read from disk once, then kept up to date; reserved before a rename). */
  readonly #stored = new Map<string, Promise<{ bytes: number }>>();

  constructor(dataDir: string, maxStoredBytes = Number.POSITIVE_INFINITY) {
    this.#root = join(dataDir, 'audio');
    this.#maxStoredBytes = maxStoredBytes;
  }

  #usage(tenant: string): Promise<{ bytes: number }> {
    let usage = this.#stored.get(tenant);
    if (usage === undefined) {
      usage = storedBytes(join(this.#root, tenant)).then((bytes) => ({ bytes }));
      this.#stored.set(tenant, usage);
    }
    return usage;
  }

  /** Remove partial uploads a killed process left (see upload-temps.ts); returns how many. */
  sweepStaleTemps(): Promise<number> {
    return sweepUploadTemps(this.#root);
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
   * arrived (partial file removed; the rest of the body is left unread for the caller to discard),
   * and with UploadContentError when the whole body does not start as its Content-Type's container
   * (`containerOf`): a playlist or any other file sent as audio is never stored; with
   * StorageQuotaError when new audio would take the tenant's stored bytes past `maxStoredBytes`.
   */
  async save(tenant: string, contentType: string, body: Readable, maxBytes: number): Promise<string> {
    const container = containerOf(contentType);
    if (container === undefined) throw new UploadContentError(contentType, 'a known audio container');
    let head = Buffer.alloc(0);
    const temp = join(this.#root, tenant, uploadTempName(newId()));
    await makePrivateDir(join(this.#root, tenant));
    const usage = await this.#usage(tenant);
    let bytes = 0;
    const hash = audioHash(tenant, contentType);
    const out = createWriteStream(temp, { mode: FILE_MODE });
    // A write still pending when the stream is destroyed reports an error: keep it from going uncaught.
    out.on('error', () => undefined);
    try {
      // Not `pipeline(body, …)`: that would destroy the request (and its socket) before the 413 is sent.
      for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > maxBytes) throw new UploadTooLargeError(maxBytes);
        if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        hash.update(chunk);
        if (!out.write(chunk)) await once(out, 'drain');
      }
      out.end();
      await finished(out);
      if (!container.matches(head)) throw new UploadContentError(contentType.split(';')[0]?.trim() ?? contentType, container.signature);
    } catch (error) {
      if (!out.closed) {
        const closed = once(out, 'close').catch(() => undefined);
        out.destroy();
        await closed;
      }
      await rm(temp, { force: true });
      if (error instanceof UploadTooLargeError || error instanceof UploadContentError || error instanceof StorageQuotaError) throw error;
      throw new DictclipError('E_INPUT', `The upload did not complete: ${(error as Error).message}`, { cause: error });
    }
    return this.#commit(tenant, idOf(hash), temp, { contentType, bytes, createdTime: Date.now() }, usage);
  }

  /** Store a local file as an upload (WebSocket dictations): one read, hashed while copied. */
  importFile(tenant: string, contentType: string, source: string): Promise<string> {
    return this.save(tenant, contentType, createReadStream(source), Number.POSITIVE_INFINITY);
  }

  /** Readable stream of an upload's bytes. */
  open(tenant: string, id: string): Readable {
    return createReadStream(this.path(tenant, id));
  }

  /** Move a complete temp file into place under its content id (already there: keep the first). */
  async #commit(tenant: string, id: string, temp: string, meta: AudioMeta, usage: { bytes: number }): Promise<string> {
    if ((await this.meta(tenant, id)) !== undefined) {
      await rm(temp, { force: true });
      return id;
    }
    // Checked once the bytes are known (audio already stored costs nothing; in flight an upload is
    // bounded by maxBytes) and reserved in one step: uploads finishing together cannot both slip under.
    if (usage.bytes + meta.bytes > this.#maxStoredBytes) {
      await rm(temp, { force: true });
      throw new StorageQuotaError(this.#maxStoredBytes, usage.bytes);
    }
    usage.bytes += meta.bytes;
    try {
      await rename(temp, this.path(tenant, id));
    } catch (error) {
      usage.bytes -= meta.bytes;
      throw error;
    }
    await writeFileAtomic(join(this.#root, tenant, `${id}.json`), JSON.stringify(meta), { mode: FILE_MODE });
    return id;
  }
}

/** Total size of the stored audio (`*.audio`) in a tenant's folder; 0 when it does not exist. */
async function storedBytes(dir: string): Promise<number> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.audio'));
  const sizes = await Promise.all(names.map(async (name) => (await stat(join(dir, name)).catch(() => undefined))?.size ?? 0));
  return sizes.reduce((sum, size) => sum + size, 0);
}

function idOf(hash: ReturnType<typeof createHash>): string {
  return hash.digest('base64url').slice(0, 22);
}
